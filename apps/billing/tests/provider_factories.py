"""An order paid through a provider the way the cashier pays it (issue 14 §1, the payment path of
apps.billing.till.provider_payments): `order_pay` writes the provider tender pending, `provider_tender_ask`
asks the fake provider (reference `tender:<id>`), and the payments listener marks the tender succeeded
and the order paid. One function, so the refund tests start from the real payment."""

from __future__ import annotations

import time
from decimal import Decimal

from apps.billing.choices import OrderStatus, TenderStatus
from apps.billing.models import Order, Tender
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.billing.till.provider_payments import provider_tender_ask
from apps.billing.till.provider_tenders import provider_intent_of
from apps.cards.tests.factories import CASHIER
from apps.payments.choices import IntentState
from apps.payments.models import PaymentIntent
from apps.payments.services import intent_query

WECHAT_CODE = "134567890123456789"
ALIPAY_CODE = "286000000000000000"  # Alipay's fake: any code not ending in a scenario pays at once


def provider_paid(order: Order, provider: str, amount: str, *, cash: str | None = None) -> tuple[Tender, PaymentIntent]:
    """Pays `order`: `cash` (when given) and `amount` by `provider` (wechat, alipay, pos) in one
    payment; answers the provider tender, succeeded, and its succeeded intent."""
    code = {"wechat": WECHAT_CODE, "alipay": ALIPAY_CODE, "pos": "", "box": ""}[provider]
    asked = [TenderAsked(method="cash", amount=Decimal(cash))] if cash is not None else []
    asked.append(
        TenderAsked(
            method=provider, amount=Decimal(amount), auth_code=code, terminal_id="B01" if provider == "box" else "T01"
        )
    )
    payment = order_pay(actor=CASHIER, order_id=order.pk, tenders=asked)
    assert payment.provider_tender is not None
    tender = provider_tender_ask(tender_id=payment.provider_tender.pk, auth_code=payment.auth_code, actor=CASHIER)
    intent = provider_intent_of(tender)
    assert intent is not None
    for _ in range(50):  # the card terminal settles the card a moment after the request
        if intent.state != IntentState.PENDING:
            break
        time.sleep(0.1)
        intent = intent_query(intent_id=intent.pk)
    tender.refresh_from_db()
    order.refresh_from_db()
    assert intent.state == IntentState.SUCCEEDED, intent.message
    assert tender.status == TenderStatus.SUCCEEDED and order.status == OrderStatus.PAID
    return tender, intent
