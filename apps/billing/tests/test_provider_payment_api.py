"""Paying orders through WeChat Pay, Alipay and the card terminal (issue 14 §1): pay/excute with a
provider tender (scanned code, QR, terminal), qrSplit, pos/*, tenderStatus, cancel and repay, over
HTTP against the fake providers, which notify the live server as the providers would. Committed
rows (transaction=True): the payments services' durable transactions run as in production, so a
provider call made inside a transaction would fail these tests."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.billing.choices import AuditAction, OrderStatus, TenderStatus
from apps.billing.models import Order, Tender
from apps.billing.tests.checkout_factories import order_of, product, project
from apps.billing.tests.waiting import eventually
from apps.billing.till.provider_tenders import provider_intent_of, tender_id_of, tender_reference
from apps.cards.tests.factories import stored_value_card
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.members.models import Member
from apps.payments.choices import IntentState
from apps.payments.models import PaymentIntent

pytest_plugins = ["apps.billing.tests.provider_fixtures"]
pytestmark = pytest.mark.django_db(transaction=True)

PAY = "/rest/pay/excute"
SCANNED = "134567890123456789"  # a WeChat payment code as the scanner types it
ALIPAY_CODE = "286543210987654300"  # an Alipay payment code: paid at once


def pay(client, order, *tenders, key=None, status=200, errcode="0"):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return assert_envelope(
        client.post(PAY, {"orderId": order.pk, "tenders": list(tenders)}, format="json", **headers),
        status=status,
        errcode=errcode,
    )


def ok(response):
    return assert_envelope(response, status=200)


def tender_status(client, tender_id):
    return ok(client.get(f"/rest/pay/tenderStatus/{tender_id}"))


def provider_row(answer, method):
    return next(row for row in answer["tenders"] if row["method"] == method)


def test_the_reference_names_the_tender_and_nothing_else():
    assert tender_reference(42) == "tender:42"
    assert tender_id_of("tender:42") == 42
    assert tender_id_of("order:42") is None and tender_id_of("tender:x") is None


def test_a_scanned_wechat_code_with_cash_pays_the_order_once_and_a_retry_charges_nothing(
    client, fakes, store, member, seller
):
    order = order_of(store=store, member=member, lines=[product("80.00", staff=[(seller, "1")])])
    tenders = ({"method": "cash", "amount": "30"}, {"method": "wechat", "amount": "50.00", "authCode": SCANNED})
    paid = pay(client, order, *tenders, key="scan-1")
    assert paid["status"] == "paid" and paid["paid"] == "80.00" and paid["pending"] == "0.00"
    wechat = provider_row(paid, "wechat")
    assert (wechat["status"], wechat["mode"], wechat["qrImage"]) == ("succeeded", "code", "")
    again = pay(client, order, *tenders, key="scan-1")  # the client's retry: the first answer, nothing more
    assert again["tenders"][0]["tenderId"] == paid["tenders"][0]["tenderId"]
    assert len(fakes.wechat.trades) == 1 and PaymentIntent.objects.count() == 1
    tender = Tender.objects.get(pk=wechat["tenderId"])
    intent = provider_intent_of(tender)
    assert intent is not None and intent.reference == f"tender:{tender.pk}" and intent.state == IntentState.SUCCEEDED
    order.refresh_from_db()
    assert order.paid_at is not None and order.status == OrderStatus.PAID
    # Settled as a cash payment settles: points on the money paid (80), the visit marked.
    assert Member.objects.get(pk=member.pk).points == 80


def test_a_declined_code_fails_its_tender_with_the_providers_reason_and_frees_its_amount(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("100.00")])
    pay(client, order, {"method": "wechat", "amount": "100.01", "authCode": SCANNED}, status=409, errcode="ORD-40901")
    # The wechat tender pays more than is due: refused before anything was written or asked.
    assert not Tender.objects.filter(order=order).exists() and not fakes.wechat.trades
    order = order_of(store=store, member=None, lines=[product("100.01")])
    answer = pay(
        client, order, {"method": "cash", "amount": "20"}, {"method": "wechat", "amount": "80.01", "authCode": SCANNED}
    )
    wechat = provider_row(answer, "wechat")
    assert wechat["status"] == "failed" and wechat["message"] == "余额不足"
    assert answer["status"] == "partlyPaid" and answer["paid"] == "20.00" and answer["due"] == "80.01"
    assert answer["pending"] == "0.00"
    retried = pay(client, order, {"method": "alipay", "amount": "80.01", "authCode": ALIPAY_CODE})
    assert retried["status"] == "paid"


def test_an_alipay_qr_waits_for_the_customer_and_holds_its_part_of_the_due(client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("60.00")])
    answer = pay(client, order, {"method": "alipay", "amount": "60.00"})
    row = provider_row(answer, "alipay")
    assert row["status"] == "pending" and row["mode"] == "qr" and row["codeUrl"]
    assert row["qrImage"].startswith("data:image/svg+xml")
    assert answer["status"] == "unpaid" and answer["pending"] == "60.00" and answer["due"] == "60.00"
    # The pending part is taken: cash cannot pay it meanwhile.
    pay(client, order, {"method": "cash", "amount": "60"}, status=409, errcode="ORD-40901")
    intent = PaymentIntent.objects.get(reference=f"tender:{row['tenderId']}")
    fakes.alipay.pay_qr(intent.out_trade_no)  # the customer scans and pays; Alipay notifies
    eventually(lambda: tender_status(client, row["tenderId"])["tender"]["status"] == "succeeded")
    status = tender_status(client, row["tenderId"])
    assert status["order"]["status"] == "paid" and status["order"]["pending"] == "0.00"
    assert status["tender"]["qrImage"] == ""  # no QR once it is paid
    assert SystemLog.objects.filter(action=AuditAction.PROVIDER_TENDER_ENDED, object_id=str(order.pk)).count() == 1


def test_qr_split_asks_for_part_of_the_due_and_cancel_closes_it_and_frees_the_part(client, fakes, store):
    order = order_of(store=store, member=None, lines=[project("90.00")])
    split = ok(
        client.post(
            "/rest/pay/qrSplit",
            {"orderId": order.pk, "method": "wechat", "amount": "40.00"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="split-1",
        )
    )
    row = provider_row(split, "wechat")
    assert row["status"] == "pending" and row["codeUrl"].startswith("weixin://")
    closed = ok(client.post(f"/rest/pay/cancel/{row['tenderId']}"))
    assert closed["tender"]["status"] == "failed" and closed["order"]["pending"] == "0.00"
    assert fakes.wechat.trades[PaymentIntent.objects.get().out_trade_no].state == "CLOSED"
    paid = pay(client, order, {"method": "cash", "amount": "90"})
    assert paid["status"] == "paid"


def test_a_split_of_cash_and_the_card_terminal_is_partly_paid_until_the_terminal_confirms(client, fakes, store):
    terminals = ok(client.get("/rest/pos/terminal"))
    assert [t["terminalId"] for t in terminals if t["online"]] == ["T01", "T02"]
    order = order_of(store=store, member=None, lines=[product("100.00")])
    cash = pay(client, order, {"method": "cash", "amount": "40"})
    assert cash["status"] == "partlyPaid"
    asked = ok(
        client.post(
            "/rest/pos/pay",
            {"orderId": order.pk, "amount": "60.00", "terminalId": "T02"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="pos-1",
        )
    )
    row = provider_row(asked, "pos")
    assert row["terminalId"] == "T02"
    # The card goes through at the terminal; the gateway notifies (or the manual query finds it).
    eventually(
        lambda: (
            ok(client.post("/rest/pos/query", {"tenderId": row["tenderId"]}, format="json"))["tender"]["status"]
            == "succeeded"
        )
    )
    order.refresh_from_db()
    assert order.status == OrderStatus.PAID and order.paid == Decimal("100.00")
    assert sorted(Tender.objects.filter(order=order).values_list("method", "status")) == [
        ("cash", TenderStatus.SUCCEEDED),
        ("pos", TenderStatus.SUCCEEDED),
    ]


def test_a_provider_tender_of_another_store_is_not_found(client, other_client, fakes, store):
    order = order_of(store=store, member=None, lines=[product("10.00")])
    row = provider_row(pay(client, order, {"method": "wechat", "amount": "10.00"}), "wechat")
    assert_envelope(other_client.get(f"/rest/pay/tenderStatus/{row['tenderId']}"), status=404, errcode="SYS-40400")
    assert_envelope(other_client.post(f"/rest/pay/cancel/{row['tenderId']}"), status=404, errcode="SYS-40400")
    assert_envelope(other_client.post(f"/rest/pay/repay/{order.pk}"), status=404, errcode="SYS-40400")


def test_a_provider_not_set_up_for_the_store_is_refused_before_anything_is_written(client, settings, store):
    settings.PAYMENT_PROVIDERS = {}
    order = order_of(store=store, member=None, lines=[product("10.00")])
    pay(client, order, {"method": "wechat", "amount": "10.00", "authCode": SCANNED}, status=400, errcode="PAY-40001")
    assert not Tender.objects.filter(order=order).exists()
    assert Order.objects.get(pk=order.pk).status == OrderStatus.UNPAID


def test_commitfromscan_commits_the_order_and_pays_all_of_it_by_the_scanned_code(client, fakes, member, product):
    body = {"memId": member.pk, "lines": [{"type": "product", "itemId": product.pk}], "method": "wechat"}
    answer = ok(
        client.post(
            "/rest/order/commitfromscan", {**body, "authCode": SCANNED}, format="json", HTTP_IDEMPOTENCY_KEY="cfs-1"
        )
    )
    assert answer["status"] == "paid" and answer["paid"] == "100.00"
    assert [(t["method"], t["status"]) for t in answer["tenders"]] == [("wechat", "succeeded")]
    order = Order.objects.get(pk=answer["orderId"])
    assert order.member_id == member.pk and order.status == OrderStatus.PAID and len(fakes.wechat.trades) == 1


def test_a_declined_scan_leaves_the_committed_order_unpaid_to_pay_another_way(client, fakes, product):
    body = {
        "walkIn": {"name": "李女士", "phone": "13800001111"},
        "lines": [{"type": "product", "itemId": product.pk}],
        "method": "alipay",
    }
    answer = ok(
        client.post("/rest/order/salesCommitfromscan", {**body, "authCode": "286543210987654301"}, format="json")
    )
    assert answer["status"] == "unpaid" and answer["tenders"][0]["status"] == "failed"
    assert answer["tenders"][0]["message"]  # Alipay's reason


def test_a_counter_sale_by_scan_is_a_walk_ins_sale_of_goods(client, fakes, member, project):
    line = {"type": "project", "itemId": project.pk}
    refused = assert_envelope(
        client.post(
            "/rest/order/salesCommitfromscan",
            {
                "walkIn": {"name": "李女士", "phone": "13800001111"},
                "lines": [line],
                "method": "wechat",
                "authCode": SCANNED,
            },
            format="json",
        ),
        status=400,
        errcode="VALID-40000",
    )
    assert "lines" in refused["fields"]
    assert not Order.objects.exists()


def test_a_pending_provider_tender_counts_when_lines_priced_with_a_card_need_their_card(client, fakes, store, member):
    card = stored_value_card(member=member, paid="500.00")
    order = order_of(store=store, member=member, lines=[project("90.00", card=card), product("50.00")])
    waiting = pay(client, order, {"method": "wechat", "amount": "50.00"})  # a QR: pending
    assert waiting["pending"] == "50.00"
    # Cash for what a pending QR and the card's 90 leave: nothing; the card's lines are the card's.
    pay(client, order, {"method": "cash", "amount": "40"}, status=409, errcode="ORD-40901")
    assert pay(client, order, {"method": "storedValue", "amount": "90", "cardId": card.pk})["status"] == "partlyPaid"
