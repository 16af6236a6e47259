"""Money back to a WeChat Pay, Alipay or card-terminal tender (issue 14 §2; decision 0011's
"Provider refunds").

A refund that returns money to a provider tender writes, in its own transaction, a `pending`
RefundTender: that row is the record that the money is owed. The provider is asked only after that
transaction commits (payments' calls are durable and never run inside ours): `transaction.on_commit`
calls `provider_refunds_send`, which asks apps.payments.services.refund_create for the tender's
intent with the reference `refundTender:<id>`. Should the process die between the commit and that
call, the sweeper (`provider_refunds_sweep`, a Celery beat task) finds the pending RefundTenders
that have no provider refund yet and sends them. The payments app makes `refund_create` once per
(intent, reference), so the commit's call and the sweeper meeting never give the money back twice.

The payments app tells how each ends (`on_refund_ended`, registered in BillingConfig.ready): the
RefundTender becomes succeeded or failed (once: a repeat changes nothing), and its refund's status
follows: pending while any of its tenders is, then `failed` when any failed (that money did not go
back: the refund shows it, and the store returns it another way), else done."""

from __future__ import annotations

import logging
from collections.abc import Collection
from datetime import timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import AuditAction, RefundStatus, TenderMethod, TenderStatus
from apps.billing.errors import ProviderRefundUnavailable
from apps.billing.models import Refund, RefundTender, Tender
from apps.billing.refunds.rows import RefundTenderStatusRow
from apps.billing.till.provider_tenders import provider_intent_of
from apps.core.audit import SYSTEM_ACTOR, Actor, audit_record
from apps.core.business_days import check_day_open
from apps.core.errors import NotFound
from apps.core.json_types import JsonObject
from apps.core.money import money_to_wire
from apps.payments.choices import PAID_INTENT_STATES
from apps.payments.choices import RefundState as ProviderRefundStatus
from apps.payments.errors import IntentNotRefundable, RefundAboveRemaining, RefundNotResendable
from apps.payments.selectors import refund_attempts, refund_references
from apps.payments.services import RefundEnded, refund_create, refund_query

if TYPE_CHECKING:
    from apps.payments.models import PaymentIntent, ProviderRefund

logger = logging.getLogger(__name__)

PROVIDER_METHODS = {TenderMethod.WECHAT, TenderMethod.ALIPAY, TenderMethod.POS, TenderMethod.BOX}
REFERENCE_PREFIX = "refundTender:"
# The sweeper leaves a pending refund tender this long to the call made after its commit.
SWEEP_AFTER = timedelta(seconds=60)
SWEEP_LIMIT = 200


# A refund tender the provider failed may be asked again (`pos/refund`): each attempt is its own
# provider refund, named `refundTender:<id>` the first time and `refundTender:<id>#<n>` after.
ATTEMPT_MARK = "#"


def refund_reference(refund_tender_id: int, attempt: int = 1) -> str:
    first = f"{REFERENCE_PREFIX}{refund_tender_id}"
    return first if attempt <= 1 else f"{first}{ATTEMPT_MARK}{attempt}"


def refund_tender_id_of(reference: str) -> int | None:
    """The refund tender a provider refund's reference names (any attempt), or None."""
    if not reference.startswith(REFERENCE_PREFIX):
        return None
    number = reference.removeprefix(REFERENCE_PREFIX).split(ATTEMPT_MARK, 1)[0]
    return int(number) if number.isdigit() else None


def refund_tender_attempts(row_id: int) -> list[ProviderRefund]:
    """The provider refunds asked for a refund tender, oldest first (one, unless the provider failed
    one and it was asked again)."""
    return refund_attempts(reference=refund_reference(row_id), mark=ATTEMPT_MARK)


def _reference_to_send(row_id: int) -> str:
    """The first attempt's reference; the last one's while it is pending or succeeded (payments then
    answers it and asks nothing); the next attempt's once the last one failed."""
    attempts = refund_tender_attempts(row_id)
    if not attempts:
        return refund_reference(row_id)
    if attempts[-1].state != ProviderRefundStatus.FAILED:
        return attempts[-1].reference
    return refund_reference(row_id, len(attempts) + 1)


def tender_intent(tender: Tender) -> PaymentIntent | None:
    """The succeeded provider payment of a provider tender (None: there is none)."""
    intent = provider_intent_of(tender)
    return intent if intent is not None and intent.state in PAID_INTENT_STATES else None


def provider_refund_check(tender: Tender, amount: Decimal) -> PaymentIntent:
    """Before anything is written: the tender has a succeeded payment of its amount with `amount`
    still refundable at the provider (billing's own check; payments checks again under its lock)."""
    intent = tender_intent(tender)
    label = TenderMethod(tender.method).label
    if intent is None or intent.amount != tender.amount or intent.provider != tender.method:
        raise ProviderRefundUnavailable(
            _("no provider payment of this tender can be refunded: %(method)s") % {"method": label}
        )
    if amount > intent.amount - intent.refunded:
        raise ProviderRefundUnavailable(_("more than is left to refund of the %(method)s payment") % {"method": label})
    return intent


