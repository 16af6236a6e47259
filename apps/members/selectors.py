"""Reads of the members area: the chain-wide member search (spec §4, §5), the store's member list,
the member file, points ledgers and cancellation requests. Every answer masks phones (spec §6)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date, datetime, time, timedelta
from typing import Any, TypedDict

from django.db import connection
from django.db.models import BooleanField, F, Prefetch, QuerySet
from django.db.models.expressions import RawSQL
from django.utils import timezone

from apps.core.audit import operator_name
from apps.core.phones import mask_phone, shown_fragment_q
from apps.masterdata.choices import MasterType
from apps.masterdata.selectors import master_items
from apps.members.choices import (
    FUZZY_NAME_MIN_LENGTH,
    SEARCH_RESULT_LIMIT,
    CancellationStatus,
    MemberAreaCode,
    MemberStatus,
    PointsKind,
)
from apps.members.models import CancellationRequest, Member, MemberLabel, PointsEntry
from apps.members.name_grams import name_grams, normalised
from apps.members.rules import DIGITS, SearchForm, check_fuzzy_form
from apps.org.models import OrgUnit


class MemberRow(TypedDict):
    """A member found by a search (MemberRowOutputSerializer); the phone is masked."""

    memId: int
    name: str
    phone: str
    areaCode: str
    crmCode: str
    dependencyStore: str
    dependencyStoreId: int
    myself: bool


class MemberLabelRef(TypedDict):
    """A label on a member's row (MemberLabelRefOutputSerializer)."""

    id: int
    name: str
    color: str


class MemberLabelRow(MemberLabelRef):
    """An enabled label to choose from (MemberLabelOutputSerializer)."""

    groupName: str


class MemberListRow(MemberRow):
    """A row of the store's member list (MemberListRowOutputSerializer)."""

    gender: str
    genderName: str
    birthday: date | None
    cardNo: str
    source: str
    sourceName: str
    points: int
    labels: list[MemberLabelRef]
    createdAt: datetime
    lastVisitAt: datetime | None


class IntroducerRef(TypedDict):
    """IntroducerOutputSerializer."""

    memId: int
    name: str


class MemberFileRow(MemberListRow):
    """A member's file (MemberFileOutputSerializer)."""

    occupation: str
    occupationName: str
    income: str
    incomeName: str
    education: str
    educationName: str
    maritalStatus: str
    maritalStatusName: str
    introducer: IntroducerRef | None
    smsConsent: bool
    remark: str
    status: str
    updatedAt: datetime


class SmsConsentRow(TypedDict):
    """SmsConsentOutputSerializer."""

    memId: int
    smsConsent: bool
    updatedAt: datetime | None


class PointsEntryRow(TypedDict):
    """A line of the points ledger (PointsEntryOutputSerializer); the phone is masked."""

    id: int
    memId: int
    memberName: str
    phone: str
    change: int
    balanceAfter: int
    kind: str
    kindName: str
    reason: str
    operatorName: str
    storeName: str
    createdAt: datetime


class PointsAdjustedRow(TypedDict):
    """The answer of a points adjustment (PointsAdjustOutputSerializer)."""

    memId: int
    points: int
    entry: PointsEntryRow


class CancellationRow(TypedDict):
    """A cancellation request (CancellationOutputSerializer); the phone is masked as filed."""

    id: int
    memId: int
    memberName: str
    phone: str
    reason: str
    status: str
    statusName: str
    requestedBy: str
    requestedAt: datetime
    decidedBy: str
    decidedAt: datetime | None
    decisionRemark: str


# Search answers read plain values: building model instances costs more than the indexed lookup.
_ROW_COLUMNS = ("id", "name", "area_code", "phone", "crm_code", "home_store_id")


def _findable() -> QuerySet[Member]:
    return Member.objects.filter(status=MemberStatus.ACTIVE)


