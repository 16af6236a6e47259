"""The member and customer reports over HTTP (apps/reports/definitions/members.py, customers.py),
on visits, cards and members made through the real till and card services: the figures, the store
scope, the codes, and every member count drilling to the same members in MemberList."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.tests.checkout_factories import order_of, sessions, top_up
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.choices import EntryKind
from apps.cards.models import CardEntry
from apps.cards.services import card_issue
from apps.cards.tests.factories import package_card, stored_value_card
from apps.core.ledgers import ledger_audits
from apps.core.role_codes import REPORT_FIGURES_CODE
from apps.core.testing import assert_envelope
from apps.members.choices import PointsKind
from apps.members.models import Member, MemberLabel, PointsEntry
from apps.members.services import points_earn, points_spend
from apps.members.tests.factories import MemberFactory
from apps.reports import member_sets as sets
from apps.reports.tests.member_data import days_ago, lifecycle, member_with_visits, visit
from erp.celery import app as celery_app

pytestmark = pytest.mark.django_db

LIFECYCLE_CODE = "MLCA-00001-0000"
ANALYSIS_CODE = "SMSA-0001"
TODAY = {"from": days_ago(29).isoformat(), "to": days_ago(0).isoformat()}


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def other_store(chain):
    return chain["other_store"]


@pytest.fixture
def reader(store, make_entry):
    return api_client(entry=make_entry(store, codes=[REPORT_FIGURES_CODE, LIFECYCLE_CODE, ANALYSIS_CODE]))


@pytest.fixture
def head_office(chain, make_entry):
    codes = [REPORT_FIGURES_CODE, LIFECYCLE_CODE, ANALYSIS_CODE]
    return api_client(entry=make_entry(chain["head_office"], codes=codes, kind="owner"))


def show(client, key, language="en", **params):
    response = client.get(f"/rest/businessReport{key}/show", {**TODAY, **params}, HTTP_ACCEPT_LANGUAGE=language)
    return assert_envelope(response, status=200)


def drilled(client, column, row, **params):
    """The rows of the report a figure drills to, with the filters the drill names from the row."""
    drill = column["drill"]
    filters = {target: row[key] for target, key in drill["filters"].items()}
    return show(client, drill["report"], **params, **filters, pageSize=200)


def column_of(data, key):
    return next(column for column in data["columns"] if column["key"] == key)


def test_the_lifecycle_counts_each_stage_in_funnel_order_and_drills_to_its_members(store, other_store, reader):
    members = lifecycle(store)
    member_with_visits(other_store, 3)

    data = show(reader, "MemberLifecycle", to=TODAY["to"])

    assert [row["stageName"] for row in data["list"]] == [str(label) for _key, label in sets.STAGES]
    assert [row["members"] for row in data["list"]] == [1] * 7 and data["totals"]["members"] == 7
    assert data["list"][0]["share"] == "14.29"
    funnel = data["series"][0]
    assert funnel["chart"] == "funnel" and [point["y"] for point in funnel["points"]] == [1] * 7
    assert funnel["points"][3]["x"] == "Loyal"
    loyal = drilled(reader, column_of(data, "members"), data["list"][3])
    assert [row["memId"] for row in loyal["list"]] == [members["loyal"].pk]


def test_the_lifecycle_speaks_chinese(store, reader):
    lifecycle(store)

    data = show(reader, "MemberLifecycle", language="zh-hans", to=TODAY["to"])

    assert data["series"][0]["points"][0]["x"] == "潜在顾客（未消费）"
    assert column_of(data, "stageName")["label"] == "阶段"


def test_the_lifecycle_needs_its_code(store, make_entry):
    client = api_client(entry=make_entry(store, codes=[REPORT_FIGURES_CODE]))

    response = client.get("/rest/businessReportMemberLifecycle/show", TODAY)

    assert response.status_code == 403


def test_member_analysis_counts_per_store_and_each_figure_lists_its_members(store, other_store, head_office):
    lifecycle(store)
    MemberFactory(home_store=store, name="新人")
    traveller = MemberFactory(home_store=other_store, name="旅客")
    Member.objects.filter(pk=traveller.pk).update(created_at=timezone.now() - timedelta(days=400))
    visit(store, traveller, days_ago(400))
    visit(other_store, traveller, days_ago(2))
    visit(store, traveller, days_ago(1))

    data = show(head_office, "MemberAnalysis")

    by_store = {row["name"]: row for row in data["list"]}
    figures = ("newMembers", "visitors", "returning", "firstVisits", "lapsed")
    assert [by_store["Store A"][key] for key in figures] == [1, 5, 3, 2, 1]
    assert by_store["Store B"]["visitors"] == 1 and by_store["Store B"]["returning"] == 1
    # The traveller visited both stores: once in the totals.
    assert data["totals"]["visitors"] == 5 and data["totals"]["returning"] == 3
    for key, expected in (("returning", ["召回", "忠诚", "旅客"]), ("lapsed", ["流失"]), ("newMembers", ["新人"])):
        listed = drilled(head_office, column_of(data, key), by_store["Store A"])
        assert sorted(row["name"] for row in listed["list"]) == sorted(expected), key
        assert listed["total"] == by_store["Store A"][key]
    assert [point["y"] for point in data["series"][0]["points"]][-1] == 1  # this month's new member


def test_member_analysis_groups_by_source_and_label(store, reader):
    vip = MemberLabel.objects.create(name="VIP")
    member_with_visits(store, 3, source="friend", labels=[vip])
    member_with_visits(store, 4)

    by_source = {row["name"]: row for row in show(reader, "MemberAnalysis", groupBy="source")["list"]}
    by_label = show(reader, "MemberAnalysis", groupBy="label")

    assert by_source["not given"]["visitors"] == 1
    assert [row["visitors"] for name, row in by_source.items() if name != "not given"] == [1]
    vip_row = next(row for row in by_label["list"] if row["name"] == "VIP")
    assert vip_row["newMembers"] == 1 and vip_row["labelId"] == vip.pk
    listed = drilled(reader, column_of(by_label, "visitors"), vip_row)
    assert listed["total"] == 1


def test_the_member_list_masks_phones_and_links_each_member(store, reader):
    member = member_with_visits(store, 2, phone="13912345678")

    data = show(reader, "MemberList", set="visitors")

    assert data["list"] == [
        {
            "name": member.name,
            "memId": member.pk,
            "maskedPhone": "139****5678",
            "storeName": "Store A",
            "sourceName": "",
            "filedOn": timezone.localdate().isoformat(),  # the store's day, not UTC's
            "lastVisitAt": days_ago(2).isoformat(),
        }
    ]
    assert column_of(data, "name")["link"] == "member"


def test_another_stores_members_stay_out_of_a_stores_reports(store, other_store, reader):
    member_with_visits(other_store, 2)

    assert show(reader, "MemberList", set="members")["total"] == 0
    assert show(reader, "MemberList", set="visitors")["total"] == 0
    assert reader.get(
        "/rest/businessReportMemberList/show", {**TODAY, "set": "members", "storeId": other_store.pk}
    ).status_code in (403, 404)


def test_variants_set_the_stages_against_each_source(store, reader):
    members = lifecycle(store)
    Member.objects.filter(pk=members["loyal"].pk).update(source="friend")

    data = show(reader, "MemberLifecycleVariants", variant="source", to=TODAY["to"])

    friend = next(row for row in data["list"] if row["source"] == "friend")
    assert friend["loyal"] == 1 and friend["members"] == 1
    unknown = next(row for row in data["list"] if row["source"] == "none")
    assert unknown["members"] == 6 and unknown["loyal"] == 0
    listed = drilled(reader, column_of(data, "loyal"), friend)
    assert [row["memId"] for row in listed["list"]] == [members["loyal"].pk]


def test_variants_by_card_type_count_the_holders(store, reader):
    holder = member_with_visits(store, 5)
    card = stored_value_card(member=holder, store=store)
    # A second card of the type: its holder counts once.
    card_issue(actor=CASHIER, store=store, member_id=holder.pk, card_type=card.card_type, principal=Decimal("100"))
    member_with_visits(store, 6)

    data = show(reader, "MemberLifecycleVariants", variant="cardType", to=TODAY["to"])

    assert [(row["cardTypeId"], row["firstPurchase"], row["members"]) for row in data["list"]] == [
        (card.card_type_id, 1, 1)
    ]


def test_customer_analysis_sets_new_against_returning_customers(store, reader):
    member_with_visits(store, 100, 3)  # returning
    newcomer = member_with_visits(store, 4, 2)  # new: two orders
    stored_value_card(member=newcomer, store=store)

    segments = {row["name"]: row for row in show(reader, "CustomerAnalysis")["list"]}
    holders = {row["name"]: row for row in show(reader, "CustomerAnalysis", by="cardHolder")["list"]}
    only_new = show(reader, "CustomerAnalysis", segment="new")

    assert segments["New customers"] == {
        **segments["New customers"], "customers": 1, "visits": 2, "spend": "200.00", "averageTicket": "100.00",
        "frequency": "2.00",
    }  # fmt: skip
    assert segments["Returning customers"]["visits"] == 1
    assert holders["Card holders"]["customers"] == 1 and holders["No usable card"]["customers"] == 1
    assert [row["name"] for row in only_new["list"]] == ["New customers"]


def test_customer_marketing_splits_each_month_and_follows_new_customers_to_their_second_visit(store, reader):
    # Last month, whole: the figures hold on any day the suite runs.
    end = timezone.localdate().replace(day=1) - timedelta(days=1)
    start = end.replace(day=1)
    ago = (timezone.localdate() - start).days
    first = MemberFactory(home_store=store)
    visit(store, first, start)
    visit(store, first, start + timedelta(days=2), price="50.00")
    member_with_visits(store, ago + 400, ago)  # returning
    MemberFactory(home_store=store)  # never came

    data = show(reader, "CustomerMarketing", **{"from": start.isoformat(), "to": end.isoformat()})

    row = data["list"][-1]
    assert row["month"] == start.isoformat()[:7]
    assert (row["newCustomers"], row["newOrders"], row["newSpend"]) == (1, 2, "150.00")
    assert (row["returningCustomers"], row["returningSpend"]) == (1, "100.00")
    assert row["newShare"] == "60.00" and row["secondVisit30"] == "100.00"


def test_follow_up_lists_each_reason(store, reader):
    lapsed = member_with_visits(store, 200, name="久未到店")
    holder = MemberFactory(home_store=store, name="有余次")
    package = package_card(member=holder, sessions=5, store=store)
    used = committed_order(
        store=store, member=holder, lines=[line("project", package.sessions.get().project, card=package, qty=2)]
    )
    order_pay(actor=CASHIER, order_id=used.pk, tenders=[])
    card = stored_value_card(member=MemberFactory(home_store=store, name="卡到期"), store=store)
    birthday = timezone.localdate() - timedelta(days=3)
    MemberFactory(
        home_store=store,
        name="寿星",
        birthday=birthday.replace(year=1990)
        if birthday.month != 2 or birthday.day != 29
        else birthday.replace(year=1992),
    )

    assert [row["name"] for row in show(reader, "CustomerFollowUp")["list"]] == [lapsed.name]
    sessions = show(reader, "CustomerFollowUp", reason="sessions")["list"]
    assert [(row["name"], row["sessionsLeft"], row["dueOn"]) for row in sessions] == [
        ("有余次", 3, timezone.localdate().isoformat())
    ]
    window = {"from": (card.expires_on - timedelta(days=5)).isoformat(), "to": card.expires_on.isoformat()}
    expiring = show(reader, "CustomerFollowUp", reason="expiring", **window)["list"]
    # The package card was issued the same day for as long: both expire then.
    assert [(row["name"], row["dueOn"]) for row in expiring] == [
        ("有余次", card.expires_on.isoformat()),
        ("卡到期", card.expires_on.isoformat()),
    ]
    birthdays = show(reader, "CustomerFollowUp", reason="birthday")["list"]
    assert [row["name"] for row in birthdays] == ["寿星"]


def test_member_tags_count_each_label_per_store(store, reader):
    vip = MemberLabel.objects.create(name="VIP")
    MemberFactory(home_store=store, labels=[vip])
    old = MemberFactory(home_store=store, labels=[vip])
    Member.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=100))

    data = show(reader, "MemberTags")

    assert [(row["labelName"], row["storeName"], row["members"], row["newMembers"]) for row in data["list"]] == [
        ("VIP", "Store A", 2, 1)
    ]
    assert drilled(reader, column_of(data, "newMembers"), data["list"][0])["total"] == 1
    assert drilled(reader, column_of(data, "members"), data["list"][0])["total"] == 2


def test_member_operation_figures_equal_the_card_and_points_ledgers_of_each_store(store, other_store, head_office):
    """The store-day summary's member operation figures against the ledgers' own entries, in two
    stores: a card sold in one store, topped up, spent and its package's sessions used in the other."""
    member = member_with_visits(store, 0)
    card = stored_value_card(member=member, paid="500.00", store=store)
    package = package_card(member=member, sessions=5, store=store)
    served = order_of(store=other_store, member=member, lines=[sessions(package, qty=2), top_up(card, "300.00")])
    order_pay(actor=CASHIER, order_id=served.pk, tenders=[TenderAsked("cash", Decimal("300.00"))])
    spent = committed_order(store=other_store, member=member)
    by_card = TenderAsked("storedValue", Decimal("100.00"), card_id=card.pk)
    order_pay(actor=CASHIER, order_id=spent.pk, tenders=[by_card])
    points_earn(actor=CASHIER, member_id=member.pk, store=other_store, points=40, order_id=spent.pk)
    points_spend(actor=CASHIER, member_id=member.pk, store=store, points=15, order_id=spent.pk)

    data = show(head_office, "MemberOperation", pageSize=200)

    today = timezone.localdate()
    got = {row["storeId"]: row for row in data["list"] if row["period"] == today.isoformat()}
    for store_id in (store.pk, other_store.pk):
        entries = CardEntry.objects.filter(store_id=store_id, created_at__date=today)
        value = {kind: Decimal(0) for kind in (EntryKind.TOP_UP, EntryKind.SPEND)}
        for entry in entries:
            if entry.kind in value:
                value[entry.kind] += entry.principal_change + entry.gift_change
        points = PointsEntry.objects.filter(store_id=store_id, created_at__date=today)
        expected = {
            "cardsSold": entries.filter(kind=EntryKind.SALE).count(),
            "toppedUp": f"{value[EntryKind.TOP_UP]:.2f}",
            "storedValueSpent": f"{-value[EntryKind.SPEND]:.2f}",
            "sessionsServed": -sum(e.sessions_change for e in entries if e.kind == EntryKind.SESSIONS_USED),
            "pointsGiven": sum(e.change for e in points if e.kind == PointsKind.EARN),
            "pointsUsed": -sum(e.change for e in points if e.kind == PointsKind.SPEND),
        }
        assert {key: got[store_id][key] for key in expected} == expected
    assert (got[other_store.pk]["sessionsServed"], got[other_store.pk]["toppedUp"]) == (2, "300.00")
    # The payments earned points of their own beside the 40 given by hand.
    assert (got[store.pk]["cardsSold"], got[store.pk]["pointsUsed"], got[other_store.pk]["pointsGiven"] > 40) == (
        2,
        15,
        True,
    )
    assert got[other_store.pk]["storedValueSpent"] == "100.00" and got[other_store.pk]["membersServed"] == 1
    assert data["totals"]["cardsSold"] == 2
    assert data["totals"]["pointsGiven"] == sum(row["pointsGiven"] for row in data["list"])
    assert list(ledger_audits()["summaries"]()) == []


