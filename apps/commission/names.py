"""Commission's rows named as the system log shows them (apps.core.object_names): a plan by its
name, a closed period by its store and month."""

from __future__ import annotations

from collections.abc import Collection

from apps.commission.models import CommissionPeriod, CommissionPlan


def plan_names(ids: Collection[int]) -> dict[int, str]:
    """护理师服务提成."""
    return dict(CommissionPlan.objects.filter(pk__in=ids).values_list("pk", "name"))


def period_names(ids: Collection[int]) -> dict[int, str]:
    """青丝养护静安店 2026-11."""
    rows = CommissionPeriod.objects.filter(pk__in=ids).values_list("pk", "store__name", "month")
    return {pk: f"{store} {month:%Y-%m}" for pk, store, month in rows}
