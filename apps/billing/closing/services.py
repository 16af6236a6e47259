"""Daily closing (日结, issue 14 §3; docs/decisions/0012-closed-days.md): closing a store's business
day and reopening it.

Closing a day, in one transaction: the store's money writes in flight are waited for (an exclusive
lock of the store's days, apps.core.business_days), the day must not be in the future nor closed
already, no provider tender nor provider refund of it may still be pending (409 DAY-40902), the cash counted is compared
with the cash the tenders say the till holds and a difference needs a reason; the closing keeps the
day's figures (apps.billing.closing.selectors) and the ClosedDay row makes every later change dated
in the day answer 409 DAY-40901. Corrections go into the next open day.

Reopening (owners only: the view asks for the button code BTN-SYFH-DAY-REOPEN) writes who, when and
why on the closing's row and opens the day again; both are in the system log."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import CLOSING_TEXT_MAX_LENGTH, AuditAction
from apps.billing.closing.rows import DayFiguresRow
from apps.billing.closing.selectors import Day, active_closing, day_figures
from apps.billing.errors import DayClosed, PaymentsPending
from apps.billing.models import DailyClosing
from apps.core.audit import Actor, audit_record
from apps.core.business_days import business_day, lock_store_days, mark_day_closed, mark_day_open
from apps.core.constraints import constraint_errors
from apps.core.errors import InvalidInput, NotFound
from apps.core.money import money_to_wire
from apps.org.models import OrgUnit


def _text(value: str, field: str, *, required: bool, message: str = "") -> str:
    value = (value or "").strip()
    if required and not value:
        raise InvalidInput(message or _("please enter the reason"), field=field)
    if len(value) > CLOSING_TEXT_MAX_LENGTH:
        raise InvalidInput(_("at most 200 characters"), field=field)
    return value


def closable_day(day: date, today: date | None = None) -> date:
    """A day can be closed from its own date on, never ahead of time."""
    if day > (today or business_day()):
        raise InvalidInput(_("a day in the future cannot be closed"), field="date")
    return day


def day_close(
    *,
    actor: Actor,
    store: OrgUnit,
    day: date,
    cash_counted: Decimal,
    difference_reason: str = "",
    remark: str = "",
    today: date | None = None,
) -> DailyClosing:
    """Closes `store`'s business day `day` (see the module's doc). Errors: VALID-40000 (a future day,
    a negative count, a difference without its reason), 409 DAY-40901 (already closed), 409 DAY-40902
    (provider payments pending)."""
    closable_day(day, today)
    if cash_counted < 0:
        raise InvalidInput(_("the cash counted cannot be below 0"), field="cashCounted")
    remark = _text(remark, "remark", required=False)
    with transaction.atomic():
        lock_store_days(store.pk)
        figures = _figures_to_close(Day(store.pk, day))
        expected = Decimal(figures["cash"]["expected"])
        difference = cash_counted - expected
        reason = _text(
            difference_reason,
            "differenceReason",
            required=difference != 0,
            message=_("the cash counted differs from the cash expected: please give the reason"),
        )
        with constraint_errors({"daily_closing_one_active": DayClosed}):
            closing = DailyClosing.objects.create(
                store=store,
                date=day,
                cash_expected=expected,
                cash_counted=cash_counted,
                difference=difference,
                difference_reason=reason,
                remark=remark,
                figures=figures,
                closed_by_id=actor.user_id,
                closed_by_name=actor.login_name[:40],
            )
        mark_day_closed(store_id=store.pk, day=day)
        audit_record(
            actor=actor,
            action=AuditAction.DAY_CLOSED,
            target=closing,
            detail={
                "date": day.isoformat(),
                "cashExpected": money_to_wire(expected),
                "cashCounted": money_to_wire(cash_counted),
                "difference": money_to_wire(difference),
                "differenceReason": reason,
                "takings": figures["takings"]["money"],
            },
        )
    return closing


def _figures_to_close(the_day: Day) -> DayFiguresRow:
    """The day's figures, under the store's day lock: a day closed already answers 409 DAY-40901, one
    with provider payments or refunds still pending 409 DAY-40902."""
    if active_closing(the_day) is not None:
        raise DayClosed()
    figures = day_figures(the_day)
    if figures["pending"]["count"] or figures["refunds"]["pending"]["count"]:
        raise PaymentsPending(data={"pending": figures["pending"], "pendingRefunds": figures["refunds"]["pending"]})
    return figures


def day_reopen(*, actor: Actor, store: OrgUnit, closing_id: int, reason: str) -> DailyClosing:
    """Reopens the store's active closing `closing_id` with `reason` (the view lets owners only):
    the day takes changes again; the closing's row keeps who reopened it, when and why."""
    reason = _text(reason, "reason", required=True)
    with transaction.atomic():
        lock_store_days(store.pk)
        closing = DailyClosing.objects.select_for_update().filter(pk=closing_id, store_id=store.pk).first()
        if closing is None:
            raise NotFound()
        if not closing.active:
            raise InvalidInput(_("this closing was already reopened"), field="closingId")
        closing.reopened_by_id = actor.user_id
        closing.reopened_by_name = actor.login_name[:40]
        closing.reopened_at = timezone.now()
        closing.reopen_reason = reason
        closing.save(update_fields=["reopened_by", "reopened_by_name", "reopened_at", "reopen_reason"])
        mark_day_open(store_id=store.pk, day=closing.date)
        audit_record(
            actor=actor,
            action=AuditAction.DAY_REOPENED,
            target=closing,
            detail={"date": closing.date.isoformat(), "reason": reason},
        )
    return closing
