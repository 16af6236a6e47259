"""Commission's test data through the real services: orders sold and paid on a given business day
(billing's factories and checkout), refunds on another, and plans with one version."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from django.utils import timezone

from apps.billing.models import Order
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.commission.models import CommissionPlan
from apps.commission.services import TierInput, VersionInput, plan_create
from apps.core.audit import SYSTEM_ACTOR, Actor

D = Decimal


def month_ago(months: int, day: int = 1) -> date:
    """The `day` of the month `months` before this one."""
    first = timezone.localdate().replace(day=1)
    for _ in range(months):
        first = (first - timedelta(days=1)).replace(day=1)
    return first.replace(day=day)


def sold(store: Any, employee: Any, item: Any, *, day: date, kind: str = "product", qty: int = 1) -> Order:
    """An order of `qty` of `item` served or sold by `employee`, committed and paid in cash on `day`."""
    order = committed_order(store=store, lines=[line(kind, item, qty=qty, staff=[(employee, "1")])], today=day)
    order_pay(
        actor=CASHIER,
        order_id=order.pk,
        tenders=[TenderAsked("cash", order.payable)],
        now=timezone.make_aware(datetime.combine(day, time(12))),
    )
    order.refresh_from_db()
    return order


def refunded(order: Order, *, day: date, qty: int = 1) -> None:
    """`qty` units of the order's one line given back on `day`."""
    order_refund(
        actor=CASHIER,
        order_id=order.pk,
        lines=[LineAsked(order.lines.get().pk, qty=qty)],
        reason="顾客不满意",
        today=day,
    )


def version(
    since: date, tiers: Sequence[tuple[str | int, str | int]], *, mode: str = "whole", per_session: str = "0"
) -> VersionInput:
    return VersionInput(
        effective_from=since,
        tier_mode=mode,
        per_session=D(per_session),
        tiers=tuple(TierInput(D(low), D(rate)) for low, rate in tiers),
    )


def plan(
    position: str,
    kind: str,
    since: date,
    tiers: Sequence[tuple[str | int, str | int]],
    *,
    mode: str = "whole",
    per_session: str = "0",
    store: Any = None,
    actor: Actor = SYSTEM_ACTOR,
) -> CommissionPlan:
    return plan_create(
        actor=actor,
        store_id=store.pk if store is not None else None,
        name=f"{position} {kind}",
        position=position,
        kind=kind,
        version=version(since, tiers, mode=mode, per_session=per_session),
    )
