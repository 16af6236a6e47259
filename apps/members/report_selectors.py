"""The member reports' reads of members (apps/reports/definitions/members.py): the members filed in
stores, their masked phones in SQL (so a member list stays a queryset the report framework pages and
streams), the names of their master-list codes, birthdays in a range. Member visits are billing's
(apps.billing.orders.member_visits) and cards are the cards app's (apps.cards.member_figures)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.db.models import Case, CharField, Func, IntegerField, Q, QuerySet, Value, When
from django.db.models.functions import Concat, ExtractDay, ExtractMonth, Left, Length, Right
from django.utils import timezone

from apps.masterdata.choices import MasterType
from apps.masterdata.selectors import master_items
from apps.members.choices import MemberStatus, PointsKind
from apps.members.models import Member, MemberLabel, PointsEntry
from apps.org.models import OrgUnit


def day_start(day: date) -> datetime:
    """The start of `day` in the project's time zone (members' `created_at` is a moment, reports' days are local)."""
    return timezone.make_aware(datetime.combine(day, time.min))


def filed_between(date_from: date, date_to: date, field: str = "created_at") -> Q:
    """Members filed (or anything timed by `field`) on the days from `date_from` to `date_to`, inclusive."""
    return Q(**{f"{field}__gte": day_start(date_from), f"{field}__lt": day_start(date_to + timedelta(days=1))})


def members_of_stores(store_ids: tuple[int, ...] | frozenset[int]) -> QuerySet[Member]:
    """The active (not cancelled, not merged) members whose home store is one of `store_ids`."""
    return Member.objects.filter(home_store_id__in=store_ids, status=MemberStatus.ACTIVE)


def masked_phone_sql(field: str = "phone") -> Case:
    """apps.core.phones.mask_phone in SQL: 11 digits keep 3 and 4, 8 digits keep 2 and 2, any other
    length only its last 2."""
    phone = Func(field, function="BTRIM")
    stars = Value("****")
    return Case(
        When(**{f"{field}": ""}, then=Value("")),
        When(Q(**{f"{field}__regex": r"^\s*.{11}\s*$"}), then=Concat(Left(phone, 3), stars, Right(phone, 4))),
        When(Q(**{f"{field}__regex": r"^\s*.{8}\s*$"}), then=Concat(Left(phone, 2), stars, Right(phone, 2))),
        When(Q(**{f"{field}__regex": r"^\s*.{1,2}\s*$"}), then=Func(Value("*"), Length(phone), function="REPEAT")),
        default=Concat(
            Func(Value("*"), Length(phone) - 2, function="REPEAT", output_field=CharField()), Right(phone, 2)
        ),
        output_field=CharField(),
    )


def master_names(kind: MasterType) -> dict[str, str]:
    """code -> name of a master list (member source, gender...), in the request's language."""
    return {item["code"]: item["name"] for item in master_items(type=kind)}


def source_names() -> dict[str, str]:
    return master_names(MasterType.MEMBER_SOURCE)


def gender_names() -> dict[str, str]:
    return master_names(MasterType.GENDER)


def label_names() -> dict[int, str]:
    return dict(MemberLabel.objects.values_list("id", "name"))


def store_names(store_ids: tuple[int, ...] | frozenset[int]) -> dict[int, str]:
    return dict(OrgUnit.objects.filter(pk__in=store_ids).values_list("id", "name"))


def points_entries(
    *, store_ids: tuple[int, ...] | frozenset[int], date_from: date, date_to: date
) -> QuerySet[PointsEntry]:
    """Points given and used in the stores on the days of the range (points_entry_store_time)."""
    return PointsEntry.objects.filter(store_id__in=store_ids).filter(filed_between(date_from, date_to))


POINTS_GIVEN = Q(kind=PointsKind.EARN)
POINTS_USED = Q(kind=PointsKind.SPEND)


def birthday_between(date_from: date, date_to: date) -> Q:
    """Members whose birthday (month and day) falls on a day from `date_from` to `date_to`: a range
    over a year end wraps; at most a year's range, so every day is one (month, day) pair."""
    days: set[tuple[int, int]] = set()
    day = date_from
    while day <= date_to and len(days) < 366:
        days.add((day.month, day.day))
        day += timedelta(days=1)
    if len(days) >= 366:
        return Q(birthday__isnull=False)
    pairs = Q()
    for month in sorted({month for month, _day in days}):
        pairs |= Q(birthday_month=month, birthday_day__in=sorted(d for m, d in days if m == month))
    return pairs


def with_birthday_parts(members: QuerySet[Member]) -> QuerySet[Member]:
    return members.annotate(
        birthday_month=ExtractMonth("birthday", output_field=IntegerField()),
        birthday_day=ExtractDay("birthday", output_field=IntegerField()),
    )