def test_member_operation_adds_up_a_stores_day(store, reader):
    member = member_with_visits(store, 0)
    card = stored_value_card(member=member, paid="500.00", store=store)
    spent = committed_order(store=store, member=member)
    from apps.billing.till.checkout import TenderAsked

    order_pay(
        actor=CASHIER, order_id=spent.pk, tenders=[TenderAsked("storedValue", Decimal("100.00"), card_id=card.pk)]
    )

    data = show(reader, "MemberOperation")

    today = next(row for row in data["list"] if row["period"] == timezone.localdate().isoformat())
    assert (today["membersServed"], today["newMembers"], today["cardsSold"]) == (1, 1, 1)
    assert today["storedValueSpent"] == "100.00"
    assert data["totals"]["cardsSold"] == 1
    monthly = show(reader, "MemberOperation", period="month")
    assert monthly["list"][0]["period"] == timezone.localdate().isoformat()[:7]


def test_customer_groups_drill_to_their_customers(store, reader):
    woman = member_with_visits(store, 3, gender="F", birthday=days_ago(365 * 33))
    member_with_visits(store, 4, gender="M")
    holder = member_with_visits(store, 5)
    stored_value_card(member=holder, store=store)

    for by, expected in (("gender", woman), ("ageBand", woman), ("cardHolder", holder)):
        data = show(reader, "CustomerAnalysis", by=by)
        row = next(row for row in data["list"] if row["group"] in ("F", "30-39", "holder"))
        listed = drilled(reader, column_of(data, "customers"), row)
        assert [item["memId"] for item in listed["list"]] == [expected.pk], by


