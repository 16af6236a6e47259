"""The sales-side reports through HTTP (contract §10, issue 29 §2): a store's day of sales made by the
real services (sales_factories.store_day), each report's rows, figures, totals, filters and series,
the keys a link or a drill-down opens, and the store scope (another store's sales are not seen)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.billing.tests.factories import committed_order, line
from apps.cards.tests.factories import package_card, stored_value_card
from apps.core.role_codes import ASSET_TRANSFER_APPLY, ASSET_TRANSFER_APPROVE, REPORT_FIGURES_CODE
from apps.core.testing import assert_envelope, assert_list_queries_constant
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.reports.exports import export_run
from apps.reports.models import ExportJob
from apps.reports.summaries.selectors import ensure_fresh, store_totals
from apps.reports.tests.sales_factories import StoreDay, cash, paid, store_day
from apps.staff.tests.factories import EmployeeFactory

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
    ensure_fresh([day.store.pk])
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
    assert column(data, "amount")["drill"] == {
        "report": "SalesDetail",
        "route": "/salesDetail",
        "filters": {"orderId": "orderId"},
    }
    by_day, by_method = data["series"]
    assert by_day["points"][-1]["y"] == "80.00"
    assert len(by_method["points"]) == 1 and by_method["points"][0]["y"] == "80.00"
    assert show(owner, "RefundSummary", method="storedValue")["total"] == 0
    drilled = show(owner, "SalesDetail", orderId=refund["orderId"])
    assert [row["orderId"] for row in drilled["list"]] == [day.plain.pk]


def test_the_card_change_report_shows_the_delay_and_the_transfer_and_filters_by_change(owner, day):
    data = show(owner, "CardChange")
    assert data["total"] == 2 and data["totals"]["moved"] == "200.00"
    (transfer,) = show(owner, "CardChange", changeKind="transfer")["list"]
    assert (transfer["memberName"], transfer["toWhom"], transfer["moved"]) == ("王芳", "李娜", "200.00")
    assert transfer["memberId"] == day.member.pk and transfer["toCardNo"]
    (delay,) = show(owner, "CardChange", changeKind="delay")["list"]
    assert delay["cardNo"] == day.card.card_no and "travelling" in delay["remark"]
    assert show(owner, "CardChange", changeKind="upgrade")["total"] == 0


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
    assert row["depositNo"] == day.deposit.deposit_no and row["orderId"] == day.deposit.order_id
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
    rows = {row["cardNo"]: row for row in data["list"]}
    assert sorted(rows) == sorted([stored.card_no, package.card_no])
    assert {(row["memberId"], row["memberName"], row["toWhom"]) for row in rows.values()} == {
        (duplicate.pk, "王小芳", "王芳")
    }
    assert (rows[stored.card_no]["moved"], rows[package.card_no]["sessions"]) == ("300.00", 5)
    assert show(owner, "CardChange", changeKind="storeMove")["total"] == 0


def test_the_sales_details_export_to_the_download_centre_holds_every_line_with_money_as_numbers(
    owner, day, settings, tmp_path
):
    settings.MEDIA_ROOT = str(tmp_path)
    today = timezone.localdate().isoformat()
    response = owner.post(
        "/rest/businessReportSalesDetail/export",
        {"from": today, "to": today},
        format="json",
        HTTP_IDEMPOTENCY_KEY="sales-export-1",
    )
    job_id = assert_envelope(response, status=202)["jobId"]
    # What the worker does with the queued job (eager without Redis; here the test is the worker).
    export_run(job_id=job_id)
    job = ExportJob.objects.get(pk=job_id)
    assert (job.status, job.rows) == ("done", 7)
    sheet = load_workbook(job.file.path, read_only=True).worksheets[0]
    values = [list(row) for row in sheet.iter_rows(values_only=True)]
    earned = values[0].index(next(header for header in values[0] if header in ("Earned", "实收业绩", "earned")))
    assert sum(Decimal(str(row[earned])) for row in values[1:] if row[earned] is not None) == Decimal("1398.00")


def test_a_nurse_without_the_report_code_sees_only_the_lines_she_served_and_no_other_report(day, make_entry):
    entry = make_entry(day.store, codes=["BTN-UNRELATED"], kind="store_employee")
    day.nurse.user = entry.user
    day.nurse.save()
    nurse = api_client(entry=entry)
    data = show(nurse, "SalesDetail", staffId=day.seller.pk)
    assert {row["orderId"] for row in data["list"]} == {day.served.pk} and data["totals"]["amount"] == "298.00"
    assert_envelope(nurse.get("/rest/businessReportRefundSummary/show"), status=403, errcode="AUTH-40300")


def test_another_stores_id_answers_404_and_select_offers_the_reports_own_filters(owner, chain):
    today = timezone.localdate().isoformat()
    response = owner.get(
        "/rest/businessReportSalesDetail/show", {"from": today, "to": today, "storeId": chain["other_store"].pk}
    )
    assert_envelope(response, status=404, errcode="SYS-40400")
    select = assert_envelope(owner.get("/rest/businessReportSalesDetail/select"), status=200)
    assert select["maxDays"] == 92
    extra = {option["name"]: option for option in select["extra"]}
    assert set(extra) == {"itemKind", "memberId", "orderId"}
    assert "deposit" not in {choice["value"] for choice in extra["itemKind"]["choices"]}
    changes = assert_envelope(owner.get("/rest/businessReportCardChange/select"), status=200)
    assert {choice["value"] for choice in changes["extra"][0]["choices"]} >= {"transfer", "merge", "delay"}


def test_a_page_of_sales_details_costs_as_many_queries_for_fifty_lines_as_for_one(owner, chain):
    store = chain["store"]
    product = stocked(store, "1000", name="洗发水", price=Decimal("100.00"))
    seller = EmployeeFactory.create(store=store)

    def add_rows(n: int) -> None:
        for _ in range(n):
            paid(committed_order(store=store, lines=[line("product", product, staff=[(seller, "1")])]), cash("100.00"))
        # The summaries catch up here, so the count is the report's own (a drain's cost is the summaries').
        ensure_fresh([store.pk])

    today = timezone.localdate().isoformat()
    count = assert_list_queries_constant(
        owner, "/rest/businessReportSalesDetail/show", add_rows, params={"from": today, "to": today, "pageSize": 50}
    )
    # The caller's role entry, the page with its count and totals (window aggregates: one query),
    # the summaries' queue (its drain check, once), their freshness and the trend.
    assert count == 5
