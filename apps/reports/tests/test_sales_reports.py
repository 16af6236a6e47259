"""The sales-side reports through HTTP (contract §10, issue 29 §2): a store's day of sales made by the
real services (sales_factories.store_day), each report's rows, figures, totals, filters and series,
the keys a link or a drill-down opens, and the store scope (another store's sales are not seen)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.cards.tests.factories import package_card, stored_value_card
from apps.core.role_codes import ASSET_TRANSFER_APPLY, ASSET_TRANSFER_APPROVE, REPORT_FIGURES_CODE
from apps.core.testing import assert_envelope
from apps.members.tests.factories import MemberFactory
from apps.reports.summaries.selectors import store_totals
from apps.reports.tests.sales_factories import StoreDay, store_day

pytestmark = pytest.mark.django_db


@pytest.fixture
def day(chain) -> StoreDay:
    return store_day(chain["store"], chain["other_store"])


@pytest.fixture
def owner(chain, make_entry):
    return api_client(entry=make_entry(chain["store"], codes=[REPORT_FIGURES_CODE], kind="owner"))


@pytest.fixture
def other_owner(chain, make_entry):
    return api_client(entry=make_entry(chain["other_store"], codes=[REPORT_FIGURES_CODE], kind="owner"))


def show(client, key: str, *, days: int = 3, **params: Any) -> dict:
    today = timezone.localdate()
    query = {"from": (today - timedelta(days=days - 1)).isoformat(), "to": today.isoformat(), "pageSize": 50}
    return assert_envelope(client.get(f"/rest/businessReport{key}/show", {**query, **params}), status=200)


def column(data: dict, key: str) -> dict:
    return next(c for c in data["columns"] if c["key"] == key)


def test_sales_details_list_every_line_the_stores_paid_orders_sold_with_totals_and_the_daily_trend(owner, day):
    data = show(owner, "SalesDetail")
    # 2 shampoos; scalp care + gift; shampoo + 2 owed; the gold card; the shampoo paid by the deposit.
    assert data["total"] == 7
    assert data["totals"]["listAmount"] == "1498.00"
    assert data["totals"]["lineDiscount"] == "100.00"
    assert data["totals"]["amount"] == "1398.00"
    assert data["totals"]["qty"] == 9
    gift = next(row for row in data["list"] if row["giftReason"] == "birthday")
    assert (gift["item"], gift["listAmount"], gift["lineDiscount"], gift["amount"]) == (
        "洗发水",
        "100.00",
        "100.00",
        "0.00",
    )
    assert gift["staffNames"] == "张敏" and gift["orderId"] == day.served.pk and gift["memberId"] == day.member.pk
    assert column(data, "orderNo")["link"] == "order" and column(data, "orderNo")["linkKey"] == "orderId"
    assert column(data, "memberName")["link"] == "member" and column(data, "memberName")["linkKey"] == "memberId"
    assert {row["orderId"] for row in data["list"]}.isdisjoint({day.elsewhere.pk})
    # The trend is the summaries' net sales: what was earned less the day's refunds (80.00).
    (trend,) = data["series"]
    assert trend["key"] == "netSalesByDay"
    assert [point["y"] for point in trend["points"]] == ["0.00", "0.00", "1318.00"]
    assert trend["points"][-1]["x"] == timezone.localdate().isoformat()


def test_the_earned_total_agrees_with_the_summaries_and_a_narrowed_trend_is_read_from_the_lines(owner, day):
    today = timezone.localdate()
    sales = store_totals(stores=[day.store.pk], date_from=today, date_to=today)["sales"]
    assert show(owner, "SalesDetail")["totals"]["amount"] == f"{sales:.2f}"
    (trend,) = show(owner, "SalesDetail", orderId=day.served.pk)["series"]
    assert trend["key"] == "earnedByDay" and trend["points"][-1]["y"] == "298.00"


def test_sales_details_narrow_to_a_staff_member_an_order_an_item_kind_a_category_and_a_member(owner, day):
    assert {row["item"] for row in show(owner, "SalesDetail", staffId=day.nurse.pk)["list"]} == {"头皮护理", "洗发水"}
    by_order = show(owner, "SalesDetail", orderId=day.served.pk)
    assert by_order["total"] == 2 and by_order["totals"]["amount"] == "298.00"
    projects = show(owner, "SalesDetail", itemKind="project")
    assert [row["item"] for row in projects["list"]] == ["头皮护理"]
    category = show(owner, "SalesDetail", categoryId=day.project.category_id)
    assert [row["item"] for row in category["list"]] == ["头皮护理"]
    assert show(owner, "SalesDetail", memberId=day.member.pk)["total"] == 7
    assert show(owner, "SalesDetail", memberId=day.member.pk + 1000)["total"] == 0


def test_another_stores_owner_sees_only_her_own_stores_sales(other_owner, day):
    data = show(other_owner, "SalesDetail")
    assert [row["orderId"] for row in data["list"]] == [day.elsewhere.pk]
    assert data["totals"]["amount"] == "80.00"
    for key in ("RefundSummary", "CardChange", "Gifts", "SignedOrders", "EarnestOrders"):
        assert show(other_owner, key)["total"] == 0, key


def test_sales_details_stop_at_a_quarter(owner, day):
    today = timezone.localdate()
    response = owner.get(
        "/rest/businessReportSalesDetail/show",
        {"from": (today - timedelta(days=100)).isoformat(), "to": today.isoformat()},
    )
    assert response.status_code == 400


def test_the_refund_summary_lists_each_refund_links_it_and_drills_to_its_orders_lines(owner, day):
    data = show(owner, "RefundSummary")
    assert data["total"] == 2 and data["totals"]["amount"] == "80.00" and data["totals"]["returned"] == "80.00"
    refund = next(row for row in data["list"] if row["refundId"] == day.refund.pk)
    assert (refund["amount"], refund["reason"], refund["orderId"]) == ("30.00", "wrong colour", day.plain.pk)
    assert column(data, "refundNo")["link"] == "refund" and column(data, "refundNo")["linkKey"] == "refundId"
    assert column(data, "amount")["drill"] == {"report": "SalesDetail", "filters": {"orderId": "orderId"}}
    by_day, by_method = data["series"]
    assert by_day["points"][-1]["y"] == "80.00"
    assert len(by_method["points"]) == 1 and by_method["points"][0]["y"] == "80.00"
    assert show(owner, "RefundSummary", method="storedValue")["total"] == 0
    drilled = show(owner, "SalesDetail", orderId=refund["orderId"])
    assert [row["orderId"] for row in drilled["list"]] == [day.plain.pk]


def test_the_card_change_report_shows_the_delay_and_the_transfer_and_filters_by_change(owner, day):
    data = show(owner, "CardChange")
    assert {row["changeKind"] for row in data["list"]} == {"delay", "transfer"}
    transfer = next(row for row in data["list"] if row["changeKind"] == "transfer")
    assert (transfer["memberName"], transfer["toWhom"], transfer["moved"]) == ("王芳", "李娜", "200.00")
    assert data["totals"]["moved"] == "200.00"
    delays = show(owner, "CardChange", changeKind="delay")
    assert [row["cardId"] for row in delays["list"]] == [day.card.pk]
    assert "travelling" in delays["list"][0]["remark"]


def test_the_gift_report_shows_gift_lines_and_a_cards_gift_balance(owner, day):
    data = show(owner, "Gifts")
    assert data["totals"]["giftValue"] == "150.00"
    by_order = {row["orderId"]: row for row in data["list"]}
    assert sorted(by_order) == sorted([day.served.pk, day.card_sale.pk])
    assert (by_order[day.served.pk]["giftValue"], by_order[day.served.pk]["reason"]) == ("100.00", "birthday")
    assert (by_order[day.card_sale.pk]["giftValue"], by_order[day.card_sale.pk]["giftQty"]) == ("50.00", 0)
    assert show(owner, "Gifts", staffId=day.nurse.pk)["total"] == 1


def test_the_signed_orders_report_lists_the_signed_order_with_its_figures(owner, day):
    data = show(owner, "SignedOrders")
    (row,) = data["list"]
    assert (row["orderId"], row["orderPaid"], row["memberId"]) == (day.served.pk, "298.00", day.member.pk)
    assert row["signedAt"] is not None


def test_the_earnest_orders_report_shows_taken_used_refunded_and_held_at_the_end(owner, day):
    (row,) = show(owner, "EarnestOrders")["list"]
    assert (row["takenIn"], row["usedIn"], row["refundedIn"], row["heldAtEnd"]) == (
        "300.00",
        "100.00",
        "50.00",
        "150.00",
    )
    assert row["depositId"] == day.deposit.pk
    # Nothing moved the day before yesterday and nothing was held yet.
    before = (timezone.localdate() - timedelta(days=2)).isoformat()
    assert show(owner, "EarnestOrders", **{"from": before, "to": before})["total"] == 0


def test_takeout_sales_show_owed_goods_taken_and_still_owed(owner, day):
    everything = show(owner, "TakeoutSales")
    assert everything["totals"]["owedQty"] == 2 and everything["totals"]["stillOwed"] == 1
    (owed,) = show(owner, "TakeoutSales", owed="owed")["list"]
    assert (owed["orderId"], owed["owedQty"], owed["takenQty"], owed["stillOwed"]) == (day.owed.pk, 2, 1, 1)


def test_a_merge_of_member_files_shows_each_card_from_the_duplicate_to_the_kept_file(chain, make_entry, owner):
    store = chain["store"]
    kept = MemberFactory.create(home_store=store, name="王芳")
    duplicate = MemberFactory.create(home_store=store, name="王小芳")
    stored = stored_value_card(member=duplicate, paid="300.00", store=store)
    package = package_card(member=duplicate, sessions=5, store=store)
    principal = api_client(entry=make_entry(store, codes=[ASSET_TRANSFER_APPLY.code]))
    approver = api_client(entry=make_entry(store, codes=[ASSET_TRANSFER_APPROVE.code], kind="owner"))
    body = {"kind": "merge", "memberId": duplicate.pk, "toMemberId": kept.pk, "reason": "one person"}
    transfer = assert_envelope(principal.post("/rest/asserMigration/apply", body, format="json"), status=200)
    assert_envelope(approver.post("/rest/approvalCenterRest/approve", {"id": transfer["approvalId"]}), status=200)

    data = show(owner, "CardChange", changeKind="merge")
    rows = {row["cardId"]: row for row in data["list"]}
    assert sorted(rows) == sorted([stored.pk, package.pk])
    assert {(row["memberId"], row["memberName"], row["toWhom"]) for row in rows.values()} == {
        (duplicate.pk, "王小芳", "王芳")
    }
    assert (rows[stored.pk]["moved"], rows[package.pk]["sessions"]) == ("300.00", 5)
    assert show(owner, "CardChange", changeKind="storeMove")["total"] == 0
