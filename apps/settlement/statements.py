"""Daily statements and the months' settlements (issue 30; decision 0051).

- `statements_make(day)`: once a day has ended, one statement per pair of stores that cleared
  anything that day, netted. It takes a SHARE lock on the ledger, so it waits for the clearing
  writes in flight and sees them all; from its commit on, the trigger `settlement_entry_day` dates
  an entry of a pair whose day has its statement on the next day, so a statement equals its entries
  for ever. Making a day twice makes nothing more.
- `statement_confirm`: each of the two stores confirms (its owner, acting at it); both, or head
  office, lock it. A disputed statement waits for its dispute.
- `statement_dispute`: a store's owner sends the statement to head office through the approval
  centre with the correction it claims; approving writes that correction as an adjustment entry,
  dated the day of the decision (it is booked then, never by changing a settled day).
- `month_roll_up`: after a month has ended and all its statements are locked, each pair's locked
  statements of the month are netted into the month's settlement, marked paid with the bank's
  reference by head office (`month_mark_paid`); its statements are then paid."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.approvals.models import ApprovalRequest
from apps.approvals.services import request_approval
from apps.core.audit import Actor, audit_record
from apps.core.business_days import business_day
from apps.core.errors import InvalidInput, NotFound
from apps.core.money import money_to_wire, round_money
from apps.core.time_ranges import month_bounds
from apps.core.transactions import use_case_atomic
from apps.settlement.choices import (
    DISPUTE_KIND,
    DISPUTE_SUBJECT,
    LOCK_SPACE,
    NOTE_MAX_LENGTH,
    REFERENCE_MAX_LENGTH,
    AuditAction,
    MonthStatus,
    SettlementKind,
    StatementStatus,
)
from apps.settlement.errors import (
    DayNotEnded,
    MonthAlreadyPaid,
    MonthNotReady,
    NotAPartyToStatement,
    StatementDisputed,
    StatementLocked,
)
from apps.settlement.models import MonthSettlement, SettlementEntry, Statement

ENTRY_TABLE = SettlementEntry._meta.db_table
STATEMENT_TABLE = Statement._meta.db_table

# One statement per pair that cleared on the day: the pair's entries netted, the direction from
# the sign (what the lower id owes the higher when at least 0).
_MAKE_SQL = f"""
INSERT INTO {STATEMENT_TABLE} (
    day, store_low_id, store_high_id, from_store_id, to_store_id, amount, entries, status,
    low_confirmed_by_name, high_confirmed_by_name, locked_by_name, created_by_id, created_at
)
SELECT %(day)s, store_low, store_high,
       CASE WHEN net >= 0 THEN store_low ELSE store_high END,
       CASE WHEN net >= 0 THEN store_high ELSE store_low END,
       abs(net), n, %(open)s, '', '', '', %(user)s, %(now)s
FROM (
    SELECT store_low, store_high,
           sum(CASE WHEN payer_id = store_low THEN amount ELSE -amount END) AS net, count(*) AS n
    FROM {ENTRY_TABLE}
    WHERE day = %(day)s
    GROUP BY store_low, store_high
) pairs
ON CONFLICT (day, store_low_id, store_high_id) DO NOTHING
"""


def statements_make(*, actor: Actor, day: date) -> int:
    """The day's statements (how many were made now); refused (SET-40901) before the day has ended."""
    if day >= business_day():
        raise DayNotEnded()
    with use_case_atomic():
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, 0)", [LOCK_SPACE])
            cursor.execute(f"LOCK TABLE {ENTRY_TABLE} IN SHARE MODE")
            cursor.execute(
                _MAKE_SQL, {"day": day, "open": StatementStatus.OPEN, "user": actor.user_id, "now": timezone.now()}
            )
            made = cursor.rowcount
        if made:
            audit_record(actor=actor, action=AuditAction.STATEMENTS_MADE, detail={"day": day.isoformat(), "made": made})
    return made


def days_to_make(today: date) -> list[date]:
    """The ended days with entries after the last day made (a job that did not run for some nights
    leaves them; the days before the last made one are all made)."""
    last = Statement.objects.order_by("-day").values_list("day", flat=True).first()
    rows = SettlementEntry.objects.filter(day__lt=today)
    if last is not None:
        rows = rows.filter(day__gt=last)
    return sorted(rows.values_list("day", flat=True).distinct())