def _ranked(members: QuerySet[Member], store_id: int | None) -> QuerySet[Member]:
    """The chosen store's members first (false sorts before true), then the most recent visit, then
    the newest file. Raw SQL: ORM CASE expressions cost more to build than this query takes to run."""
    not_mine = RawSQL("members_member.home_store_id <> %s", (store_id,), output_field=BooleanField())
    return members.order_by(not_mine.asc(), F("last_visit_at").desc(nulls_last=True), "-id")


def member_row(member: Member, store_id: int | None) -> MemberRow:
    return {
        "memId": member.pk,
        "name": member.name,
        "phone": mask_phone(member.phone),
        "areaCode": member.area_code,
        "crmCode": member.crm_code,
        "dependencyStore": member.home_store.name,
        "dependencyStoreId": member.home_store_id,
        "myself": member.home_store_id == store_id,
    }


def _row(values: tuple[Any, ...], store_names: dict[int, str], store_id: int | None) -> MemberRow:
    member_id, name, area_code, phone, crm_code, home_store_id = values
    return {
        "memId": member_id,
        "name": name,
        "phone": mask_phone(phone),
        "areaCode": area_code,
        "crmCode": crm_code,
        "dependencyStore": store_names.get(home_store_id, ""),
        "dependencyStoreId": home_store_id,
        "myself": home_store_id == store_id,
    }


# The SQL of each shape of unique lookup (which of its conditions are given), built by the ORM once
# per process: building it cost several times what running it does (docs/performance.md, "The till
# at the database's speed"); the values change, the statement does not.
_unique_sql: dict[tuple[str, ...], str] = {}


def _unique_rows(conditions: dict[str, str], store_id: int | None) -> list[MemberRow]:
    """The rows of a lookup that finds one member (a phone, a code, a card): active members matching
    every one of `conditions` (column: value), with their store's name, no ranking."""
    conditions = dict(sorted(conditions.items()))  # as the ORM orders a filter's keywords
    shape = tuple(conditions)
    parameters = [MemberStatus.ACTIVE, *conditions.values()]
    sql = _unique_sql.get(shape)
    if sql is None:
        rows = _findable().filter(**conditions).order_by().values_list(*_ROW_COLUMNS, "home_store__name")
        sql, built = rows[:SEARCH_RESULT_LIMIT].query.sql_with_params()
        if list(built) == parameters:  # the statement takes the values in the order given here
            _unique_sql[shape] = sql
        parameters = list(built)
    with connection.cursor() as cursor:
        cursor.execute(sql, parameters)
        found = cursor.fetchall()
    names = {values[5]: values[6] for values in found}
    return [_row(values[:6], names, store_id) for values in found]


def _rows(members: QuerySet[Member], store_id: int | None) -> list[MemberRow]:
    """At most 50 member rows, ranked. A ranked search reads its 50 rows without the store join (a
    join before the LIMIT made PostgreSQL misplan popular name fragments) and then the names of
    their stores."""
    found = list(_ranked(members, store_id).values_list(*_ROW_COLUMNS)[:SEARCH_RESULT_LIMIT])
    store_ids = {values[5] for values in found}
    names = dict(OrgUnit.objects.filter(pk__in=store_ids).values_list("id", "name")) if store_ids else {}
    return [_row(values, names, store_id) for values in found]


def _phone_area(form: SearchForm) -> str:
    return form.area_code or MemberAreaCode.MAINLAND


def exact_query(form: SearchForm, store_id: int | None) -> list[MemberRow]:
    """euqalQuery: every given condition among phone, name and member code matches exactly."""
    if not form.has_exact_conditions:
        return []
    conditions: dict[str, str] = {}
    if form.phone:
        conditions.update(area_code=_phone_area(form), phone=form.phone)
    if form.name:
        conditions["name"] = form.name
    if form.crm_code:
        conditions["crm_code"] = form.crm_code
    if form.phone or form.crm_code:
        return _unique_rows(conditions, store_id)
    return _rows(_findable().filter(**conditions), store_id)