def test_a_days_figure_drills_to_that_days_members(store, reader):
    member_with_visits(store, 3, name="三天前")
    member_with_visits(store, 1, name="昨天")

    data = show(reader, "MemberOperation")
    row = next(row for row in data["list"] if row["period"] == days_ago(1).isoformat())
    listed = drilled(reader, column_of(data, "membersServed"), row)

    assert [item["name"] for item in listed["list"]] == ["昨天"]


def test_a_months_new_customers_drill_to_them(store, reader):
    today = timezone.localdate()
    newcomer = member_with_visits(store, 0, name="新客")
    member_with_visits(store, 400, 0, name="老客")

    data = show(reader, "CustomerMarketing", **{"from": today.replace(day=1).isoformat(), "to": today.isoformat()})
    row = data["list"][-1]

    assert [item["memId"] for item in drilled(reader, column_of(data, "newCustomers"), row)["list"]] == [newcomer.pk]
    assert [item["name"] for item in drilled(reader, column_of(data, "returningCustomers"), row)["list"]] == ["老客"]


MEMBER_REPORTS = (
    "MemberAnalysis", "MemberLifecycle", "MemberLifecycleVariants", "CustomerAnalysis", "CustomerMarketing",
    "CustomerFollowUp", "MemberTags", "MemberOperation", "MemberList",
)  # fmt: skip