def provider_refund_record(*, refund: Refund, tender: Tender, amount: Decimal) -> RefundTender:
    """Inside the refund's transaction: the pending refund tender, and the provider's call once
    that transaction has committed."""
    provider_refund_check(tender, amount)
    row = RefundTender.objects.create(
        refund=refund, tender=tender, method=tender.method, amount=amount, status=TenderStatus.PENDING
    )
    transaction.on_commit(lambda: provider_refunds_send([row.pk]), robust=True)
    return row


def _fail(row_id: int, message: str) -> None:
    with transaction.atomic():
        row = RefundTender.objects.select_for_update().filter(pk=row_id).first()
        if row is None or row.status != TenderStatus.PENDING:
            return
        _end(row, TenderStatus.FAILED, message)


def provider_refunds_send(row_ids: list[int], *, actor: Actor = SYSTEM_ACTOR) -> int:
    """Asks the provider for each pending refund tender of `row_ids` (outside any transaction).
    Answers how many were asked. A refund payments refuses (the payment cannot be refunded, or not
    that much) is failed here; any other fault leaves it pending for the sweeper."""
    asked = 0
    rows = RefundTender.objects.filter(pk__in=row_ids, status=TenderStatus.PENDING).select_related("tender", "refund")
    for row in rows.order_by("id"):
        assert row.tender is not None  # a provider refund tender names its tender
        intent = tender_intent(row.tender)
        if intent is None:
            _fail(row.pk, _("no provider payment of this tender can be refunded"))
            continue
        try:
            refund_create(
                intent_id=intent.pk,
                amount=row.amount,
                reference=_reference_to_send(row.pk),
                reason=row.refund.reason,
                actor=actor,
            )
            asked += 1
        except (IntentNotRefundable, RefundAboveRemaining) as refused:
            _fail(row.pk, str(refused))
        except Exception:  # the provider's account, the network: the sweeper asks again
            logger.exception("asking the provider for refund tender %s failed", row.pk)
    return asked


def provider_refunds_sweep(*, older_than: timedelta = SWEEP_AFTER, limit: int = SWEEP_LIMIT) -> int:
    """The pending provider refund tenders older than `older_than` that no provider refund exists
    for (the process died after the refund's commit and before its call): sent now."""
    since = timezone.now() - older_than
    candidates = list(
        RefundTender.objects.filter(status=TenderStatus.PENDING, method__in=PROVIDER_METHODS, created_at__lte=since)
        .order_by("id")
        .values_list("pk", flat=True)[:limit]
    )
    if not candidates:
        return 0
    sent = refund_references(references=[refund_reference(pk) for pk in candidates])
    unsent = [pk for pk in candidates if refund_reference(pk) not in sent]
    return provider_refunds_send(unsent) if unsent else 0


def refund_status(refund: Refund) -> str:
    """Pending while any of its tenders is; failed when one failed (its money did not go back); done."""
    statuses = set(RefundTender.objects.filter(refund=refund).values_list("status", flat=True))
    if TenderStatus.PENDING in statuses:
        return RefundStatus.PENDING
    if TenderStatus.FAILED in statuses:
        return RefundStatus.FAILED
    return RefundStatus.DONE


def _follow_tenders(refund: Refund) -> str:
    """Under the refund's row lock, after one of its tenders changed: the refund's status as its
    tenders' now say."""
    now = refund_status(refund)
    if now != refund.status:
        refund.status = now
        refund.save(update_fields=["status"])
    return now


def _tender_detail(refund: Refund, row: RefundTender) -> JsonObject:
    """The system log's words for a refund tender that changed."""
    return {"refundNo": refund.refund_no, "refundTenderId": row.pk, "method": row.method, "amount": str(row.amount)}


def _end(row: RefundTender, status: str, message: str) -> None:
    """Under the refund tender's row lock: its final status, then its refund's."""
    row.status = status
    row.provider_message = message[:255]
    row.save(update_fields=["status", "provider_message"])
    refund = Refund.objects.select_for_update().get(pk=row.refund_id)
    now = _follow_tenders(refund)
    audit_record(
        actor=SYSTEM_ACTOR,
        action=AuditAction.REFUND_TENDER_ENDED,
        target=refund,
        detail={
            **_tender_detail(refund, row),
            "status": status,
            "refundStatus": now,
            "message": message[:200],
        },
    )