def name_contains(members: QuerySet[Member], fragment: str) -> QuerySet[Member]:
    """Members whose name contains `fragment` (2 or more characters), served by the bigram index
    (apps.members.name_grams) and rechecked by LIKE."""
    grams = name_grams(fragment)
    if grams:
        members = members.filter(
            RawSQL("string_to_array(members_member.name_grams, ' ') @> %s::text[]", (grams,), BooleanField())
        )
        if len(normalised(fragment)) == 2:
            # One bigram contained in the name's bigrams is already an exact match; the LIKE recheck
            # would only hide the index's row estimate from the planner.
            return members
    return members.filter(name__icontains=fragment.strip())


def phone_fragment_filter(members: QuerySet[Member], fragment: str, *, phone_view: bool) -> QuerySet[Member]:
    """The members whose phone contains `fragment`; without the phone-view code only those whose
    masked phone shows it (apps.core.phones), so fragments cannot rebuild the hidden digits."""
    if phone_view:
        return members.filter(phone__contains=fragment)
    return members.filter(shown_fragment_q(fragment))


def fuzzy_query(form: SearchForm, store_id: int | None, *, phone_view: bool = False) -> list[MemberRow]:
    """likeQuery: the name contains the fragment, the phone contains the digits (phone_fragment_filter),
    the member code starts with the text; all given conditions hold. A one-character name takes no
    fuzzy step."""
    phone = form.phone
    name_ok = len(normalised(form.name)) >= FUZZY_NAME_MIN_LENGTH
    if not (phone or form.crm_code or name_ok):
        return []
    if form.name and not name_ok:
        return []
    members = _findable()
    if name_ok:
        members = name_contains(members, form.name)
    if phone:
        members = phone_fragment_filter(members, phone, phone_view=phone_view)
        if form.area_code:
            members = members.filter(area_code=form.area_code)
    if form.crm_code:
        members = members.filter(crm_code__startswith=form.crm_code)
    return _rows(members, store_id)


def card_no_query(form: SearchForm, store_id: int | None) -> list[MemberRow]:
    if not form.card_no:
        return []
    return _unique_rows({"card_no": form.card_no}, store_id)


def merged(*answers: Iterable[MemberRow]) -> list[MemberRow]:
    """Spec §4: the exact, fuzzy and card-number answers merged in order, de-duplicated by memId."""
    seen: set[int] = set()
    rows: list[MemberRow] = []
    for answer in answers:
        for row in answer:
            if row["memId"] not in seen:
                seen.add(row["memId"])
                rows.append(row)
    return rows[:SEARCH_RESULT_LIMIT]


def one_step_search(form: SearchForm, store_id: int | None) -> list[MemberRow]:
    """Contract §1 `search`: exact first, fuzzy only when exact finds nothing, card number always."""
    exact = exact_query(form, store_id)
    fuzzy = [] if exact else fuzzy_query(form, store_id)
    return merged(exact, fuzzy, card_no_query(form, store_id))


def introducer_candidates(keyword: str, store_id: int | None, *, phone_view: bool = False) -> list[MemberRow]:
    """searchIntro: digits search phones by fragment; other text a member code, then a name."""
    keyword = keyword.strip()
    if DIGITS.match(keyword):
        return fuzzy_query(check_fuzzy_form(phone=keyword), store_id, phone_view=phone_view)
    return merged(
        exact_query(SearchForm(crm_code=keyword), store_id),
        one_step_search(SearchForm(name=keyword), store_id),
    )


# --- the store's member list --------------------------------------------------------------------


