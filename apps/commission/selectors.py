"""Commission's reads: plans and their versions, and a store's month summed per staff member, kind
and plan version (the Commission report, the periods call, a staff member's own figures)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Count, Max, Prefetch, Q, QuerySet, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import CreditKind
from apps.commission.choices import PeriodStatus
from apps.commission.figures import (
    LineFigure,
    StaffFigure,
    closed_period,
    month_lines,
    version_info,
)
from apps.commission.models import CommissionLine, CommissionPeriod, CommissionPlan, PlanTier, PlanVersion
from apps.commission.rows import PeriodRow, PlanDetailRow, PlanRow, PlanVersionRow, StaffFigureRow
from apps.commission.services import first_open_day
from apps.core.money import money_to_wire
from apps.org.selectors import store_names
from apps.staff.choices import EmployeePosition
from apps.staff.selectors import employees

ZERO = Decimal("0.00")
CENT = Decimal("0.01")


def plans() -> QuerySet[CommissionPlan]:
    return CommissionPlan.objects.all()


def plans_visible(*, store_ids: frozenset[int], store_id: int | None = None) -> QuerySet[CommissionPlan]:
    """The chain's plans and those of the caller's stores (of one store, when named)."""
    stores = {store_id} if store_id is not None else store_ids
    return (
        CommissionPlan.objects.filter(Q(store__isnull=True) | Q(store_id__in=stores))
        .annotate(version_count=Count("versions"))
        .prefetch_related(
            Prefetch(
                "versions",
                queryset=PlanVersion.objects.order_by("effective_from", "id").prefetch_related(
                    Prefetch("tiers", queryset=PlanTier.objects.order_by("from_amount"))
                ),
            )
        )
        .order_by("store_id", "position", "kind", "id")
    )


def _percent(value: Decimal | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def _in_force(versions: list[PlanVersion], day: date) -> PlanVersion | None:
    found = None
    for version in versions:
        if version.effective_from <= day:
            found = version
    return found


def _frozen_before(store_id: int | None) -> date:
    return first_open_day(store_id=store_id)


def _version_row(version: PlanVersion, *, in_force: bool, open_from: date) -> PlanVersionRow:
    return {
        "versionId": version.pk,
        "effectiveFrom": version.effective_from.isoformat(),
        "tierMode": version.tier_mode,
        "perSession": money_to_wire(version.per_session),
        "tiers": [{"fromAmount": money_to_wire(t.from_amount), "rate": f"{t.rate:.2f}"} for t in version.tiers.all()],
        "note": version.note,
        "createdBy": version.created_by_name,
        "createdAt": timezone.localtime(version.created_at).isoformat(),
        "inForce": in_force,
        # In force on a day of a closed period: what it paid there is frozen.
        "frozen": version.effective_from < open_from,
    }


def _names(plan_list: list[CommissionPlan]) -> dict[int, str]:
    ids = frozenset(p.store_id for p in plan_list if p.store_id is not None)
    return {row["id"]: row["name"] for row in store_names(store_ids=ids)} if ids else {}


def plan_rows(plan_list: list[CommissionPlan], *, at_head_office: bool, today: date | None = None) -> list[PlanRow]:
    """`at_head_office`: the caller acts above the stores, where the chain's plans are changed."""
    today = today or timezone.localdate()
    names = _names(plan_list)
    open_from: dict[int | None, date] = {}
    rows: list[PlanRow] = []
    for plan in plan_list:
        versions = list(plan.versions.all())
        current = _in_force(versions, today)
        if plan.store_id not in open_from:
            open_from[plan.store_id] = _frozen_before(plan.store_id)
        rows.append(
            {
                "planId": plan.pk,
                "name": plan.name,
                "storeId": plan.store_id,
                "storeName": names.get(plan.store_id, "") if plan.store_id else "",
                "position": plan.position,
                "positionName": str(EmployeePosition(plan.position).label),
                "kind": plan.kind,
                "kindName": str(CreditKind(plan.kind).label),
                "current": _version_row(current, in_force=True, open_from=open_from[plan.store_id])
                if current
                else None,
                "versionCount": len(versions),
                "changeable": plan.store_id is not None or at_head_office,
            }
        )
    return rows


