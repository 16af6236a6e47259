"""The day's refunds on /dailyKnots (issue 14 §3): by method, their count, the provider refunds
still pending (closing waits for them like a pending payment) or refused, the revenue net of what
was returned, and the providers' reconciliation differences of the day."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from apps.billing.models import RefundTender
from apps.billing.refunds.provider_refunds import refund_reference
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.provider_factories import provider_paid
from apps.cards.tests.factories import CASHIER
from apps.core.testing import assert_envelope
from apps.payments.choices import DifferenceKind
from apps.payments.models import ProviderRefund, ReconciliationDifference

pytestmark = pytest.mark.django_db

D = Decimal
PREVIEW = "/rest/daily/preview"
CLOSE = "/rest/daily/close"


def refund_of(order, amount):
    line = order.lines.order_by("id").first()
    ask = LineAsked(order_line_id=line.pk, amount=D(amount))
    return order_refund(actor=CASHIER, order_id=order.pk, lines=[ask], reason="torn")


def close(client, counted, status, errcode="0"):
    body = {"date": timezone.localdate().isoformat(), "cashCounted": counted}
    return assert_envelope(client.post(CLOSE, body, format="json"), status=status, errcode=errcode)


def test_a_pending_provider_refund_shows_and_blocks_closing_until_the_provider_confirms(
    providers, manager, store, member, sent
):
    order = order_of(store=store, member=member, lines=[product("60.00"), product("40.00")])
    provider_paid(order, "wechat", "60.00", cash="40.00")
    refund = sent(lambda: refund_of(order, "50.00"))
    figures = assert_envelope(manager.get(PREVIEW), status=200)
    refunds = figures["refunds"]
    assert (refunds["count"], refunds["amount"]) == (1, "50.00")
    assert [(m["method"], m["count"], m["amount"]) for m in refunds["methods"]] == [("cash", 1, "20.00")]
    assert refunds["pending"]["count"] == 1 and refunds["pending"]["amount"] == "30.00"
    assert [(t["refundNo"], t["method"]) for t in refunds["pending"]["tenders"]] == [(refund.refund_no, "wechat")]
    assert refunds["failed"] == {"count": 0, "amount": "0.00"}
    # Revenue: the 100 of goods sold, less the 50 given back for them.
    assert (figures["revenue"]["goodsAndServices"], figures["revenue"]["returned"]) == ("100.00", "50.00")
    assert figures["revenue"]["earned"] == "50.00"
    assert figures["cash"]["expected"] == "20.00"

    refused = close(manager, "20.00", status=409, errcode="DAY-40902")
    assert refused["pendingRefunds"]["count"] == 1

    wechat = RefundTender.objects.get(refund=refund, method="wechat")
    providers["wechat"].complete_refund(ProviderRefund.objects.get(reference=refund_reference(wechat.pk)).out_refund_no)
    figures = assert_envelope(manager.get(PREVIEW), status=200)
    assert figures["refunds"]["pending"]["count"] == 0
    assert {m["method"]: m["amount"] for m in figures["refunds"]["methods"]} == {"cash": "20.00", "wechat": "30.00"}
    assert {m["method"]: m["amount"] for m in figures["takings"]["methods"]} == {"cash": "20.00", "wechat": "30.00"}
    close(manager, "20.00", status=201)


def test_a_refused_provider_refund_is_shown_as_failed_and_does_not_block(providers, manager, store, member, sent):
    order = order_of(store=store, member=member, lines=[product("50.00")])
    _tender, intent = provider_paid(order, "wechat", "50.00")
    providers["wechat"].trades[intent.out_trade_no].refunded = 5000  # refunded on the provider's platform
    sent(lambda: refund_of(order, "20.00"))
    figures = assert_envelope(manager.get(PREVIEW), status=200)
    assert figures["refunds"]["failed"] == {"count": 1, "amount": "20.00"}
    assert figures["refunds"]["methods"] == [] and figures["refunds"]["pending"]["count"] == 0
    # The money did not go back: the day's WeChat Pay takings keep it.
    assert {m["method"]: m["amount"] for m in figures["takings"]["methods"]} == {"wechat": "50.00"}
    close(manager, "0.00", status=201)


def test_the_days_reconciliation_differences_are_shown(manager, store, other_store):
    day = timezone.localdate()
    ReconciliationDifference.objects.create(
        day=day, provider="wechat", merchant_id="M1", store_id=store.pk, kind=DifferenceKind.AMOUNT_DIFFERS,
        out_trade_no="P1", ours=D("10.00"), theirs=D("9.00"),
    )  # fmt: skip
    ReconciliationDifference.objects.create(
        day=day, provider="alipay", merchant_id="M1", store_id=other_store.pk, kind=DifferenceKind.OURS_NOT_THEIRS,
        out_trade_no="P2", ours=D("5.00"),
    )  # fmt: skip
    figures = assert_envelope(manager.get(PREVIEW), status=200)
    assert [(r["provider"], r["kind"], r["outTradeNo"], r["ours"], r["theirs"]) for r in figures["reconciliation"]] == [
        ("wechat", "amount_differs", "P1", "10.00", "9.00")
    ]