def _day_start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def store_members(
    *,
    store_id: int,
    name: str = "",
    phone: str = "",
    whole_phone: bool = False,
    phone_view: bool = False,
    area_code: str = "",
    crm_code: str = "",
    label_id: int | None = None,
    source: str = "",
    created_from: date | None = None,
    created_to: date | None = None,
    last_visit_from: date | None = None,
    last_visit_to: date | None = None,
) -> QuerySet[Member]:
    members = Member.objects.filter(home_store_id=store_id, status=MemberStatus.ACTIVE)
    if name:
        members = members.filter(name__icontains=name.strip())
    if phone:
        if whole_phone:
            members = members.filter(area_code=area_code or MemberAreaCode.MAINLAND, phone=phone)
        else:
            members = phone_fragment_filter(members, phone, phone_view=phone_view)
    if crm_code:
        members = members.filter(crm_code__startswith=crm_code.strip())
    if label_id is not None:
        members = members.filter(labels__id=label_id)
    if source:
        members = members.filter(source=source)
    if created_from:
        members = members.filter(created_at__gte=_day_start(created_from))
    if created_to:
        members = members.filter(created_at__lt=_day_start(created_to + timedelta(days=1)))
    if last_visit_from:
        members = members.filter(last_visit_at__gte=_day_start(last_visit_from))
    if last_visit_to:
        members = members.filter(last_visit_at__lt=_day_start(last_visit_to + timedelta(days=1)))
    return members.order_by("-id")


def _master_names() -> dict[str, dict[str, str]]:
    types = {
        "gender": MasterType.GENDER,
        "source": MasterType.MEMBER_SOURCE,
        "occupation": MasterType.OCCUPATION,
        "income": MasterType.INCOME,
        "education": MasterType.STAFF_EDUCATION,
        "maritalStatus": MasterType.MARITAL_STATUS,
    }
    return {wire: {item["code"]: item["name"] for item in master_items(type=kind)} for wire, kind in types.items()}


def _label_row(label: MemberLabel) -> MemberLabelRef:
    return {"id": label.pk, "name": label.name, "color": label.color}


def _list_row(member: Member, store_id: int | None, names: dict[str, dict[str, str]]) -> MemberListRow:
    return {
        **member_row(member, store_id),
        "gender": member.gender,
        "genderName": names["gender"].get(member.gender, ""),
        "birthday": member.birthday,
        "cardNo": member.card_no,
        "source": member.source,
        "sourceName": names["source"].get(member.source, ""),
        "points": member.points,
        "labels": [_label_row(label) for label in member.labels.all()],
        "createdAt": member.created_at,
        "lastVisitAt": member.last_visit_at,
    }


def with_labels(members: QuerySet[Member]) -> QuerySet[Member]:
    return members.select_related("home_store").prefetch_related(
        Prefetch("labels", queryset=MemberLabel.objects.order_by("sort_order", "id"))
    )


def list_rows(store_id: int | None) -> Callable[[Iterable[Member]], list[MemberListRow]]:
    """The renderer of a page of `with_labels(store_members(...))`."""

    def render(window: Iterable[Member]) -> list[MemberListRow]:
        names = _master_names()
        return [_list_row(m, store_id, names) for m in window]

    return render


def member_file(member: Member, store_id: int | None) -> MemberFileRow:
    member = with_labels(Member.objects.filter(pk=member.pk)).select_related("introducer").get()
    names = _master_names()
    introducer = member.introducer
    return {
        **_list_row(member, store_id, names),
        "occupation": member.occupation,
        "occupationName": names["occupation"].get(member.occupation, ""),
        "income": member.income,
        "incomeName": names["income"].get(member.income, ""),
        "education": member.education,
        "educationName": names["education"].get(member.education, ""),
        "maritalStatus": member.marital_status,
        "maritalStatusName": names["maritalStatus"].get(member.marital_status, ""),
        "introducer": {"memId": introducer.pk, "name": introducer.name} if introducer else None,
        "smsConsent": member.sms_consent,
        "remark": member.remark,
        "status": member.status,
        "updatedAt": member.updated_at,
    }


def member_in_chain_rows(member_id: int) -> QuerySet[Member]:
    """The member's file (of any store: members are the chain's) with its home store, for a caller
    that reads it with other rows in one statement (apps.billing.orders.draft_reads)."""
    return Member.objects.select_related("home_store").filter(pk=member_id)[:1]


def member_in_chain(member_id: int) -> Member | None:
    return member_in_chain_rows(member_id).first()