def plan_detail(plan: CommissionPlan, *, at_head_office: bool, today: date | None = None) -> PlanDetailRow:
    today = today or timezone.localdate()
    plan = plans_visible(store_ids=frozenset(), store_id=plan.store_id).get(pk=plan.pk)
    row = plan_rows([plan], at_head_office=at_head_office, today=today)[0]
    versions = list(plan.versions.all())
    current = _in_force(versions, today)
    open_from = _frozen_before(plan.store_id)
    return {
        **row,
        "versions": [
            _version_row(v, in_force=current is not None and v.pk == current.pk, open_from=open_from)
            for v in reversed(versions)
        ],
        "firstOpenDay": None if open_from == date.min else open_from.isoformat(),
    }


def staff_figures(lines: list[LineFigure]) -> list[StaffFigure]:
    """The lines summed per employee, kind and plan version, in the order first met."""
    figures: dict[tuple[int, str, int | None], StaffFigure] = {}
    for line in lines:
        key = (line.employee_id, line.kind, line.version.pk if line.version else None)
        figure = figures.get(key)
        if figure is None:
            figure = figures[key] = StaffFigure(line.employee_id, line.kind, line.version)
        figure.base_amount += line.amount
        figure.sessions += line.sessions
        figure.month_total = line.month_total
        figure.tier_from, figure.rate = line.tier_from, line.rate
        if line.clawback:
            figure.clawback += line.commission
        else:
            figure.commission += line.commission
    return list(figures.values())


def employee_names(employee_ids: set[int]) -> dict[int, str]:
    return dict(employees().filter(pk__in=employee_ids).values_list("pk", "name"))


def by_staff_name(figures: Iterable[StaffFigure], names: dict[int, str]) -> list[StaffFigure]:
    """A month's figures in the order both its rows and the report show them."""
    return sorted(figures, key=lambda f: (names.get(f.employee_id, ""), f.employee_id, f.kind))


def figure_rows(figures: list[StaffFigure]) -> list[StaffFigureRow]:
    names = employee_names({f.employee_id for f in figures})
    ordered = by_staff_name(figures, names)
    return [
        {
            "staffId": f.employee_id,
            "staffName": names.get(f.employee_id, ""),
            "kind": f.kind,
            "kindName": str(CreditKind(f.kind).label),
            "baseAmount": money_to_wire(f.base_amount),
            "sessions": f"{f.sessions:.2f}",
            "monthTotal": money_to_wire(f.month_total),
            "tierFrom": None if f.tier_from is None else money_to_wire(f.tier_from),
            "rate": _percent(f.rate),
            "commission": money_to_wire(f.commission),
            "clawback": money_to_wire(f.clawback),
            "net": money_to_wire(f.net),
            "planVersionId": f.version.pk if f.version else None,
            "planVersion": f.version.label if f.version else "",
        }
        for f in ordered
    ]


def own_period_row(*, store_id: int, month: date, employee_id: int | None) -> PeriodRow:
    """A staff member's own month (no figures for someone not on the store's staff)."""
    if employee_id is None:
        return period_row(
            store_id=store_id, month=month, lines=[], period=closed_period(store_id=store_id, month=month)
        )
    return period_row(store_id=store_id, month=month, employee_id=employee_id)


def period_row(
    *,
    store_id: int,
    month: date,
    employee_id: int | None = None,
    lines: list[LineFigure] | None = None,
    period: CommissionPeriod | None = None,
) -> PeriodRow:
    """A store's month: its status and its figures (stored when closed, computed when open), of one
    employee when named, or of the `lines` given."""
    if lines is None:
        lines, period = month_lines(store_id=store_id, month=month, employee_id=employee_id)
    figures = staff_figures(lines)
    name = {row["id"]: row["name"] for row in store_names(store_ids=frozenset({store_id}))}.get(store_id, "")
    commission = sum((f.commission for f in figures), ZERO)
    clawback = sum((f.clawback for f in figures), ZERO)
    return {
        "storeId": store_id,
        "storeName": name,
        "month": f"{month:%Y-%m}",
        "status": PeriodStatus.CLOSED if period else PeriodStatus.OPEN,
        "closedAt": timezone.localtime(period.closed_at).isoformat() if period else None,
        "closedBy": period.closed_by_name if period else "",
        "figures": figure_rows(figures),
        "commission": money_to_wire(commission),
        "clawback": money_to_wire(clawback),
        "net": money_to_wire(commission + clawback),
    }


def own_employee_id(*, store_id: int, user_id: int) -> int | None:
    """The caller's own employee record at the store, if they are on its staff."""
    return employees().filter(store_id=store_id, user_id=user_id).values_list("pk", flat=True).first()


def months_between(first: date, last: date) -> list[date]:
    """The first days of the months `first`..`last` touches."""
    months = []
    month = first.replace(day=1)
    while month <= last:
        months.append(month)
        month = (month + timedelta(days=32)).replace(day=1)
    return months


