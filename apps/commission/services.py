"""Commission's use cases: plans and their versions, closing a period (issue 29 §3; decision 0048).

- A version is never changed: an edit is a new version from a date, which must be on or after the
  first day of the first open period (the day after the latest closed month of the plan's stores),
  so a closed period's figures never change. A chain plan holds at every store, so every store's
  closed months count.
- Closing a store's month: only once the month has ended (its credits are all written: a refund
  later claws back in its own month), once; it stores the month's lines as computed, and from then
  on billing refuses credits dated in it (apps.billing.orders.commission_periods).
- Closing and starting a version take one advisory lock, so neither slips past the other; each
  writes its system log record. A closing also waits for the store's credits being written
  (apps.billing.orders.commission_periods.lock_commission_periods), so it counts them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from itertools import pairwise

from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.orders.commission_periods import lock_commission_periods
from apps.commission.choices import LOCK_SPACE, MAX_TIERS, AuditAction, TierMode
from apps.commission.errors import PeriodAlreadyClosed, PeriodNotEnded, PlanExists, VersionInClosedPeriod
from apps.commission.figures import live_lines
from apps.commission.models import CommissionLine, CommissionPeriod, CommissionPlan, PlanTier, PlanVersion
from apps.core.audit import Actor, audit_record
from apps.core.constraints import constraint_errors
from apps.core.errors import InvalidInput
from apps.core.money import money_to_wire
from apps.core.time_ranges import month_bounds

HUNDRED = Decimal("100")


@dataclass(frozen=True)
class TierInput:
    from_amount: Decimal
    rate: Decimal


@dataclass(frozen=True)
class VersionInput:
    effective_from: date
    tier_mode: str
    tiers: tuple[TierInput, ...]
    per_session: Decimal = Decimal("0")
    note: str = ""


def _lock() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, 0)", [LOCK_SPACE])


def first_open_day(*, store_id: int | None) -> date:
    """The first day a new version of a plan at `store_id` (None: the chain) may start."""
    closed = CommissionPeriod.objects.all()
    if store_id is not None:
        closed = closed.filter(store_id=store_id)
    latest = closed.aggregate(latest=Max("month"))["latest"]
    if latest is None:
        return date.min
    return month_bounds(latest)[1] + timedelta(days=1)


def _checked(version: VersionInput) -> None:
    if version.tier_mode not in TierMode.values:
        raise InvalidInput(_("please choose how the tiers apply"), field="tierMode")
    tiers = version.tiers
    if not tiers:
        raise InvalidInput(_("please give at least one tier"), field="tiers")
    if len(tiers) > MAX_TIERS:
        raise InvalidInput(_("at most %(count)s tiers") % {"count": MAX_TIERS}, field="tiers")
    if tiers[0].from_amount != 0:
        raise InvalidInput(_("the first tier starts at 0"), field="tiers")
    for lower, higher in pairwise(tiers):
        if higher.from_amount <= lower.from_amount:
            raise InvalidInput(_("each tier starts above the one before it"), field="tiers")
    for tier in tiers:
        if not 0 <= tier.rate <= HUNDRED:
            raise InvalidInput(_("a rate is a percentage from 0 to 100"), field="tiers")
    if version.per_session < 0:
        raise InvalidInput(_("the amount per session cannot be negative"), field="perSession")


def _write_version(actor: Actor, plan: CommissionPlan, version: VersionInput) -> PlanVersion:
    _checked(version)
    first = first_open_day(store_id=plan.store_id)
    if version.effective_from < first:
        raise VersionInClosedPeriod(VersionInClosedPeriod.default_message % {"first": first.isoformat()})
    written = PlanVersion.objects.create(
        plan=plan,
        effective_from=version.effective_from,
        tier_mode=version.tier_mode,
        per_session=version.per_session,
        note=version.note.strip(),
        created_by_id=actor.user_id,
        created_by_name=actor.login_name,
    )
    PlanTier.objects.bulk_create(
        PlanTier(version=written, from_amount=tier.from_amount, rate=tier.rate) for tier in version.tiers
    )
    return written


def _version_detail(version: PlanVersion, tiers: tuple[TierInput, ...]) -> dict[str, object]:
    return {
        "versionId": version.pk,
        "effectiveFrom": version.effective_from.isoformat(),
        "tierMode": version.tier_mode,
        "perSession": money_to_wire(version.per_session),
        "tiers": [{"fromAmount": money_to_wire(t.from_amount), "rate": f"{t.rate:.2f}"} for t in tiers],
    }


def plan_create(
    *, actor: Actor, store_id: int | None, name: str, position: str, kind: str, version: VersionInput
) -> CommissionPlan:
    """A plan for one position and kind, at one store or (store_id None) the chain, with its first version."""
    name = name.strip()
    if not name:
        raise InvalidInput(_("please name the plan"), field="name")
    with transaction.atomic():
        _lock()
        with constraint_errors({"commission_plan_chain_once": PlanExists, "commission_plan_store_once": PlanExists}):
            plan = CommissionPlan.objects.create(
                store_id=store_id,
                name=name,
                position=position,
                kind=kind,
                created_by_id=actor.user_id,
                created_by_name=actor.login_name,
            )
        written = _write_version(actor, plan, version)
        audit_record(
            actor=actor,
            action=AuditAction.PLAN_CREATED,
            target=plan,
            detail={
                "name": name,
                "storeId": store_id,
                "position": position,
                "kind": kind,
                "version": _version_detail(written, version.tiers),
            },
        )
    return plan


def version_create(*, actor: Actor, plan: CommissionPlan, version: VersionInput) -> PlanVersion:
    """A new version of `plan` from its date on; the versions before it stay as they were."""
    with transaction.atomic():
        _lock()
        written = _write_version(actor, plan, version)
        audit_record(
            actor=actor,
            action=AuditAction.VERSION_CREATED,
            target=plan,
            detail={"name": plan.name, **_version_detail(written, version.tiers), "note": written.note},
        )
    return written


def plan_rename(*, actor: Actor, plan: CommissionPlan, name: str) -> CommissionPlan:
    """A plan's name only; what it pays changes by versions."""
    name = name.strip()
    if not name:
        raise InvalidInput(_("please name the plan"), field="name")
    with transaction.atomic():
        before = plan.name
        CommissionPlan.objects.filter(pk=plan.pk).update(name=name)
        plan.name = name
        audit_record(
            actor=actor, action=AuditAction.PLAN_RENAMED, target=plan, detail={"before": before, "after": name}
        )
    return plan


