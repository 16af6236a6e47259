"""Daily closing (日结, issue 14 §3; docs/decisions/0012-closed-days.md): closing a store's business
day and reopening it.

Closing a day, in one transaction: the store's money writes in flight are waited for (an exclusive
lock of the store's days, apps.core.business_days), the day must not be in the future nor closed
already, no provider tender nor provider refund of it may still be pending (409 DAY-40902), every
other item of the day still open (apps.billing.closing.open_items: orders not paid in full, arrived
reservations not billed, coupons written off and not served, owed goods) is carried over with a
reason or the closing is refused (409 DAY-40903, issue 28 §2), the cash counted is compared with the
cash the tenders say the till holds and a difference needs a reason; the closing keeps the day's
figures (apps.billing.closing.selectors) and what it carried over, and the ClosedDay row makes every
later change dated in the day answer 409 DAY-40901. Corrections go into the next open day.

Reopening (owners only: the view asks for the button code BTN-SYFH-DAY-REOPEN, or an owner approves
a request to reopen in the approval centre, apps.billing.closing.reopen_requests) writes who, when
and why on the closing's row and opens the day again; all of it is in the system log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.approvals.services import close_waiting
from apps.billing.choices import (
    CLOSING_TEXT_MAX_LENGTH,
    DAY_REOPEN_KIND,
    DAY_REOPEN_SUBJECT,
    AuditAction,
    OpenItemKind,
)
from apps.billing.closing.open_items import open_items, orders_carried_into
from apps.billing.closing.rows import CarriedOverRow, DayFiguresRow
from apps.billing.closing.selectors import Day, active_closing, day_figures
from apps.billing.errors import DayClosed, DayItemsOpen, PaymentsPending
from apps.billing.models import DailyClosing, Order
from apps.core.audit import Actor, audit_record
from apps.core.business_days import business_day, lock_store_days, mark_day_closed, mark_day_open
from apps.core.constraints import constraint_errors
from apps.core.errors import InvalidInput, NotFound
from apps.core.money import money_to_wire
from apps.org.models import OrgUnit


def checked_text(value: str, field: str, *, required: bool, message: str = "") -> str:
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


@dataclass(frozen=True)
class CarryOver:
    """An open item of the day (its kind and ref, as the preview lists it) carried over with a reason."""

    kind: str
    ref: str
    reason: str


def _carry_reasons(carry_over: Sequence[CarryOver]) -> dict[tuple[str, str], str]:
    reasons: dict[tuple[str, str], str] = {}
    for item in carry_over:
        reasons[(item.kind, str(item.ref))] = checked_text(
            item.reason, "carryOver", required=True, message=_("please give the reason for carrying it over")
        )
    return reasons


def day_close(
    *,
    actor: Actor,
    store: OrgUnit,
    day: date,
    cash_counted: Decimal,
    difference_reason: str = "",
    remark: str = "",
    carry_over: Sequence[CarryOver] = (),
    today: date | None = None,
) -> DailyClosing:
    """Closes `store`'s business day `day` (see the module's doc). Errors: VALID-40000 (a future day,
    a negative count, a difference without its reason, an item carried over without one), 409
    DAY-40901 (already closed), 409 DAY-40902 (provider payments pending), 409 DAY-40903 (items of
    the day open and not carried over)."""
    closable_day(day, today)
    if cash_counted < 0:
        raise InvalidInput(_("the cash counted cannot be below 0"), field="cashCounted")
    remark = checked_text(remark, "remark", required=False)
    reasons = _carry_reasons(carry_over)
    with transaction.atomic():
        lock_store_days(store.pk)
        the_day = Day(store.pk, day)
        if active_closing(the_day) is not None:
            raise DayClosed()
        carried = _carried_over(the_day, reasons, into=max(day + timedelta(days=1), today or business_day()))
        figures = day_figures(the_day)
        reason = checked_text(
            difference_reason,
            "differenceReason",
            required=cash_counted != Decimal(figures["cash"]["expected"]),
            message=_("the cash counted differs from the cash expected: please give the reason"),
        )
        closing = _closing_written(
            actor, store, day, figures=figures, cash_counted=cash_counted, reason=reason, remark=remark, carried=carried
        )
        mark_day_closed(store_id=store.pk, day=day)
        _carrying_logged(actor, closing, carried)
    return closing


def _closing_written(
    actor: Actor,
    store: OrgUnit,
    day: date,
    *,
    figures: DayFiguresRow,
    cash_counted: Decimal,
    reason: str,
    remark: str,
    carried: list[CarriedOverRow],
) -> DailyClosing:
    """The closing's row with the day's figures and what it carried over, and its system-log record."""
    expected = Decimal(figures["cash"]["expected"])
    difference = cash_counted - expected
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
            carried_over=carried,
            closed_by_id=actor.user_id,
            closed_by_name=actor.login_name[:40],
        )
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
            "carriedOver": len(carried),
        },
    )
    return closing


def _carried_over(the_day: Day, reasons: dict[tuple[str, str], str], *, into: date) -> list[CarriedOverRow]:
    """Under the store's day lock: the day's open items (apps.billing.closing.open_items) each carried
    over with its reason, or the closing refused: a provider's money still on its way 409 DAY-40902
    (settled only), anything else open without a reason 409 DAY-40903 with the items. The open
    orders move into the business day `into`, where they are paid."""
    items = open_items(the_day.store_id, the_day.date)
    if any(not item["carriable"] for item in items):
        figures = day_figures(the_day)
        raise PaymentsPending(data={"pending": figures["pending"], "pendingRefunds": figures["refunds"]["pending"]})
    left = [item for item in items if (item["kind"], item["ref"]) not in reasons]
    if left:
        raise DayItemsOpen(data={"openItems": left})
    orders = [int(item["ref"]) for item in items if item["kind"] == OpenItemKind.ORDER]
    if orders:
        orders_carried_into(the_day.store_id, the_day.date, orders, into)
    return [
        {
            "kind": item["kind"],
            "ref": item["ref"],
            "title": item["title"],
            "amount": item["amount"],
            "reason": reasons[(item["kind"], item["ref"])],
            "carriedTo": into.isoformat() if item["kind"] == OpenItemKind.ORDER else None,
        }
        for item in items
    ]


def _carrying_logged(actor: Actor, closing: DailyClosing, carried: list[CarriedOverRow]) -> None:
    """One system-log record per item carried over: on the order it moved (its own log shows where it
    went and why), on the closing for the rest."""
    order_ids = [int(item["ref"]) for item in carried if item["kind"] == OpenItemKind.ORDER]
    orders = Order.objects.in_bulk(order_ids) if order_ids else {}
    for item in carried:
        target = orders.get(int(item["ref"])) if item["kind"] == OpenItemKind.ORDER else None
        audit_record(
            actor=actor,
            action=AuditAction.DAY_ITEM_CARRIED_OVER,
            target=target or closing,
            detail={"date": closing.date.isoformat(), "closingId": closing.pk, **item},
        )


def day_reopen(
    *, actor: Actor, store: OrgUnit, closing_id: int, reason: str, approval_id: int | None = None
) -> DailyClosing:
    """Reopens the store's active closing `closing_id` with `reason` (the view lets owners only; or an
    owner's approval of a request to reopen it, `approval_id`): the day takes changes again; the
    closing's row keeps who reopened it, when and why. A request to reopen it still waiting is
    withdrawn: the owner did what it asked."""
    reason = checked_text(reason, "reason", required=True)
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
        close_waiting(
            actor=actor,
            kind=DAY_REOPEN_KIND,
            subject_type=DAY_REOPEN_SUBJECT,
            subject_id=closing.pk,
            remark=_("the owner reopened the day"),
        )
        audit_record(
            actor=actor,
            action=AuditAction.DAY_REOPENED,
            target=closing,
            detail={"date": closing.date.isoformat(), "reason": reason, "approvalId": approval_id},
        )
    return closing