@dataclass(frozen=True)
class StoreMonth:
    store_id: int
    store_name: str
    month: date
    status: str
    lines: list[LineFigure]


def store_months(*, store_ids: tuple[int, ...], first: date, last: date, employee_id: int | None) -> list[StoreMonth]:
    """Each store's months the range touches (each month whole: commission is monthly), with their
    lines: stored for a closed month, computed for an open one; of one employee when named."""
    names = {row["id"]: row["name"] for row in store_names(store_ids=frozenset(store_ids))}
    found = []
    for store_id in names:
        for month in months_between(first, last):
            lines, period = month_lines(store_id=store_id, month=month, employee_id=employee_id)
            status = PeriodStatus.CLOSED if period else PeriodStatus.OPEN
            found.append(StoreMonth(store_id, names[store_id], month, status, lines))
    return found


def closed_months(*, store_ids: Iterable[int], months: Iterable[date]) -> set[tuple[int, date]]:
    """The (store, month) pairs of these that are closed commission periods."""
    return set(
        CommissionPeriod.objects.filter(store_id__in=list(store_ids), month__in=list(months)).values_list(
            "store_id", "month"
        )
    )


def closed_figures(
    *, store_ids: Iterable[int], months: Iterable[date], employee_id: int | None
) -> dict[tuple[int, date], list[StaffFigure]]:
    """The closed periods' figures among these stores and months, summed from their stored lines in
    one query (as staff_figures sums them): per store-month, employee, kind and plan version."""
    lines = CommissionLine.objects.filter(period__store_id__in=list(store_ids), period__month__in=list(months))
    if employee_id is not None:
        lines = lines.filter(employee_id=employee_id)
    sums = list(
        lines.order_by()
        .values("period__store_id", "period__month", "employee_id", "kind", "version_id")
        .annotate(
            sum_amount=Sum("amount"),
            sum_sessions=Sum("sessions"),
            max_month_total=Max("month_total"),
            max_tier_from=Max("tier_from"),
            max_rate=Max("rate"),
            earned=Sum("commission", filter=Q(clawback=False), default=ZERO),
            clawed_back=Sum("commission", filter=Q(clawback=True), default=ZERO),
        )
        .order_by("period__store_id", "period__month", "employee_id", "kind", "version_id")
    )
    versions = {
        version.pk: version_info(version)
        for version in PlanVersion.objects.filter(pk__in={row["version_id"] for row in sums} - {None})
        .select_related("plan")
        .prefetch_related(Prefetch("tiers", queryset=PlanTier.objects.order_by("from_amount")))
    }
    figures: dict[tuple[int, date], list[StaffFigure]] = {}
    for row in sums:
        figures.setdefault((row["period__store_id"], row["period__month"]), []).append(
            StaffFigure(
                row["employee_id"],
                row["kind"],
                versions.get(row["version_id"]) if row["version_id"] else None,
                base_amount=row["sum_amount"],
                sessions=row["sum_sessions"],
                month_total=row["max_month_total"],
                tier_from=row["max_tier_from"],
                rate=row["max_rate"],
                commission=row["earned"],
                clawback=row["clawed_back"],
            )
        )
    return figures


def report_lines(
    *, store_ids: tuple[int, ...], first: date, last: date, employee_id: int | None
) -> list[dict[str, Any]]:
    """The Commission report's lines (`detail=lines`): one per staff credit, with its inputs."""
    months = store_months(store_ids=store_ids, first=first, last=last, employee_id=employee_id)
    names = employee_names({line.employee_id for found in months for line in found.lines})
    return [
        {
            "month": f"{found.month:%Y-%m}",
            "storeName": found.store_name,
            "businessDate": line.business_date,
            "orderNo": line.order_no,
            "orderId": line.order_id,
            "creditId": line.credit_id,
            "staffId": line.employee_id,
            "staffName": names.get(line.employee_id, ""),
            "kindName": str(CreditKind(line.kind).label),
            "amount": line.amount,
            "sessions": line.sessions,
            "clawback": str(_("clawback")) if line.clawback else "",
            "planVersion": line.version.label if line.version else "",
            "monthTotal": line.month_total,
            "tierFrom": line.tier_from,
            "rate": line.rate,
            "perSession": line.per_session,
            "commission": line.commission,
            "periodStatus": str(PeriodStatus(found.status).label),
        }
        for found in months
        for line in found.lines
    ]
