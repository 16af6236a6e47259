"""The sets of members the member reports count and drill to (apps.reports.member_sets), over
visits made through the till: the same members in a figure and in the list behind it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.core.phones import mask_phone
from apps.members.models import Member
from apps.members.report_selectors import masked_phone_sql
from apps.members.tests.factories import MemberFactory
from apps.reports import member_sets as sets
from apps.reports.tests.member_data import days_ago, lifecycle, member_with_visits, visit

pytestmark = pytest.mark.django_db


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def other_store(chain):
    return chain["other_store"]


def scope(*stores, first=29, last=0, lapsed_days=sets.LAPSED_DAYS):
    return sets.Scope(tuple(store.pk for store in stores), days_ago(first), days_ago(last), lapsed_days)


def names(members):
    return sorted(member.name for member in members)


def test_each_member_is_at_the_stage_their_visits_put_them(store, other_store):
    members = lifecycle(store)
    member_with_visits(other_store, 5, name="别店")

    staged = sets.member_stages(sets.members_as_at(scope(store)), scope(store))

    assert staged == {member.pk: stage for stage, member in members.items()}
    assert sets.stage_counts(sets.members_as_at(scope(store)), scope(store)) == {
        None: dict.fromkeys(sets.STAGE_KEYS, 1)
    }
    for stage, member in members.items():
        assert list(sets.member_set(scope(store), f"stage:{stage}")) == [member]


def test_the_stages_are_as_at_the_range_end(store):
    members = lifecycle(store)
    regular = member_with_visits(store, 300, 250, 200, 100, 50, 20, 3, name="老客")
    Member.objects.filter(pk=regular.pk).update(created_at=timezone.now() - timedelta(days=400))

    # Eleven days ago the won-back member's return and the repeat member's second visit had not happened.
    earlier = scope(store, first=40, last=11)
    staged = sets.member_stages(sets.members_as_at(earlier), earlier)

    assert staged[members["wonBack"].pk] == "lapsed"
    assert staged[members["repeat"].pk] == "firstPurchase"
    assert staged[members["firstPurchase"].pk] == "prospect"
    # Five of the loyal member's six visit days were by then; six of the regular's seven.
    assert (staged[members["loyal"].pk], staged[regular.pk]) == ("repeat", "loyal")


def test_a_longer_lapse_keeps_a_member_at_risk_instead_of_lapsed(store):
    members = lifecycle(store)

    staged = sets.member_stages(sets.members_as_at(scope(store)), scope(store, lapsed_days=150))

    assert staged[members["lapsed"].pk] == "atRisk"


def test_stages_count_by_a_member_field(store):
    members = lifecycle(store)
    Member.objects.filter(pk__in=[members["loyal"].pk, members["prospect"].pk]).update(source="friend")

    counts = sets.stage_counts(sets.members_as_at(scope(store)), scope(store), "source")

    assert counts["friend"] == {**dict.fromkeys(sets.STAGE_KEYS, 0), "loyal": 1, "prospect": 1}
    assert sum(counts[""].values()) == 5 and counts[""]["loyal"] == 0


def test_visitors_split_into_returning_and_first_visit_and_the_lapsed_are_apart(store):
    lifecycle(store)
    visit(store, None, days_ago(1))  # a walk-in: no member, not a visitor

    window = scope(store)
    assert names(sets.member_set(window, sets.VISITORS)) == names(
        Member.objects.filter(name__in=["首购", "复购", "忠诚", "召回"])
    )
    assert names(sets.member_set(window, sets.RETURNING)) == ["召回", "忠诚"]
    assert names(sets.member_set(window, sets.FIRST_VISIT)) == ["复购", "首购"]
    assert names(sets.member_set(window, sets.LAPSED)) == ["流失"]
    assert sets.count_by(sets.visits(window), "store_id", "member_id") == {store.pk: 4}


def test_a_visitor_filed_at_another_store_counts_where_they_visited(store, other_store):
    guest = MemberFactory(home_store=other_store, name="客")
    visit(store, guest, days_ago(2))

    assert names(sets.member_set(scope(store), sets.VISITORS)) == ["客"]
    assert names(sets.member_set(scope(store), sets.NEW)) == []
    assert names(sets.member_set(scope(other_store), sets.NEW)) == ["客"]
    assert guest in sets.member_set(scope(other_store), sets.ALL)


def test_new_members_are_those_filed_in_the_range(store):
    old = MemberFactory(home_store=store, name="老")
    Member.objects.filter(pk=old.pk).update(created_at=timezone.now() - timezone.timedelta(days=40))
    MemberFactory(home_store=store, name="新")

    assert names(sets.member_set(scope(store), sets.NEW)) == ["新"]


@pytest.mark.parametrize("phone", ["13812345678", "91234578", "1234567", "12"])
def test_the_phone_masked_in_sql_is_the_phone_masked_in_python(store, phone):
    member = MemberFactory(home_store=store, phone=phone)

    masked = Member.objects.filter(pk=member.pk).annotate(masked=masked_phone_sql()).values_list("masked", flat=True)

    assert masked.get() == mask_phone(phone)
