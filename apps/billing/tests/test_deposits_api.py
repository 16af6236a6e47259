"""Intention deposits over HTTP (issue 17 §4; decision 0021): taken as an order of their own and
paid at the till, applied to an order as a `deposit` tender (part, then the rest), refunded the way
they were paid, the refusals, the lists and the daily figures (takings vs revenue)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.choices import DepositStatus, TenderMethod
from apps.billing.closing.rows import DayFiguresRow
from apps.billing.closing.selectors import Day, day_figures
from apps.billing.closing.services import CarryOver, day_close
from apps.billing.models import Deposit, DepositEntry, Tender
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.conftest import BILLS, CASHIER, ORDER_DETAILS
from apps.cards.tests.factories import CASHIER as CASHIER_ACTOR
from apps.core.ledgers import audit_all
from apps.core.models import SystemLog
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND, REFUND_APPROVE
from apps.core.testing import assert_envelope
from apps.members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db

D = Decimal
TAKE, APPLY, REFUND_URL = "/rest/intention/take", "/rest/intention/apply", "/rest/intention/refund"


@pytest.fixture
def till(store, make_entry):
    """A principal at the till: the cashier's pages, the refund code, the deposit records."""
    codes = [CASHIER, BILLS, ORDER_DETAILS, REFUND.code, code_of("/depositRecord")]
    return api_client(entry=make_entry(store, codes=codes))


def take(client, member, amount: str, *, key: str | None = None, status=201, errcode="0", remark="for a perm"):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    body = {"memId": member.pk, "amount": amount, "remark": remark}
    return assert_envelope(client.post(TAKE, body, format="json", **headers), status=status, errcode=errcode)


def pay_cash(client, order_id: int, amount: str):
    body = {"orderId": order_id, "tenders": [{"method": "cash", "amount": amount}]}
    return assert_envelope(client.post("/rest/pay/excute", body, format="json"), status=200)


def taken(client, member, amount: str) -> dict:
    answer = take(client, member, amount)
    pay_cash(client, answer["orderId"], amount)
    return answer["deposit"]


