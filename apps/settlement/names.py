"""The settlement's rows named as the system log shows them (apps.core.object_names): a statement
by its day and its stores, a month's settlement by its month and its stores."""

from __future__ import annotations

from collections.abc import Collection

from apps.settlement.models import MonthSettlement, Statement


def statement_names(ids: Collection[int]) -> dict[int, str]:
    """2026-12-07 青丝养护静安店 → 青丝养护徐汇店."""
    rows = Statement.objects.filter(pk__in=ids).values_list("pk", "day", "from_store__name", "to_store__name")
    return {pk: f"{day} {owes} → {owed}" for pk, day, owes, owed in rows}


def month_settlement_names(ids: Collection[int]) -> dict[int, str]:
    """2026-11 青丝养护静安店 → 青丝养护徐汇店."""
    rows = MonthSettlement.objects.filter(pk__in=ids).values_list("pk", "month", "from_store__name", "to_store__name")
    return {pk: f"{month:%Y-%m} {owes} → {owed}" for pk, month, owes, owed in rows}