def members() -> QuerySet[Member]:
    """Member files with their home store, for a view to pick one in scope (apps.core.scoping)."""
    return Member.objects.select_related("home_store")


def sms_consent_row(member: Member) -> SmsConsentRow:
    return {"memId": member.pk, "smsConsent": member.sms_consent, "updatedAt": member.sms_consent_updated_at}


def labels_enabled() -> list[MemberLabelRow]:
    return [
        {**_label_row(label), "groupName": label.group_name}
        for label in MemberLabel.objects.filter(enabled=True).order_by("sort_order", "id")
    ]


# --- points -------------------------------------------------------------------------------------


def points_entries(
    *,
    member_id: int | None = None,
    store_id: int | None = None,
    kind: str = "",
    day_from: date | None = None,
    day_to: date | None = None,
) -> QuerySet[PointsEntry]:
    entries = PointsEntry.objects.select_related("member", "store")
    if member_id is not None:
        entries = entries.filter(member_id=member_id)
    if store_id is not None:
        entries = entries.filter(store_id=store_id)
    if kind:
        entries = entries.filter(kind=kind)
    if day_from:
        entries = entries.filter(created_at__gte=_day_start(day_from))
    if day_to:
        entries = entries.filter(created_at__lt=_day_start(day_to + timedelta(days=1)))
    return entries.order_by("-id")


def points_adjusted(entry_id: int) -> PointsAdjustedRow:
    """The answer of a points adjustment: the member's balance after it, and its ledger entry."""
    entry = points_entries().get(pk=entry_id)
    return {"memId": entry.member_id, "points": entry.balance_after, "entry": points_entry_row(entry)}


def points_entry_row(entry: PointsEntry) -> PointsEntryRow:
    return {
        "id": entry.pk,
        "memId": entry.member_id,
        "memberName": entry.member.name,
        "phone": mask_phone(entry.member.phone),
        "change": entry.change,
        "balanceAfter": entry.balance_after,
        "kind": entry.kind,
        "kindName": str(PointsKind(entry.kind).label),
        "reason": entry.reason,
        "operatorName": operator_name(entry.operator_name),
        "storeName": entry.store.name if entry.store else "",
        "createdAt": entry.created_at,
    }


def points_entry_rows(entries: Iterable[PointsEntry]) -> list[PointsEntryRow]:
    return [points_entry_row(entry) for entry in entries]


# --- cancellation -------------------------------------------------------------------------------


def cancellations(*, status: str = "") -> QuerySet[CancellationRequest]:
    """Cancellation requests, newest first; a view limits them to the caller's stores."""
    requests = CancellationRequest.objects.select_related("member", "requested_by", "decided_by")
    if status:
        requests = requests.filter(status=status)
    return requests.order_by("-id")


def _user_name(user: Any) -> str:
    return (user.nickname or user.get_username()) if user is not None else ""


def cancellation_row(request: CancellationRequest) -> CancellationRow:
    return {
        "id": request.pk,
        "memId": request.member_id,
        "memberName": request.member.name,
        "phone": request.phone_masked,
        "reason": request.reason,
        "status": request.status,
        "statusName": str(CancellationStatus(request.status).label),
        "requestedBy": _user_name(request.requested_by),
        "requestedAt": request.requested_at,
        "decidedBy": _user_name(request.decided_by),
        "decidedAt": request.decided_at,
        "decisionRemark": request.decision_remark,
    }


def cancellation_rows(requests: Iterable[CancellationRequest]) -> list[CancellationRow]:
    return [cancellation_row(request) for request in requests]


def points_entries_of_store(store_id: int, start: datetime, end: datetime) -> QuerySet[PointsEntry]:
    """The points entries written at `store_id` from `start` up to `end` (a store's business day for
    the daily closing; index points_entry_store_time)."""
    return PointsEntry.objects.filter(store_id=store_id, created_at__gte=start, created_at__lt=end)


def member_count(rows: QuerySet[Member]) -> int:
    """How many members a filtered list (store_members) holds."""
    return rows.count()
