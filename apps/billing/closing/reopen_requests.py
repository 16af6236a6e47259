"""Asking the owner to reopen a closed day (issue 28 §2): a `day-reopen` request in the approval centre.

Only an owner reopens a closed day (BTN-SYFH-DAY-REOPEN). Anyone acting at the store who finds the
day closed (a payment, a refund or a coupon served refused with "the day is closed; ask the owner to
reopen it"), or a principal who closed it too early, asks with the reason; the request's subject is
the day's closing, so one request waits per closing (asking again answers the waiting one). The
owner decides in the approval centre: approving reopens the day through `day_reopen`, with the
owner as the one who reopened it and the request's reason, in the decision's transaction; a day
reopened meanwhile (by the owner from the closings' history, which withdraws the request) or
closed again asks nothing more of the approval. A rejection changes nothing."""

from __future__ import annotations

from datetime import date

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.approvals.choices import ApprovalStatus
from apps.approvals.kinds import ApprovalKind
from apps.approvals.models import ApprovalRequest
from apps.approvals.services import request_approval
from apps.billing.choices import DAY_REOPEN_KIND, DAY_REOPEN_SUBJECT
from apps.billing.closing.selectors import Day, active_closing
from apps.billing.closing.services import checked_text, day_reopen
from apps.billing.models import DailyClosing
from apps.core.audit import Actor, operator_name
from apps.core.errors import InvalidInput
from apps.core.money import money_to_wire
from apps.core.role_codes import DAY_REOPEN
from apps.org.models import OrgUnit


def day_reopen_ask(*, actor: Actor, store: OrgUnit, day: date, reason: str) -> ApprovalRequest:
    """Files the request to reopen `store`'s closed `day` with `reason` (or answers the one already
    waiting for that closing). A day that is not closed: 400 on `date`; no reason: 400 on `reason`."""
    reason = checked_text(reason, "reason", required=True)
    closing = active_closing(Day(store.pk, day))
    if closing is None:
        raise InvalidInput(_("this day is not closed"), field="date")
    return request_approval(
        actor=actor,
        kind=DAY_REOPEN_KIND,
        store_id=store.pk,
        subject_type=DAY_REOPEN_SUBJECT,
        subject_id=closing.pk,
        subject=f"{store.name} {day.isoformat()}",
        payload={"date": day.isoformat(), "closingId": closing.pk},
        reason=reason,
    )


def day_reopen_approved(request: ApprovalRequest, actor: Actor) -> DailyClosing | None:
    """The approval's hook: the day reopened by the approving owner with the request's reason (see the
    module's doc). None: the day was open already, nothing to do."""
    day = date.fromisoformat(str((request.payload or {}).get("date")))
    closing = active_closing(Day(request.store_id, day))
    if closing is None:
        return None
    return day_reopen(
        actor=actor, store=request.store, closing_id=closing.pk, reason=request.reason, approval_id=request.pk
    )


def describe_day_reopen(request: ApprovalRequest) -> list[tuple[str, str]]:
    """What the approval centre shows of the request: the day, the reason, and the closing asked about
    (who closed it, when, the cash counted against the cash expected, what it carried over)."""
    payload = request.payload or {}
    rows: list[tuple[str, str]] = [
        (_("business day"), str(payload.get("date", ""))),
        (_("reason"), request.reason),
    ]
    closing = DailyClosing.objects.filter(pk=int(request.subject_id)).first()
    if closing is None:
        return rows
    rows += [
        (_("closed by"), operator_name(closing.closed_by_name)),
        (_("closed at"), f"{timezone.localtime(closing.closed_at):%Y-%m-%d %H:%M}"),
        (_("cash counted"), money_to_wire(closing.cash_counted)),
        (_("cash expected"), money_to_wire(closing.cash_expected)),
    ]
    for item in closing.carried_over or []:
        rows.append((_("carried over"), f"{item.get('title', '')}: {item.get('reason', '')}"))
    if request.status == ApprovalStatus.PENDING and not closing.active:
        rows.append((_("already reopened"), closing.reopen_reason))
    return rows


DAY_REOPEN_APPROVAL = ApprovalKind(
    code=DAY_REOPEN_KIND,
    name=gettext_lazy("reopen a closed day"),
    decide_codes=(DAY_REOPEN.code,),
    on_approved=day_reopen_approved,
    detail_route="/dailyHistory",
    describe=describe_day_reopen,
)
