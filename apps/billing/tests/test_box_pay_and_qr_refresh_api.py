"""Box pay and the QR refresh (spec §7.8; decision 0016, decision 0015): the store's payment box
takes what is still to pay of an order (pending until the box's gateway says paid, declined or
closed; the listener settles the order), and a pending QR tender gets a new QR after the old trade
is closed at the provider — or, when the customer paid the old one meanwhile, the tender succeeds
and no new QR is made. Over HTTP against the fake providers, which notify the live server."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from apps.billing.choices import OrderStatus
from apps.billing.models import Order, Tender
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.waiting import eventually
from apps.core.ledgers import audit_all
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.payments.choices import AuditAction as PaymentAudit
from apps.payments.choices import IntentState
from apps.payments.models import PaymentEvent, PaymentIntent
from apps.payments.services import intents_poll_due

pytest_plugins = ["apps.billing.tests.provider_fixtures"]
pytestmark = pytest.mark.django_db(transaction=True)

BOX_PAY = "/rest/pay/boxPay"


def ok(response):
    return assert_envelope(response, status=200)


def box_pay(client, order, key, **fields):
    return client.post(BOX_PAY, {"orderId": order.pk, **fields}, format="json", HTTP_IDEMPOTENCY_KEY=key)


def tender_status(client, tender_id):
    return ok(client.get(f"/rest/pay/tenderStatus/{tender_id}"))


def row_of(answer, method):
    return next(row for row in answer["tenders"] if row["method"] == method)


def intents_of(tender_id):
    return list(PaymentIntent.objects.filter(reference=f"tender:{tender_id}").order_by("id"))


# -- box pay ---------------------------------------------------------------------------------------
def test_the_box_takes_what_is_still_to_pay_and_a_retry_sends_nothing_more(client, fakes, store):
    boxes = ok(client.get("/rest/pay/boxList"))
    assert [(b["terminalId"], b["online"]) for b in boxes] == [("B01", True), ("B02", True), ("B03", False)]
    order = order_of(store=store, member=None, lines=[product("100.00")])
    cash = ok(
        client.post(
            "/rest/pay/excute", {"orderId": order.pk, "tenders": [{"method": "cash", "amount": "40"}]}, format="json"
        )
    )
    assert cash["due"] == "60.00"
    asked = ok(box_pay(client, order, "box-1", boxId="B02"))  # no amount: all that is still to pay
    row = row_of(asked, "box")
    assert (row["amount"], row["terminalId"], row["mode"]) == ("60.00", "B02", "code")
    again = ok(box_pay(client, order, "box-1", boxId="B02"))
    assert row_of(again, "box")["tenderId"] == row["tenderId"]
    # The customer shows the code to the box; its gateway notifies (or the query finds it).
    eventually(lambda: tender_status(client, row["tenderId"])["tender"]["status"] == "succeeded")
    status = tender_status(client, row["tenderId"])
    assert status["tender"]["message"] == "wechat"  # the wallet the customer paid with
    assert status["order"]["status"] == "paid" and status["order"]["due"] == "0.00"
    assert len(fakes.box.payments) == 1 and len(intents_of(row["tenderId"])) == 1
    order.refresh_from_db()
    assert order.status == OrderStatus.PAID and order.paid == Decimal("100.00")
    # Nothing left: the box is not asked for nothing.
    assert_envelope(box_pay(client, order, "box-2"), status=400, errcode="VALID-40000")
    assert audit_all() == []


def test_a_declined_box_payment_fails_with_the_wallets_reason_and_frees_its_amount(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("80.01")])
    asked = ok(box_pay(client, order, "box-3", amount="80.01"))
    tender_id = row_of(asked, "box")["tenderId"]
    eventually(lambda: tender_status(client, tender_id)["tender"]["status"] == "failed")
    status = tender_status(client, tender_id)
    assert status["tender"]["message"].startswith("NOTENOUGH")
    assert status["order"]["due"] == "80.01" and status["order"]["pending"] == "0.00"


def test_a_customer_who_never_shows_a_code_can_be_cancelled_or_times_out(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("30.03")])
    row = row_of(ok(box_pay(client, order, "box-4")), "box")
    assert row["status"] == "pending"
    assert tender_status(client, row["tenderId"])["order"]["pending"] == "30.03"
    closed = ok(client.post(f"/rest/pay/cancel/{row['tenderId']}"))
    assert closed["tender"]["status"] == "failed" and closed["order"]["pending"] == "0.00"
    assert next(iter(fakes.box.payments.values())).state == "closed"
    # Again, and this time nobody cancels: past its expiry the poller closes it at the box.
    second = row_of(ok(box_pay(client, order, "box-5")), "box")
    PaymentIntent.objects.filter(reference=f"tender:{second['tenderId']}").update(
        expires_at=timezone.now() - timedelta(seconds=1), next_poll_at=timezone.now()
    )
    intents_poll_due()
    assert tender_status(client, second["tenderId"])["tender"]["status"] == "failed"


def test_an_offline_box_fails_the_tender_at_once(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("10.00")])
    row = row_of(ok(box_pay(client, order, "box-6", boxId="B03")), "box")
    assert row["status"] == "failed" and "TERMINAL_OFFLINE" in row["message"]


def test_pay_excute_takes_the_box_as_a_tender_too(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("50.00")])
    tenders = [{"method": "cash", "amount": "20"}, {"method": "box", "amount": "30.00", "terminalId": "B01"}]
    answer = ok(client.post("/rest/pay/excute", {"orderId": order.pk, "tenders": tenders}, format="json"))
    tender_id = row_of(answer, "box")["tenderId"]
    eventually(lambda: tender_status(client, tender_id)["order"]["status"] == "paid")
    assert Tender.objects.get(pk=tender_id).terminal_id == "B01"


def test_another_stores_cashier_cannot_send_an_order_to_the_box(other_client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("10.00")])
    assert_envelope(box_pay(other_client, order, "box-7"), status=404, errcode="SYS-40400")
    assert not Tender.objects.filter(order=order).exists()


# -- the QR refresh --------------------------------------------------------------------------------
def qr_tender(client, order, method):
    answer = ok(
        client.post(
            "/rest/pay/excute",
            {"orderId": order.pk, "tenders": [{"method": method, "amount": str(order.payable)}]},
            format="json",
        )
    )
    return row_of(answer, method)


@pytest.mark.parametrize("method", ["wechat", "alipay"])
def test_an_expired_qr_is_closed_at_the_provider_and_a_new_one_pays_the_tender(client, fakes, store, method):
    order = order_of(store=store, member=None, lines=[product("66.00")])
    row = qr_tender(client, order, method)
    old = intents_of(row["tenderId"])[0]
    refreshed = ok(client.post(f"/rest/pay/qrRefresh/{row['tenderId']}"))
    tender = refreshed["tender"]
    assert tender["tenderId"] == row["tenderId"] and tender["status"] == "pending"
    assert tender["codeUrl"] and tender["codeUrl"] != row["codeUrl"] and tender["qrImage"]
    assert refreshed["order"]["pending"] == "66.00"
    old.refresh_from_db()
    new = intents_of(row["tenderId"])[-1]
    assert old.state == IntentState.CLOSED and old.message == f"replaced by {new.out_trade_no}"
    assert new.state == IntentState.PENDING and new.out_trade_no != old.out_trade_no and new.amount == old.amount
    assert PaymentEvent.objects.filter(intent=old, detail__replaced_by=new.out_trade_no).count() == 1
    assert SystemLog.objects.filter(action=PaymentAudit.PAYMENT_REFRESHED).count() == 1
    # The old QR can no longer be paid; the new one pays the tender.
    if method == "wechat":
        assert fakes.wechat.trades[old.out_trade_no].state == "CLOSED"
        fakes.wechat.customer_pays(new.out_trade_no)
    else:
        assert fakes.alipay.pay_qr(old.out_trade_no).status != "TRADE_SUCCESS"
        fakes.alipay.pay_qr(new.out_trade_no)
    eventually(lambda: tender_status(client, row["tenderId"])["tender"]["status"] == "succeeded")
    assert Order.objects.get(pk=order.pk).status == OrderStatus.PAID
    assert [i.state for i in intents_of(row["tenderId"])] == [IntentState.CLOSED, IntentState.SUCCEEDED]
    assert audit_all() == []


@pytest.mark.parametrize("method", ["wechat", "alipay"])
def test_a_qr_paid_meanwhile_is_applied_instead_of_refreshed(client, fakes, store, method):
    """The customer paid the old QR and its notification has not arrived (or was lost): the close
    is refused by the provider, the success is applied, and no second trade is opened."""
    order = order_of(store=store, member=None, lines=[product("77.00")])
    row = qr_tender(client, order, method)
    old = intents_of(row["tenderId"])[0]
    if method == "wechat":
        trade = fakes.wechat.trades[old.out_trade_no]
        trade.notify_url = ""  # WeChat Pay's notification is lost
        fakes.wechat.customer_pays(old.out_trade_no)
    else:
        fakes.alipay.trades[old.out_trade_no].notify_url = "http://127.0.0.1:9/nowhere"  # lost
        fakes.alipay.pay_qr(old.out_trade_no)
    assert tender_status(client, row["tenderId"])["tender"]["status"] == "pending"  # we have not heard yet
    refreshed = ok(client.post(f"/rest/pay/qrRefresh/{row['tenderId']}"))
    assert refreshed["tender"]["status"] == "succeeded" and refreshed["tender"]["qrImage"] == ""
    assert refreshed["order"]["status"] == "paid"
    intents = intents_of(row["tenderId"])
    assert [(i.pk, i.state) for i in intents] == [(old.pk, IntentState.SUCCEEDED)]  # one paid intent, no new one
    trades = fakes.wechat.trades if method == "wechat" else fakes.alipay.trades
    assert list(trades) == [old.out_trade_no]
    # A second refresh answers the paid tender as it stands.
    assert ok(client.post(f"/rest/pay/qrRefresh/{row['tenderId']}"))["tender"]["status"] == "succeeded"
    assert audit_all() == []


def test_only_a_pending_qr_tender_is_refreshed(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("20.00")])
    row = row_of(
        ok(
            client.post(
                "/rest/pay/excute",
                {"orderId": order.pk, "tenders": [{"method": "box", "amount": "20.00"}]},
                format="json",
            )
        ),
        "box",
    )
    assert_envelope(client.post(f"/rest/pay/qrRefresh/{row['tenderId']}"), status=409, errcode="PAY-40903")
    assert_envelope(client.post("/rest/pay/qrRefresh/999999"), status=404, errcode="SYS-40400")


def test_a_qr_refresh_of_another_store_is_not_found(client, other_client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("12.00")])
    row = qr_tender(client, order, "wechat")
    assert_envelope(other_client.post(f"/rest/pay/qrRefresh/{row['tenderId']}"), status=404, errcode="SYS-40400")
    assert len(intents_of(row["tenderId"])) == 1


def test_a_provider_that_cannot_be_reached_leaves_the_qr_as_it_was(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("15.00")])
    row = qr_tender(client, order, "alipay")
    fakes.alipay.fail_next("http500")
    assert_envelope(client.post(f"/rest/pay/qrRefresh/{row['tenderId']}"), status=409, errcode="PAY-40904")
    assert [i.state for i in intents_of(row["tenderId"])] == [IntentState.PENDING]
