"""A provider tender as the payment side leaves it: a succeeded Tender of the provider's method on a
paid order and a real succeeded payment intent made against the fake provider, whose reference is
`tender:<id>`. One function, so the payment path (pay/excute with a provider tender) can take its
place when both sides meet."""

from __future__ import annotations

import time
from decimal import Decimal

from django.utils import timezone

from apps.billing.checkout import TenderAsked, order_pay
from apps.billing.choices import OrderStatus, TenderStatus
from apps.billing.models import Order, Tender
from apps.billing.provider_refunds import tender_reference
from apps.cards.tests.factories import CASHIER
from apps.payments.choices import IntentState
from apps.payments.models import PaymentIntent
from apps.payments.services import intent_pay_by_code, intent_query

WECHAT_CODE = "134567890123456789"
ALIPAY_CODE = "286000000000000000"  # Alipay's fake: any code not ending in a scenario pays at once


def provider_paid(order: Order, provider: str, amount: str, *, cash: str | None = None) -> tuple[Tender, PaymentIntent]:
    """Pays `order`: `cash` first (when given), then `amount` by `provider` (wechat, alipay, pos);
    answers the provider tender and its succeeded intent."""
    if cash is not None:
        order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked(method="cash", amount=Decimal(cash))])
        order.refresh_from_db()
    tender = Tender.objects.create(
        order=order, method=provider, amount=Decimal(amount), status=TenderStatus.SUCCEEDED, store=order.store
    )
    code = {"wechat": WECHAT_CODE, "alipay": ALIPAY_CODE, "pos": ""}[provider]
    intent = intent_pay_by_code(
        reference=tender_reference(tender.pk),
        store_id=order.store_id,
        member_id=order.member_id,
        provider=provider,
        amount=Decimal(amount),
        auth_code=code,
        terminal_id="T01" if provider == "pos" else "",
    )
    for _ in range(50):  # the card terminal settles the card a moment after the request
        if intent.state != IntentState.PENDING:
            break
        time.sleep(0.1)
        intent = intent_query(intent_id=intent.pk)
    assert intent.state == IntentState.SUCCEEDED, intent.message
    order.paid += Decimal(amount)
    assert order.paid == order.payable
    order.status, order.paid_at = OrderStatus.PAID, timezone.now()
    order.save(update_fields=["paid", "status", "paid_at", "updated_at"])
    return tender, intent
