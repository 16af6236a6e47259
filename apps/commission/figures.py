"""A store's month of commission, line by line: each staff credit under the plan version in force on
its business day, tiered on the employee's month of that kind (apps.commission.arithmetic). An open
month is computed from the credits whenever it is read; closing it stores these lines
(apps.commission.services.period_close) and from then on they are read as stored."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Prefetch, Q

from apps.billing.orders.credit_reads import CreditFact, credits_between
from apps.commission.arithmetic import (
    Entry,
    Scheme,
    Tier,
    earned_and_clawed_back,
    line_commissions,
    session_count,
    tier_reached,
)
from apps.commission.models import CommissionLine, CommissionPeriod, PlanTier, PlanVersion
from apps.core.time_ranges import month_bounds
from apps.staff.selectors import positions_held

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class VersionInfo:
    pk: int
    plan_id: int
    plan_name: str
    effective_from: date
    scheme: Scheme

    @property
    def label(self) -> str:
        return f"{self.plan_name} · {self.effective_from.isoformat()}"


def version_info(version: PlanVersion) -> VersionInfo:
    tiers = tuple(Tier(t.from_amount, t.rate) for t in version.tiers.all())
    return VersionInfo(
        pk=version.pk,
        plan_id=version.plan_id,
        plan_name=version.plan.name,
        effective_from=version.effective_from,
        scheme=Scheme(mode=version.tier_mode, tiers=tiers, per_session=version.per_session),
    )


def _versions(plan_filter: Q, last: date) -> list[PlanVersion]:
    return list(
        PlanVersion.objects.filter(plan_filter, effective_from__lte=last)
        .select_related("plan")
        .prefetch_related(Prefetch("tiers", queryset=PlanTier.objects.order_by("from_amount")))
        .order_by("effective_from", "id")
    )


Shelf = dict[tuple[str, str], list[VersionInfo]]


def _shelf(versions: Iterable[VersionInfo], plan_of: Mapping[int, PlanVersion]) -> Shelf:
    shelf: Shelf = defaultdict(list)
    for info in versions:
        plan = plan_of[info.pk].plan
        shelf[(plan.position, plan.kind)].append(info)
    return shelf


class PlanBook:
    """The versions that may apply at a store up to a day: its own plans', then the chain's."""

    def __init__(self, *, own: Shelf, chain: Shelf) -> None:
        self._own = own
        self._chain = chain

    @classmethod
    def of_store(cls, *, store_id: int, last: date) -> PlanBook:
        return plan_books(store_ids=[store_id], last=last)[store_id]

    def in_force(self, position: str, kind: str, day: date) -> VersionInfo | None:
        """The latest version effective on `day` (of one date, the latest written); a store's own
        plan first."""
        for book in (self._own, self._chain):
            found = None
            for version in book.get((position, kind), []):
                if version.effective_from <= day:
                    found = version
            if found is not None:
                return found
        return None

    def starts(self) -> set[date]:
        """The days a version starts: between two of them, every plan's version in force is one."""
        return {v.effective_from for shelf in (self._own, self._chain) for versions in shelf.values() for v in versions}


def plan_books(*, store_ids: Iterable[int], last: date) -> dict[int, PlanBook]:
    """Each store's PlanBook up to `last`, from one read of the chain's and the stores' versions."""
    stores = set(store_ids)
    versions = _versions(Q(plan__store_id__in=stores) | Q(plan__store__isnull=True), last)
    plan_of = {version.pk: version for version in versions}
    infos = [version_info(version) for version in versions]
    chain = _shelf((i for i in infos if plan_of[i.pk].plan.store_id is None), plan_of)
    own_of: dict[int, list[VersionInfo]] = defaultdict(list)
    for info in infos:
        store_id = plan_of[info.pk].plan.store_id
        if store_id is not None:
            own_of[store_id].append(info)
    return {store_id: PlanBook(own=_shelf(own_of.get(store_id, []), plan_of), chain=chain) for store_id in stores}


