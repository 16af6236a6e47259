"""Sales through the real checkout and refund services, for the summaries' tests."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from apps.billing.choices import TenderMethod
from apps.billing.models import Order, Refund
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import Line, order_of
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.tests.factories import CASHIER
from apps.org.models import OrgUnit


def cash(amount: str) -> TenderAsked:
    return TenderAsked(method=TenderMethod.CASH, amount=Decimal(amount))


def sold(store: OrgUnit, *lines: Line, pay: str | None = None, day: date | None = None) -> Order:
    """An order of `lines` committed and paid in cash, in full (or `pay`); `day`: the business day
    it was committed on (a day still open), its staff credits' too."""
    order = order_of(store=store, lines=list(lines))
    if day is not None:
        Order.objects.filter(pk=order.pk).update(business_date=day)
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[cash(pay or str(order.payable))])
    order.refresh_from_db()
    return order


def refunded(order: Order, *, line_index: int = 0) -> Refund:
    line = order.lines.order_by("id")[line_index]
    return order_refund(
        actor=CASHIER, order_id=order.pk, lines=[LineAsked(order_line_id=line.pk)], reason="changed her mind"
    )