def statements_catch_up(*, actor: Actor) -> int:
    """Every ended day not made yet gets its statements, in order (the nightly job): how many."""
    return sum(statements_make(actor=actor, day=day) for day in days_to_make(business_day()))


def _locked_statement(statement_id: int, store_ids: frozenset[int] | None) -> Statement:
    rows = Statement.objects.select_for_update(of=("self",)).filter(pk=statement_id)
    statement = rows.first()
    if statement is None:
        raise NotFound()
    if store_ids is not None and statement.store_low_id not in store_ids and statement.store_high_id not in store_ids:
        raise NotFound()
    return statement


def statement_confirm(
    *, actor: Actor, statement_id: int, store_id: int | None, store_ids: frozenset[int] | None
) -> Statement:
    """The store `store_id` (one of the pair) confirms; head office (`store_id` None) locks it. A
    store confirming again changes nothing."""
    with use_case_atomic():
        statement = _locked_statement(statement_id, store_ids)
        if statement.status in (StatementStatus.LOCKED, StatementStatus.PAID):
            raise StatementLocked()
        if statement.dispute_id is not None:
            raise StatementDisputed()
        now = timezone.now()
        if store_id is None:
            _lock(statement, actor, now)
        else:
            side = statement.side_of(store_id)
            if side is None:
                raise NotAPartyToStatement()
            if getattr(statement, f"{side}_confirmed_at") is None:
                setattr(statement, f"{side}_confirmed_at", now)
                setattr(statement, f"{side}_confirmed_by_name", actor.login_name)
                audit_record(
                    actor=actor,
                    action=AuditAction.STATEMENT_CONFIRMED,
                    target=statement,
                    detail={"storeId": store_id, "amount": money_to_wire(statement.amount)},
                )
            if statement.low_confirmed_at is not None and statement.high_confirmed_at is not None:
                _lock(statement, actor, now)
            else:
                statement.status = StatementStatus.CONFIRMED
        statement.save()
    return statement


def _lock(statement: Statement, actor: Actor, now: datetime) -> None:
    statement.status = StatementStatus.LOCKED
    statement.locked_at = now
    statement.locked_by_name = actor.login_name
    audit_record(
        actor=actor,
        action=AuditAction.STATEMENT_LOCKED,
        target=statement,
        detail={
            "day": statement.day.isoformat(),
            "fromStoreId": statement.from_store_id,
            "toStoreId": statement.to_store_id,
            "amount": money_to_wire(statement.amount),
        },
    )


def statement_dispute(
    *, actor: Actor, statement_id: int, store_id: int, store_ids: frozenset[int], correction: Decimal, reason: str
) -> ApprovalRequest:
    """Sends the statement to head office with the `correction` the store claims (what the statement's
    from-store should owe its to-store more, negative for less)."""
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("please give a reason"), field="reason")
    correction = round_money(correction)
    with use_case_atomic():
        statement = _locked_statement(statement_id, store_ids)
        if statement.side_of(store_id) is None:
            raise NotAPartyToStatement()
        if statement.status in (StatementStatus.LOCKED, StatementStatus.PAID):
            raise StatementLocked()
        request = request_approval(
            actor=actor,
            kind=DISPUTE_KIND,
            store_id=store_id,
            subject_type=DISPUTE_SUBJECT,
            subject_id=statement.pk,
            subject=f"{statement.day} {statement.from_store.name} → {statement.to_store.name}",
            amount=correction,
            payload={"statementId": statement.pk, "correction": money_to_wire(correction)},
            reason=reason[:NOTE_MAX_LENGTH],
        )
        statement.dispute_id = request.pk
        statement.save(update_fields=["dispute_id"])
        audit_record(
            actor=actor,
            action=AuditAction.STATEMENT_DISPUTED,
            target=statement,
            detail={"approvalId": request.pk, "correction": money_to_wire(correction), "reason": reason},
        )
    return request


def _disputed(request: ApprovalRequest) -> Statement:
    statement = Statement.objects.select_for_update(of=("self",)).filter(pk=int(request.subject_id)).first()
    if statement is None:
        raise NotFound()
    return statement