@dataclass(frozen=True)
class LineFigure:
    credit_id: int
    employee_id: int
    kind: str
    business_date: date
    amount: Decimal
    sessions: Decimal
    clawback: bool
    version: VersionInfo | None
    month_total: Decimal
    tier_from: Decimal | None
    rate: Decimal | None
    per_session: Decimal | None
    commission: Decimal
    order_id: int | None
    order_no: str


def _sessions(fact: CreditFact) -> Decimal:
    return session_count(fact.qty, fact.amount, fact.line_base) if fact.serves_sessions else ZERO


def compute_lines(facts: list[CreditFact], position_on: Callable[[int, date], str], book: PlanBook) -> list[LineFigure]:
    """Every credit's commission line, in the credits' order. `position_on(employee, day)`: the
    position whose plan pays the employee's credit of that business day."""
    totals: dict[tuple[int, str], Decimal] = defaultdict(lambda: ZERO)
    for fact in facts:
        totals[(fact.employee_id, fact.kind)] += fact.amount
    versions = {
        fact.credit_id: book.in_force(position_on(fact.employee_id, fact.business_date), fact.kind, fact.business_date)
        for fact in facts
    }
    groups: dict[tuple[int, str, int | None], list[CreditFact]] = defaultdict(list)
    # A group's earned lines are shared out before its clawbacks (each in the order written), so
    # the group's figures follow from its sums (arithmetic.earned_and_clawed_back).
    for fact in sorted(facts, key=lambda fact: fact.refund_id is not None):
        version = versions[fact.credit_id]
        groups[(fact.employee_id, fact.kind, version.pk if version else None)].append(fact)
    commission: dict[int, Decimal] = {}
    for (employee_id, kind, _version_id), members in groups.items():
        version = versions[members[0].credit_id]
        if version is None:
            commission.update((fact.credit_id, ZERO) for fact in members)
            continue
        entries = [Entry(fact.amount, _sessions(fact)) for fact in members]
        shares = line_commissions(version.scheme, totals[(employee_id, kind)], entries)
        commission.update(zip((fact.credit_id for fact in members), shares, strict=True))
    lines = []
    for fact in facts:
        version = versions[fact.credit_id]
        total = totals[(fact.employee_id, fact.kind)]
        tier = tier_reached(version.scheme, total) if version else None
        lines.append(
            LineFigure(
                credit_id=fact.credit_id,
                employee_id=fact.employee_id,
                kind=fact.kind,
                business_date=fact.business_date,
                amount=fact.amount,
                sessions=_sessions(fact),
                clawback=fact.refund_id is not None,
                version=version,
                month_total=total,
                tier_from=tier.from_amount if tier else None,
                rate=tier.rate if tier else None,
                per_session=version.scheme.per_session if version else None,
                commission=commission[fact.credit_id],
                order_id=fact.order_id,
                order_no=fact.order_no,
            )
        )
    return lines


@dataclass
class StaffFigure:
    """An employee's month of one kind under one plan version, summed."""

    employee_id: int
    kind: str
    version: VersionInfo | None
    base_amount: Decimal = ZERO
    sessions: Decimal = ZERO
    month_total: Decimal = ZERO
    tier_from: Decimal | None = None
    rate: Decimal | None = None
    commission: Decimal = ZERO
    clawback: Decimal = ZERO

    @property
    def net(self) -> Decimal:
        return self.commission + self.clawback


@dataclass(frozen=True)
class KindSums:
    """An employee's credits of one kind at a store over days of one month on which the plan
    versions in force stay the same (`day`: one of them), held in one `position`: what they earned
    and what refunds clawed back, with their sessions."""

    store_id: int
    month: date
    employee_id: int
    kind: str
    position: str
    day: date
    earned: Decimal
    earned_sessions: Decimal
    clawed_back: Decimal
    clawed_back_sessions: Decimal