def period_close(*, actor: Actor, store_id: int, month: date, today: date | None = None) -> CommissionPeriod:
    """Closes the store's month: its lines, as computed now, are stored and never change."""
    month = month.replace(day=1)
    today = today or timezone.localdate()
    if month_bounds(month)[1] >= today:
        raise PeriodNotEnded()
    with transaction.atomic():
        _lock()
        lock_commission_periods(store_id, exclusive=True)
        if CommissionPeriod.objects.filter(store_id=store_id, month=month).exists():
            raise PeriodAlreadyClosed()
        lines = live_lines(store_id=store_id, month=month)
        period = CommissionPeriod.objects.create(
            store_id=store_id, month=month, closed_by_id=actor.user_id, closed_by_name=actor.login_name
        )
        CommissionLine.objects.bulk_create(
            CommissionLine(
                period=period,
                credit_id=line.credit_id,
                employee_id=line.employee_id,
                kind=line.kind,
                business_date=line.business_date,
                amount=line.amount,
                sessions=line.sessions,
                clawback=line.clawback,
                version_id=line.version.pk if line.version else None,
                month_total=line.month_total,
                tier_from=line.tier_from,
                rate=line.rate,
                per_session=line.per_session,
                commission=line.commission,
            )
            for line in lines
        )
        total = sum((line.commission for line in lines), Decimal("0"))
        audit_record(
            actor=actor,
            action=AuditAction.PERIOD_CLOSED,
            target=period,
            detail={
                "storeId": store_id,
                "month": f"{month:%Y-%m}",
                "lines": len(lines),
                "commission": money_to_wire(total),
            },
        )
    return period
