"""Evaluations named as the system log shows them (apps.core.object_names): by the number of the
order they rate, the way the order details page finds them."""

from __future__ import annotations

from collections.abc import Collection

from apps.evaluations.models import Evaluation


def evaluation_names(ids: Collection[int]) -> dict[int, str]:
    """SO2026120600000001."""
    rows = Evaluation.objects.filter(pk__in=ids).values_list("pk", "order__order_no", "order_id")
    return {pk: order_no or f"#{order_id}" for pk, order_no, order_id in rows}