def month_figures(sums: Iterable[KindSums], books: Mapping[int, PlanBook]) -> dict[tuple[int, date], list[StaffFigure]]:
    """Each store-month's figures from its sums, as the same credits' lines add up to (compute_lines):
    the sums under each version in force, tiered on the employee's month of the kind."""
    groups: dict[tuple[int, date, int, str, int | None], tuple[VersionInfo | None, list[KindSums]]] = {}
    totals: dict[tuple[int, date, int, str], Decimal] = defaultdict(lambda: ZERO)
    for found in sums:
        version = books[found.store_id].in_force(found.position, found.kind, found.day)
        key = (found.store_id, found.month, found.employee_id, found.kind, version.pk if version else None)
        groups.setdefault(key, (version, []))[1].append(found)
        totals[key[:4]] += found.earned + found.clawed_back
    figures: dict[tuple[int, date], list[StaffFigure]] = defaultdict(list)
    for key, (version, members) in groups.items():
        store_id, month, employee_id, kind, _version_id = key
        earned = Entry(sum((m.earned for m in members), ZERO), sum((m.earned_sessions for m in members), ZERO))
        clawed = Entry(
            sum((m.clawed_back for m in members), ZERO), sum((m.clawed_back_sessions for m in members), ZERO)
        )
        total = totals[key[:4]]
        figure = StaffFigure(
            employee_id,
            kind,
            version,
            base_amount=earned.amount + clawed.amount,
            sessions=earned.sessions + clawed.sessions,
            month_total=total,
        )
        if version is not None:
            tier = tier_reached(version.scheme, total)
            figure.tier_from, figure.rate = tier.from_amount, tier.rate
            figure.commission, figure.clawback = earned_and_clawed_back(version.scheme, total, earned, clawed)
        figures[(store_id, month)].append(figure)
    return figures


def live_lines(*, store_id: int, month: date, employee_id: int | None = None) -> list[LineFigure]:
    """An open month's lines, computed now. For one employee the tiers still need only that
    employee's credits (a tier is per employee)."""
    first, last = month_bounds(month)
    facts = credits_between(store_id=store_id, first=first, last=last, employee_id=employee_id)
    # A nurse promoted mid-month is paid under the plan of the position she held on each credit's day.
    position_on = positions_held((fact.employee_id for fact in facts), until=last)
    return compute_lines(facts, position_on, PlanBook.of_store(store_id=store_id, last=last))


def stored_lines(*, period: CommissionPeriod, employee_id: int | None = None) -> list[LineFigure]:
    """A closed month's lines as they were stored when it closed."""
    rows = CommissionLine.objects.filter(period=period)
    if employee_id is not None:
        rows = rows.filter(employee_id=employee_id)
    rows = rows.select_related("credit__line__order").order_by("id")
    version_ids = {row.version_id for row in rows if row.version_id}
    infos = {
        version.pk: version_info(version)
        for version in PlanVersion.objects.filter(pk__in=version_ids)
        .select_related("plan")
        .prefetch_related(Prefetch("tiers", queryset=PlanTier.objects.order_by("from_amount")))
    }
    return [
        LineFigure(
            credit_id=row.credit_id,
            employee_id=row.employee_id,
            kind=row.kind,
            business_date=row.business_date,
            amount=row.amount,
            sessions=row.sessions,
            clawback=row.clawback,
            version=infos.get(row.version_id) if row.version_id else None,
            month_total=row.month_total,
            tier_from=row.tier_from,
            rate=row.rate,
            per_session=row.per_session,
            commission=row.commission,
            order_id=row.credit.line.order_id,
            order_no=row.credit.line.order.order_no or "",
        )
        for row in rows
    ]


def closed_period(*, store_id: int, month: date) -> CommissionPeriod | None:
    return CommissionPeriod.objects.filter(store_id=store_id, month=month.replace(day=1)).first()


def month_lines(
    *, store_id: int, month: date, employee_id: int | None = None
) -> tuple[list[LineFigure], CommissionPeriod | None]:
    """The month's lines, stored if it is closed, computed if open; with its closed period, if any."""
    period = closed_period(store_id=store_id, month=month)
    if period is not None:
        return stored_lines(period=period, employee_id=employee_id), period
    return live_lines(store_id=store_id, month=month, employee_id=employee_id), None


def is_closed(store_id: int, day: date) -> bool:
    """Whether the store's month of `day` is a closed commission period (billing's hook)."""
    return CommissionPeriod.objects.filter(store_id=store_id, month=day.replace(day=1)).exists()