def apply(client, order, deposit_id: int, amount: str, *, status=200, errcode="0", key: str | None = None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    body = {"orderId": order.pk, "depositId": deposit_id, "amount": amount}
    return assert_envelope(client.post(APPLY, body, format="json", **headers), status=status, errcode=errcode)


def today_figures(store) -> DayFiguresRow:
    return day_figures(Day(store.pk, timezone.localdate()))


def test_a_deposit_taken_in_cash_is_takings_and_a_liability_not_revenue(till, store, member):
    answer = take(till, member, "500", key="take-1")
    deposit = answer["deposit"]
    assert (deposit["status"], deposit["amount"], deposit["left"]) == ("unpaid", "500.00", "0.00")
    assert take(till, member, "500", key="take-1")["orderId"] == answer["orderId"]  # a retry takes one
    assert Deposit.objects.count() == 1
    paid = pay_cash(till, answer["orderId"], "500")
    assert paid["status"] == "paid"
    row = Deposit.objects.get(pk=deposit["depositId"])
    assert (row.status, row.balance, row.amount) == (DepositStatus.OPEN, D("500.00"), D("500.00"))
    assert list(DepositEntry.objects.values_list("kind", "change", "balance_after")) == [
        ("taken", D("500.00"), D("500.00"))
    ]
    figures = today_figures(store)
    assert figures["takings"]["money"] == "500.00" and figures["cash"]["expected"] == "500.00"
    assert figures["revenue"]["liabilityIn"] == "500.00" and figures["revenue"]["earned"] == "0.00"
    kinds = {kind["kind"]: kind["amount"] for kind in figures["sales"]["kinds"]}
    assert kinds["deposits"] == "500.00"
    assert figures["deposits"]["taken"] == {"count": 1, "amount": "500.00"}
    assert figures["deposits"]["held"] == "500.00"
    assert SystemLog.objects.filter(action="billing.deposit_taken").count() == 1
    assert audit_all() == []


def test_a_deposit_order_is_paid_in_money_only(till, store, member):
    answer = take(till, member, "100")
    body = {"orderId": answer["orderId"], "tenders": [{"method": "points", "amount": "10"}]}
    assert_envelope(till.post("/rest/pay/excute", body, format="json"), status=400, errcode="VALID-40000")
    line = {"type": "deposit", "itemId": 1, "qty": 1}
    assert_envelope(
        till.post("/rest/order/commit", {"memId": member.pk, "lines": [line]}, format="json"),
        status=400,
        errcode="VALID-40000",
    )


def test_part_of_a_deposit_pays_an_order_then_the_rest_pays_another(till, store, member):
    deposit = taken(till, member, "500")
    first = order_of(store=store, member=member, lines=[product("300.00")])
    answer = apply(till, first, deposit["depositId"], "200", key="apply-1")
    assert answer["payment"]["status"] == "partlyPaid" and answer["payment"]["due"] == "100.00"
    assert (answer["deposit"]["status"], answer["deposit"]["left"]) == ("partlyUsed", "300.00")
    assert apply(till, first, deposit["depositId"], "200", key="apply-1")["deposit"]["left"] == "300.00"  # replay
    apply(till, first, deposit["depositId"], "150", status=409, errcode="ORD-40901")  # more than is due
    pay_cash(till, first.pk, "100")
    second = order_of(store=store, member=member, lines=[product("400.00")])
    apply(till, second, deposit["depositId"], "300.01", status=409, errcode="DEP-40901")  # more than is left
    rest = apply(till, second, deposit["depositId"], "300")
    assert (rest["deposit"]["status"], rest["deposit"]["left"], rest["deposit"]["applied"]) == (
        "used",
        "0.00",
        "500.00",
    )
    apply(till, second, deposit["depositId"], "1", status=409, errcode="DEP-40901")  # nothing left
    pay_cash(till, second.pk, "100")
    tender = Tender.objects.get(order=second, method=TenderMethod.DEPOSIT)
    assert tender.deposit_id == deposit["depositId"] and tender.amount == D("300.00")
    detail = assert_envelope(till.get(f"/rest/intention/detail?depositId={deposit['depositId']}"), status=200)
    assert [entry["kind"] for entry in detail["entries"]] == ["taken", "applied", "applied"]
    assert [(row["orderId"], row["amount"]) for row in detail["orders"]] == [
        (first.pk, "200.00"),
        (second.pk, "300.00"),
    ]
    figures = today_figures(store)
    # Money in: the deposit's 500 and the orders' 100 each; the deposit applied is not money again.
    assert figures["takings"]["money"] == "700.00"
    assert figures["revenue"]["goodsAndServices"] == "700.00" and figures["revenue"]["paidFromDeposits"] == "500.00"
    assert figures["deposits"]["applied"] == {"count": 2, "amount": "500.00"}
    assert figures["deposits"]["held"] == "0.00"
    assert SystemLog.objects.filter(action="billing.deposit_applied").count() == 2
    assert audit_all() == []


def test_a_refund_of_an_order_paid_by_a_deposit_gives_that_part_back_to_the_deposit(till, store, member):
    deposit = taken(till, member, "300")
    order = order_of(store=store, member=member, lines=[product("100.00")])
    apply(till, order, deposit["depositId"], "100")
    line = order.lines.get()
    body = {"orderId": order.pk, "lines": [{"orderLineId": line.pk, "amount": "40"}], "reason": "wrong colour"}
    assert_envelope(till.post("/rest/recede/recede", body, format="json"), status=200)
    row = Deposit.objects.get(pk=deposit["depositId"])
    assert (row.balance, row.applied, row.status) == (D("240.00"), D("60.00"), DepositStatus.PARTLY_USED)
    assert DepositEntry.objects.filter(kind="returned", change=D("40.00")).count() == 1
    assert audit_all() == []


def test_a_deposit_is_refunded_in_cash_out_of_the_till_never_more_than_is_left(till, store, member):
    deposit = taken(till, member, "200")
    order = order_of(store=store, member=member, lines=[product("50.00")])
    apply(till, order, deposit["depositId"], "50")
    body = {"depositId": deposit["depositId"], "amount": "150.01", "reason": "changed her mind"}
    assert_envelope(till.post(REFUND_URL, body, format="json"), status=409, errcode="DEP-40901")
    assert_envelope(
        till.post(REFUND_URL, {"depositId": deposit["depositId"]}, format="json"), status=400, errcode="VALID-40000"
    )  # a reason is required
    answer = assert_envelope(
        till.post(REFUND_URL, {"depositId": deposit["depositId"], "reason": "changed her mind"}, format="json"),
        status=200,
    )
    assert (answer["deposit"]["status"], answer["deposit"]["left"], answer["deposit"]["refunded"]) == (
        "refunded",
        "0.00",
        "150.00",
    )
    assert answer["refund"]["amount"] == "150.00"
    assert [t["method"] for t in answer["refund"]["tenders"]] == ["cash"]
    body = {"depositId": deposit["depositId"], "reason": "again"}
    assert_envelope(till.post(REFUND_URL, body, format="json"), status=409, errcode="DEP-40901")
    figures = today_figures(store)
    assert figures["cash"]["expected"] == "50.00"  # 200 in, 150 back out of the till
    assert figures["deposits"]["refunded"] == {"count": 1, "amount": "150.00"}
    assert figures["revenue"]["liabilityOut"] == "150.00"
    assert SystemLog.objects.filter(action="billing.deposit_refunded").count() == 1
    assert audit_all() == []


def test_another_stores_deposit_is_not_found(till, store, other_store, member, make_entry):
    deposit = taken(till, member, "100")
    codes = [CASHIER, BILLS, ORDER_DETAILS, REFUND.code, code_of("/depositRecord")]
    other = api_client(entry=make_entry(other_store, codes=codes))
    order = order_of(store=other_store, member=member, lines=[product("50.00")])
    apply(other, order, deposit["depositId"], "50", status=404, errcode="SYS-40400")
    body = {"depositId": deposit["depositId"], "reason": "x"}
    assert_envelope(other.post(REFUND_URL, body, format="json"), status=404, errcode="SYS-40400")
    detail = other.get(f"/rest/intention/detail?depositId={deposit['depositId']}")
    assert_envelope(detail, status=404, errcode="SYS-40400")
    assert assert_envelope(other.get("/rest/intention/list"), status=200)["total"] == 0
    # Another member's deposit does not pay this member's order.
    stranger = MemberFactory(home_store=store, phone="13900001111")
    mine = order_of(store=store, member=stranger, lines=[product("50.00")])
    apply(till, mine, deposit["depositId"], "50", status=400, errcode="VALID-40000")


def test_a_closed_day_takes_no_deposit_and_applies_none(till, store, member):
    deposit = taken(till, member, "100")
    order = order_of(store=store, member=member, lines=[product("50.00")])
    day_close(
        actor=CASHIER_ACTOR,
        store=store,
        day=timezone.localdate(),
        cash_counted=D("100.00"),
        carry_over=[CarryOver("order", str(order.pk), "paid from the deposit tomorrow")],
    )
    take(till, member, "100", status=409, errcode="DAY-40901")
    apply(till, order, deposit["depositId"], "50", status=409, errcode="DAY-40901")
    assert Deposit.objects.get(pk=deposit["depositId"]).balance == D("100.00")


def test_the_lists_and_the_deposit_records_with_totals_and_time_range_rules(till, store, member):
    first = taken(till, member, "100")
    take(till, member, "80")  # unpaid
    order = order_of(store=store, member=member, lines=[product("30.00")])
    apply(till, order, first["depositId"], "30")
    listed = assert_envelope(till.get("/rest/intention/list?status=partlyUsed"), status=200)
    assert [row["depositId"] for row in listed["list"]] == [first["depositId"]]
    assert listed["list"][0]["phone"] == "139****5678"
    records = assert_envelope(till.get("/rest/intention/records?kind=applied"), status=200)
    assert [(row["kind"], row["change"], row["left"]) for row in records["list"]] == [("applied", "-30.00", "70.00")]
    usable = assert_envelope(till.get(f"/rest/intention/memberDeposits?memId={member.pk}"), status=200)
    assert [row["depositId"] for row in usable] == [first["depositId"]]
    today = timezone.localdate().isoformat()
    assert_envelope(till.get("/rest/depositRecord/list"), status=400, errcode="VALID-40000")
    answer = till.get(f"/rest/depositRecord/list?dateFrom={today}&dateTo=2001-01-01")
    assert_envelope(answer, status=400, errcode="VALID-40000")
    assert answer.json()["errmsg"] in ("please choose a suitable end time", "请选择合适的结束时间")
    far = till.get(f"/rest/depositRecord/list?dateFrom=2001-01-01&dateTo={today}")
    assert_envelope(far, status=400, errcode="VALID-40000")
    page = assert_envelope(till.get(f"/rest/depositRecord/list?dateFrom={today}&dateTo={today}&pageSize=1"), status=200)
    assert page["total"] == 2 and len(page["list"]) == 1
    assert page["summary"] == {"count": 2, "taken": "100.00", "applied": "30.00", "refunded": "0.00", "held": "70.00"}
    export = till.get(f"/rest/depositRecord/export?dateFrom={today}&dateTo={today}")
    assert export.status_code == 200 and export["Content-Type"].startswith("application/vnd.openxmlformats")


def test_a_refund_above_the_stores_amount_waits_for_the_owners_approval_then_keeps_the_ledger(
    till, store, member, make_entry
):
    deposit = taken(till, member, "300")
    store.refund_approval_above = D("100.00")
    store.save(update_fields=["refund_approval_above"])
    body = {"depositId": deposit["depositId"], "reason": "moved away"}
    waiting = assert_envelope(till.post(REFUND_URL, body, format="json"), status=202)
    assert Deposit.objects.get(pk=deposit["depositId"]).balance == D("300.00")  # nothing refunded yet
    owner = make_entry(store, codes=[REFUND.code, REFUND_APPROVE.code], kind="owner")
    approved = api_client(entry=owner).post(
        "/rest/approvalCenterRest/approve",
        {"id": waiting["approvalId"], "remark": "ok"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="owner-1",
    )
    assert assert_envelope(approved, status=200)["status"] == "approved"
    row = Deposit.objects.get(pk=deposit["depositId"])
    assert (row.status, row.balance, row.refunded) == (DepositStatus.REFUNDED, D("0.00"), D("300.00"))
    assert audit_all() == []


def test_a_deposit_refunded_in_parts_still_needs_approval(till, store, member):
    """Issue 25 finding 5: the store's amount counts what the deposit's order already gave back."""
    deposit = taken(till, member, "300")
    store.refund_approval_above = D("100.00")
    store.save(update_fields=["refund_approval_above"])
    body = {"depositId": deposit["depositId"], "amount": "99", "reason": "moved away"}
    assert_envelope(till.post(REFUND_URL, body, format="json"), status=200)
    waiting = assert_envelope(till.post(REFUND_URL, body, format="json"), status=202)
    assert waiting["amount"] == "99.00"
    row = Deposit.objects.get(pk=deposit["depositId"])
    assert (row.balance, row.refunded) == (D("201.00"), D("99.00"))
    assert audit_all() == []
