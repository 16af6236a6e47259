"""Reads of stocktakes: the records list (with each stocktake's totals), one stocktake with its
totals, and its lines (paged, "differences only"). Quantities are shown in stock units (what a
person counts) beside the use units the ledger moves.

A stocktake's value totals (gained, lost, net) are one figure wherever they are read: the list, the
detail, the export, the approval centre's request and its details all take them from
`stocktake_sums`. Everyone who sees the stocktake sees them (the approval centre shows them to the
counter anyway); a line's cost and value stay behind the cost-view code."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time
from decimal import Decimal
from typing import overload

from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from apps.approvals.models import ApprovalRequest
from apps.core.audit import operator_name
from apps.core.money import money_to_wire
from apps.inventory.choices import STOCKTAKE_APPROVAL_KIND, STOCKTAKE_SUBJECT, StocktakeScope, StocktakeStatus
from apps.inventory.live_selectors import product_units
from apps.inventory.models import ZERO, Stocktake, StocktakeLine
from apps.inventory.rows import StocktakeLineRow, StocktakeRow, StocktakeSums, StocktakeTotalsRow

THOUSANDTH = Decimal("0.001")


def stocktakes() -> QuerySet[Stocktake]:
    return Stocktake.objects.select_related("store")


def stocktake_search(
    rows: QuerySet[Stocktake],
    *,
    status: str = "",
    start_date: date | None = None,
    end_date: date | None = None,
    keyword: str = "",
) -> QuerySet[Stocktake]:
    """Newest first; by status, by the day it started (both ends included), by number or remark."""
    if status:
        rows = rows.filter(status=status)
    zone = timezone.get_current_timezone()
    if start_date:
        rows = rows.filter(created_at__gte=datetime.combine(start_date, time.min, zone))
    if end_date:
        rows = rows.filter(created_at__lte=datetime.combine(end_date, time.max, zone))
    keyword = keyword.strip()
    if keyword:
        rows = rows.filter(Q(number__icontains=keyword) | Q(remark__icontains=keyword))
    return rows.order_by("-id")


def stocktake_sums(stocktake_ids: list[int]) -> dict[int, StocktakeSums]:
    """Each stocktake's line count, counted lines, lines with a difference, and the value gained
    and lost, in one grouped query."""
    rows = (
        StocktakeLine.objects.filter(stocktake_id__in=stocktake_ids)
        .values("stocktake_id")
        .annotate(
            lines=Count("id"),
            counted=Count("id", filter=Q(counted__isnull=False)),
            differing=Count("id", filter=~Q(difference=0) & Q(difference__isnull=False)),
            gain=Sum("difference_value", filter=Q(difference_value__gt=0)),
            loss=Sum("difference_value", filter=Q(difference_value__lt=0)),
        )
    )
    return {
        row["stocktake_id"]: StocktakeSums(
            lines=row["lines"], counted=row["counted"], differing=row["differing"], gain=row["gain"], loss=row["loss"]
        )
        for row in rows
    }


def _requests(stocktake_ids: list[int]) -> dict[int, ApprovalRequest]:
    """Each stocktake's latest approval-centre request (a count sent back and submitted again files
    a new one), in one query."""
    rows = ApprovalRequest.objects.filter(
        kind=STOCKTAKE_APPROVAL_KIND, subject_type=STOCKTAKE_SUBJECT, subject_id__in=[str(pk) for pk in stocktake_ids]
    ).order_by("subject_id", "-id")
    latest: dict[int, ApprovalRequest] = {}
    for request in rows.only("id", "subject_id", "status"):
        latest.setdefault(int(request.subject_id), request)
    return latest


def value_totals(totals: StocktakeSums | None) -> tuple[Decimal, Decimal, Decimal]:
    """(gained, lost, net): the value a stocktake's differences move, lost as a negative amount."""
    totals = totals or {}
    gain, loss = totals.get("gain") or ZERO, totals.get("loss") or ZERO
    return gain, loss, gain + loss


def _totals_row(totals: StocktakeSums | None) -> StocktakeTotalsRow:
    gain, loss, net = value_totals(totals)
    return {
        "lineCount": (totals or {}).get("lines", 0),
        "countedCount": (totals or {}).get("counted", 0),
        "differenceCount": (totals or {}).get("differing", 0),
        "gainValue": money_to_wire(gain),
        "lossValue": money_to_wire(loss),
        "differenceValue": money_to_wire(net),
    }