def on_refund_ended(event: RefundEnded) -> None:
    """The payments app's word on a provider refund (inside its transaction): a refund tender's
    succeeded or failed, once."""
    row_id = refund_tender_id_of(event.reference)
    if row_id is None:
        return
    row = RefundTender.objects.select_for_update().filter(pk=row_id).first()
    if row is None or row.status != TenderStatus.PENDING:
        return
    status = TenderStatus.SUCCEEDED if event.state == "succeeded" else TenderStatus.FAILED
    _end(row, status, event.message)


# -- pos/refund: a terminal's (or payment box's) refund asked again --------------------------------
DEVICE_METHODS = {TenderMethod.POS, TenderMethod.BOX}


def device_refund_tender(*, refund_id: int, tender_id: int, store_ids: Collection[int] | None = None) -> RefundTender:
    """The card terminal or payment box refund tender of an existing refund (404 otherwise: a refund
    is never asked of a terminal without its refund record)."""
    found = RefundTender.objects.select_related("refund", "tender").filter(
        refund_id=refund_id, tender_id=tender_id, method__in=DEVICE_METHODS
    )
    if store_ids is not None:
        found = found.filter(refund__store_id__in=store_ids)
    row = found.order_by("id").first()
    if row is None:
        raise NotFound()
    return row


def device_refund_reopen(*, actor: Actor, row: RefundTender) -> RefundTender:
    """`pos/refund`, step 1 (in the Idempotency-Key's transaction): a failed terminal refund tender
    becomes pending again, its refund with it, if what it gives back is still left of the payment
    (never more than paid: billing checks here, payments again under the intent's lock). A pending
    one is left as it is; a succeeded one is refused (PAY-40905), and so is one of a refund dated in
    a closed day (DAY-40901: the closing counted that money as not returned)."""
    with transaction.atomic():
        row = RefundTender.objects.select_for_update(of=("self",)).select_related("tender").get(pk=row.pk)
        if row.status == TenderStatus.SUCCEEDED:
            raise RefundNotResendable()
        if row.status == TenderStatus.PENDING:
            return row
        assert row.tender is not None
        refund = Refund.objects.select_for_update().get(pk=row.refund_id)
        # The refund's day must be open: reopening changes what its closing counted (decision 0012).
        check_day_open(store_id=refund.store_id, day=refund.business_date)
        provider_refund_check(row.tender, row.amount)
        before = row.provider_message
        row.status = TenderStatus.PENDING
        row.provider_message = ""
        row.save(update_fields=["status", "provider_message"])
        _follow_tenders(refund)
        audit_record(
            actor=actor,
            action=AuditAction.REFUND_TENDER_RESENT,
            target=refund,
            detail={
                **_tender_detail(refund, row),
                "failedWith": before[:200],
            },
        )
    return row


def device_refund_ask(*, actor: Actor, row_id: int) -> RefundTender:
    """`pos/refund`, step 2 (no transaction open): a pending refund tender whose provider refund is
    pending is queried (the terminal's word is applied: one it never received fails, and the next
    press sends it again); one never sent, or whose last attempt failed, is sent as its next attempt
    (payments makes one provider refund per reference: two requests meeting here give the money
    back once). The sweeper sends first attempts only: a reopened one whose sending died waits for
    the next press."""
    row = RefundTender.objects.get(pk=row_id)
    if row.status != TenderStatus.PENDING:
        return row
    attempts = refund_tender_attempts(row.pk)
    if attempts and attempts[-1].state == ProviderRefundStatus.PENDING:
        refund_query(refund_id=attempts[-1].pk)
    else:
        provider_refunds_send([row.pk], actor=actor)
    row.refresh_from_db()
    return row


def device_refund_query(*, row: RefundTender) -> RefundTender:
    """`pos/refundQuery`: asks the terminal now how the refund tender's pending provider refund
    stands (a final answer is applied by the listener). No transaction open."""
    if row.status == TenderStatus.PENDING:
        attempts = refund_tender_attempts(row.pk)
        if attempts and attempts[-1].state == ProviderRefundStatus.PENDING:
            refund_query(refund_id=attempts[-1].pk)
            row.refresh_from_db()
    return row


def device_refund_row(row: RefundTender) -> RefundTenderStatusRow:
    """A terminal refund tender as `pos/refund` and `pos/refundQuery` answer it."""
    refund = Refund.objects.get(pk=row.refund_id)
    attempts = refund_tender_attempts(row.pk)
    last = attempts[-1] if attempts else None
    return {
        "refundId": refund.pk,
        "refundNo": refund.refund_no,
        "refundStatus": refund.status,
        "tenderId": row.tender_id,
        "method": row.method,
        "amount": money_to_wire(row.amount),
        "status": row.status,
        "providerMessage": row.provider_message,
        "attempts": len(attempts),
        "outRefundNo": last.out_refund_no if last is not None else "",
        "providerState": last.state if last is not None else "",
    }