@pytest.mark.parametrize("key", MEMBER_REPORTS)
def test_each_report_offers_its_filters_and_shows_its_default_range(store, reader, key):
    lifecycle(store)

    offered = assert_envelope(reader.get(f"/rest/businessReport{key}/select"), status=200)
    shown = reader.get(f"/rest/businessReport{key}/show", offered["defaultRange"])

    if key == "MemberList":  # which members is the drill's to say
        assert_envelope(shown, status=400, errcode="VALID-40000")
        shown = reader.get(f"/rest/businessReport{key}/show", {**offered["defaultRange"], "set": "members"})
    data = assert_envelope(shown, status=200)
    assert [column["key"] for column in data["columns"]] == [column["key"] for column in offered["columns"]]


@pytest.fixture
def eager_exports(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


@pytest.mark.parametrize(
    ("key", "extra", "rows"), [("MemberLifecycle", {}, 7), ("MemberList", {"set": "stage:loyal"}, 1)]
)
def test_a_member_report_exports_to_the_download_centre(store, reader, eager_exports, key, extra, rows):
    lifecycle(store)

    response = reader.post(f"/rest/businessReport{key}/export", {**TODAY, **extra}, format="json")

    job_id = assert_envelope(response, status=202)["jobId"]
    job = assert_envelope(reader.get("/rest/downloadCenter/list"), status=200)["list"][0]
    assert (job["jobId"], job["status"], job["rows"]) == (job_id, "done", rows)