def _row(stocktake: Stocktake, totals: StocktakeSums | None, request: ApprovalRequest | None) -> StocktakeRow:
    return {
        "stocktakeId": stocktake.pk,
        "number": stocktake.number or "",
        "storeId": stocktake.store_id,
        "storeName": stocktake.store.name,
        "scope": stocktake.scope,
        "scopeName": str(StocktakeScope(stocktake.scope).label),
        "scopeNames": stocktake.scope_names,
        "status": stocktake.status,
        "statusName": str(StocktakeStatus(stocktake.status).label),
        "remark": stocktake.remark,
        "rejectReason": stocktake.reject_reason,
        "createdByName": operator_name(stocktake.created_by_name),
        "createdAt": stocktake.created_at,
        "countedByName": operator_name(stocktake.counted_by_name),
        "submittedByName": operator_name(stocktake.submitted_by_name),
        "submittedAt": stocktake.submitted_at,
        "decidedByName": operator_name(stocktake.decided_by_name),
        "decidedAt": stocktake.decided_at,
        **_totals_row(totals),
        "approvalRequestId": request.pk if request else None,
        "approvalStatus": request.status if request else None,
    }


def stocktake_rows(window: Iterable[Stocktake]) -> list[StocktakeRow]:
    page = list(window)
    ids = [stocktake.pk for stocktake in page]
    totals, requests = stocktake_sums(ids), _requests(ids)
    return [_row(stocktake, totals.get(stocktake.pk), requests.get(stocktake.pk)) for stocktake in page]


def stocktake_detail_row(stocktake: Stocktake) -> StocktakeRow:
    return _row(
        stocktake, stocktake_sums([stocktake.pk]).get(stocktake.pk), _requests([stocktake.pk]).get(stocktake.pk)
    )


def stocktake_lines(
    stocktake: Stocktake, *, differences_only: bool = False, uncounted_only: bool = False, keyword: str = ""
) -> QuerySet[StocktakeLine]:
    """The stocktake's lines in product-code order (scanned-in ones last); "differences only" keeps
    the counted lines whose count is not the snapshot."""
    rows = stocktake.lines.select_related("product")
    if differences_only:
        rows = rows.exclude(difference=0).exclude(difference__isnull=True)
    if uncounted_only:
        rows = rows.filter(counted__isnull=True)
    keyword = keyword.strip()
    if keyword:
        rows = rows.filter(
            Q(product__code__icontains=keyword) | Q(product__name__icontains=keyword) | Q(product__barcode=keyword)
        )
    return rows.order_by("added", "product__code", "id")


@overload
def _plain(quantity: Decimal) -> str: ...
@overload
def _plain(quantity: Decimal | None) -> str | None: ...
def _plain(quantity: Decimal | None) -> str | None:
    """10.500 → "10.5", 20.000 → "20" (never "2E+1" or "-0")."""
    return None if quantity is None else f"{quantity.normalize() + 0:f}"


@overload
def _stock_units(quantity: Decimal, per_unit: Decimal) -> str: ...
@overload
def _stock_units(quantity: Decimal | None, per_unit: Decimal) -> str | None: ...
def _stock_units(quantity: Decimal | None, per_unit: Decimal) -> str | None:
    return None if quantity is None else _plain((quantity / per_unit).quantize(THOUSANDTH))


def stocktake_line_rows(window: Iterable[StocktakeLine], *, values: bool) -> list[StocktakeLineRow]:
    rows: list[StocktakeLineRow] = []
    for line in window:
        rows.append(
            {
                "lineId": line.pk,
                **product_units(line.product),
                "usePerUnit": _plain(line.use_per_unit),
                "snapshot": _stock_units(line.snapshot, line.use_per_unit),
                "snapshotUse": _plain(line.snapshot),
                "counted": _plain(line.counted),
                "difference": _stock_units(line.difference, line.use_per_unit),
                "differenceUse": _plain(line.difference),
                "unitCost": str(line.unit_cost) if values else None,
                "differenceValue": str(line.difference_value) if values and line.counted is not None else None,
                "added": line.added,
                "countedAt": line.counted_at,
            }
        )
    return rows


def stocktake_by_id(*, stocktake_id: int) -> Stocktake:
    """A stocktake a service has just checked to be the store's (it raises on an unknown id)."""
    return Stocktake.objects.get(pk=stocktake_id)


def stocktake_detail_by_id(*, stocktake_id: int) -> StocktakeRow:
    """A stocktake just changed, read again with its store and shown as its detail page shows it."""
    return stocktake_detail_row(stocktakes().get(pk=stocktake_id))