def dispute_approved(request: ApprovalRequest, actor: Actor) -> None:
    """The approval centre's hook: the claimed correction is booked today between the pair."""
    statement = _disputed(request)
    correction = round_money(Decimal(str(request.payload.get("correction", "0"))))
    if correction:
        payer, payee = statement.from_store_id, statement.to_store_id
        if correction < 0:
            payer, payee, correction = payee, payer, -correction
        SettlementEntry.objects.create(
            day=business_day(),
            kind=SettlementKind.ADJUSTMENT,
            payer_id=payer,
            payee_id=payee,
            amount=correction,
            value=correction,
            rule_version=None,
            approval_id=request.pk,
            note=(request.reason or "")[:NOTE_MAX_LENGTH],
        )
    _dispute_closed(statement, actor, request, approved=True)


def dispute_rejected(request: ApprovalRequest, actor: Actor) -> None:
    _dispute_closed(_disputed(request), actor, request, approved=False)


def _dispute_closed(statement: Statement, actor: Actor, request: ApprovalRequest, *, approved: bool) -> None:
    if statement.dispute_id == request.pk:
        statement.dispute_id = None
        statement.save(update_fields=["dispute_id"])
    audit_record(
        actor=actor,
        action=AuditAction.DISPUTE_SETTLED,
        target=statement,
        detail={"approvalId": request.pk, "approved": approved},
    )


def dispute_described(request: ApprovalRequest) -> list[tuple[str, str]]:
    return [(_("correction claimed"), str(request.payload.get("correction", ""))), (_("reason"), request.reason)]


def month_roll_up(*, actor: Actor, month: date) -> int:
    """Each pair's locked statements of the ended `month` netted into its settlement (how many were
    made); refused (SET-40905) while the month runs or any of its statements is not locked."""
    month, last = month_bounds(month)
    if last >= business_day():
        raise MonthNotReady()
    with use_case_atomic():
        statements = list(
            Statement.objects.select_for_update(of=("self",))
            .filter(day__gte=month, day__lte=last, month_settlement__isnull=True)
            .order_by("id")
        )
        if any(statement.status != StatementStatus.LOCKED for statement in statements):
            raise MonthNotReady()
        pairs: dict[tuple[int, int], list[Statement]] = {}
        for statement in statements:
            pairs.setdefault((statement.store_low_id, statement.store_high_id), []).append(statement)
        made = 0
        for (low, high), rows in sorted(pairs.items()):
            net = sum((row.amount if row.from_store_id == low else -row.amount for row in rows), Decimal("0"))
            settlement, created = MonthSettlement.objects.get_or_create(
                month=month,
                store_low_id=low,
                store_high_id=high,
                defaults={
                    "from_store_id": low if net >= 0 else high,
                    "to_store_id": high if net >= 0 else low,
                    "amount": abs(net),
                    "statements": len(rows),
                    "created_by_name": actor.login_name,
                },
            )
            if not created:  # rolled up before: a statement of the month cannot appear after that
                raise MonthNotReady()
            Statement.objects.filter(pk__in=[row.pk for row in rows]).update(month_settlement=settlement)
            made += 1
        if made:
            audit_record(
                actor=actor, action=AuditAction.MONTH_ROLLED_UP, detail={"month": f"{month:%Y-%m}", "settlements": made}
            )
    return made


def month_mark_paid(*, actor: Actor, settlement_id: int, reference: str) -> MonthSettlement:
    reference = (reference or "").strip()
    if not reference:
        raise InvalidInput(_("please give the payment's reference"), field="reference")
    with use_case_atomic():
        settlement = MonthSettlement.objects.select_for_update().filter(pk=settlement_id).first()
        if settlement is None:
            raise NotFound()
        if settlement.status == MonthStatus.PAID:
            raise MonthAlreadyPaid()
        settlement.status = MonthStatus.PAID
        settlement.reference = reference[:REFERENCE_MAX_LENGTH]
        settlement.paid_at = timezone.now()
        settlement.paid_by_name = actor.login_name
        settlement.save(update_fields=["status", "reference", "paid_at", "paid_by_name"])
        Statement.objects.filter(month_settlement=settlement).update(status=StatementStatus.PAID)
        audit_record(
            actor=actor,
            action=AuditAction.MONTH_PAID,
            target=settlement,
            detail={"reference": settlement.reference, "amount": money_to_wire(settlement.amount)},
        )
    return settlement
