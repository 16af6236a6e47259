"""Billing's rows named as people read them (apps.core.object_names): an order, a refund and an
intention deposit by their numbers (SO…, RF…, DJ…), a daily closing by its day, owed goods by their
order's number. The system log (apps.reports) and the stock flow (apps.inventory.hooks) show them.
All the models are billing's base, so the part they sit in reads no part above it."""

from __future__ import annotations

from collections.abc import Collection

from django.db.models import Model

from apps.billing.models import DailyClosing, Deposit, Order, OwedGoods, Refund


def _numbers(model: type[Model], field: str, ids: Collection[int]) -> dict[int, str]:
    # A row is numbered from its id right after it is made: "#id" only names one caught in between.
    rows = model._default_manager.filter(pk__in=ids).values_list("pk", field)
    return {pk: number or f"#{pk}" for pk, number in rows}


def order_numbers(ids: Collection[int]) -> dict[int, str]:
    return _numbers(Order, "order_no", ids)


def refund_numbers(ids: Collection[int]) -> dict[int, str]:
    return _numbers(Refund, "refund_no", ids)


def deposit_numbers(ids: Collection[int]) -> dict[int, str]:
    return _numbers(Deposit, "deposit_no", ids)


def owed_goods_order_numbers(ids: Collection[int]) -> dict[int, str]:
    """Owed goods by the number of the order that owes them."""
    return _numbers(OwedGoods, "order__order_no", ids)


def closing_days(ids: Collection[int]) -> dict[int, str]:
    """A daily closing by its business day (the store is the log entry's own)."""
    rows = DailyClosing.objects.filter(pk__in=ids).values_list("pk", "date")
    return {pk: day.isoformat() for pk, day in rows}
