"""Provider tenders: WeChat Pay, Alipay and the card terminal paying an order (issue 14 §1;
docs/decisions/0015-provider-tenders.md).

A payment with a provider tender runs in three steps, because apps.payments calls the provider
outside any transaction (decision 0009):
1. apps.billing.till.checkout.order_pay, one transaction under the order's lock: the cash, stored value
   and points tenders are written succeeded and the provider tender `pending`; a pending tender
   counts as taken from what is due, so nothing else can pay that part meanwhile. Committed.
2. `provider_tender_ask`, no transaction open: the tender is claimed for asking (one conditional
   update: a retried request finds it claimed and asks nothing), then apps.payments records the
   intent (reference `tender:<id>`) and asks the provider.
3. `tender_intent_ended`, the listener apps.payments calls inside the transaction that makes the
   intent final (from the answer, the notification or the poller): under the order's lock the tender
   succeeds (added to `paid`; the order settles when that pays it) or fails (its amount is free again).
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import AuditAction, TenderStatus
from apps.billing.errors import OrderNotInState
from apps.billing.models import Order, Tender
from apps.billing.till.checkout import DEVICE_METHODS, PROVIDER_METHODS, provider_tender_settled
from apps.billing.till.provider_mismatch import mismatch_settled
from apps.billing.till.provider_tenders import provider_intent_of, tender_id_of, tender_reference
from apps.core.audit import SYSTEM_ACTOR, Actor, audit_record
from apps.core.business_days import business_day, check_day_open
from apps.core.errors import NotFound
from apps.core.money import money_to_wire
from apps.core.transactions import use_case_atomic
from apps.payments.choices import IntentMode, IntentState
from apps.payments.errors import ProviderUnreachable, QrNotRefreshable
from apps.payments.services import (
    IntentEnded,
    intent_close,
    intent_pay_by_code,
    intent_pay_by_qr,
    intent_query,
    intent_refresh_qr,
)

logger = logging.getLogger(__name__)

# A pending tender with no intent this long after it was written (or claimed) was never sent to a
# provider (the process died between the steps): nothing can pay it, and it is failed.
ORPHAN_AFTER = timedelta(seconds=60)


def _tender_actor(tender: Tender, order: Order) -> Actor:
    """The cashier who took the tender: the cards issued and points earned when it succeeds are theirs."""
    return Actor(user_id=tender.operator_id, login_name=tender.operator_name, store_id=order.store_id)


def provider_tender_ask(*, tender_id: int, auth_code: str = "", actor: Actor = SYSTEM_ACTOR) -> Tender:
    """Step 2: asks the provider for a pending provider tender, once. Must run with no transaction
    open (apps.payments' transactions are durable). wechat and alipay with the customer's payment
    code (`auth_code`) pay by code, without it by a QR; pos asks the tender's terminal. When the
    provider's answer is final the listener has applied it before this returns."""
    claimed = Tender.objects.filter(pk=tender_id, status=TenderStatus.PENDING, asked_at__isnull=True).update(
        asked_at=timezone.now()
    )
    tender = Tender.objects.select_related("order").get(pk=tender_id)
    if not claimed:  # asked already (a retry of the same request), or ended
        return tender
    order = tender.order
    common = {
        "reference": tender_reference(tender.pk),
        "store_id": tender.store_id,
        "member_id": order.member_id,
        "provider": tender.method,
        "amount": tender.amount,
        "description": f"{order.store.name} {order.order_no or order.pk}"[:120],
        "actor": actor,
    }
    try:
        if tender.method in DEVICE_METHODS:  # the card terminal or the payment box reads the card or code
            intent_pay_by_code(**common, auth_code="", terminal_id=tender.terminal_id)
        elif auth_code:
            intent_pay_by_code(**common, auth_code=auth_code)
        else:
            intent_pay_by_qr(**common)
    except Exception as failure:
        if provider_intent_of(tender) is None:  # refused before anything was sent: the amount is free again
            _fail_orphan(tender.pk, str(failure)[:255] or _("the provider could not be asked"))
        raise
    tender.refresh_from_db()
    return tender


def tender_intent_ended(event: IntentEnded) -> None:
    """Step 3, the intent listener (registered in BillingConfig.ready): called inside the payments
    transaction that makes the intent final. Idempotent: a tender that is no longer pending is left
    as it is. A `mismatched` intent (the provider reported another amount, currency or merchant), or a
    success whose amount is not the tender's, fails the tender and raises a task for a person
    (apps.billing.till.provider_mismatch): never paid by it. A success dated in a closed day raises
    (DAY-40901): the intent stays open and the poller applies it again once the day is reopened
    (closing is refused while a tender is pending, so this needs a day closed after the tender was
    paid at the provider and before we heard it)."""
    tender_id = tender_id_of(event.reference)
    if tender_id is None:
        return
    order_id = Tender.objects.filter(pk=tender_id).values_list("order_id", flat=True).first()
    if order_id is None:
        logger.error("payment %s names tender %s, which does not exist", event.out_trade_no, tender_id)
        return
    with use_case_atomic():
        order = Order.objects.select_for_update(no_key=True, of=("self",)).select_related("store").get(pk=order_id)
        tender = Tender.objects.select_for_update().get(pk=tender_id)
        if tender.status != TenderStatus.PENDING:
            return
        now = timezone.now()
        differences = list(event.differences)
        if event.state == IntentState.SUCCEEDED:
            # Payments compared the provider's word with the intent; the intent and the provider's
            # amount against the tender are billing's to check: neither may pay another amount.
            said = event.reported_amount
            if event.amount != tender.amount or said != tender.amount:
                differences.append(("amount", money_to_wire(tender.amount), money_to_wire(said) if said else "-"))
        if differences or event.state == IntentState.MISMATCHED:
            logger.error("payment %s: not the tender's payment: %s", event.out_trade_no, differences)
            tender.status = TenderStatus.FAILED
            mismatch_settled(
                order,
                tender,
                differences=differences,
                out_trade_no=event.out_trade_no,
                provider_trade_no=event.provider_trade_no,
                reported_amount=event.reported_amount,
                reported_currency=event.reported_currency,
                reported_merchant=event.reported_merchant,
            )
            tender.save(update_fields=["status", "message"])
        elif event.state == IntentState.SUCCEEDED:
            check_day_open(store_id=order.store_id, day=order.business_date)
            check_day_open(store_id=order.store_id, day=business_day())
            tender.message = event.message[:255]
            provider_tender_settled(_tender_actor(tender, order), order, tender, now)
        else:
            tender.status = TenderStatus.FAILED
            tender.message = event.message[:255] or event.state
            tender.save(update_fields=["status", "message"])
        audit_record(
            actor=SYSTEM_ACTOR,
            action=AuditAction.PROVIDER_TENDER_ENDED,
            target=order,
            detail={
                "orderNo": order.order_no,
                "tenderId": tender.pk,
                "method": tender.method,
                "amount": money_to_wire(tender.amount),
                "tenderStatus": tender.status,
                "status": order.status,
                "paid": money_to_wire(order.paid),
                "outTradeNo": event.out_trade_no,
                **({"mismatch": [list(difference) for difference in differences]} if differences else {}),
            },
        )


def _fail_orphan(tender_id: int, message: str) -> None:
    """A pending tender no intent stands for: failed, under its order's lock."""
    with transaction.atomic():
        order_id = Tender.objects.filter(pk=tender_id).values_list("order_id", flat=True).get()
        order = Order.objects.select_for_update(no_key=True, of=("self",)).get(pk=order_id)
        tender = Tender.objects.select_for_update().get(pk=tender_id)
        if tender.status != TenderStatus.PENDING:
            return
        tender.status = TenderStatus.FAILED
        tender.message = message[:255]
        tender.save(update_fields=["status", "message"])
        audit_record(
            actor=SYSTEM_ACTOR,
            action=AuditAction.PROVIDER_TENDER_ENDED,
            target=order,
            detail={"orderNo": order.order_no, "tenderId": tender.pk, "tenderStatus": tender.status, "orphan": True},
        )


def _is_orphan(tender: Tender) -> bool:
    since = tender.asked_at or tender.created_at
    return since <= timezone.now() - ORPHAN_AFTER


def provider_tender_get(*, tender_id: int, store_ids: Collection[int] | None = None) -> Tender:
    found = Tender.objects.select_related("order", "order__store").filter(pk=tender_id, method__in=PROVIDER_METHODS)
    tender = (found.filter(store_id__in=store_ids) if store_ids is not None else found).first()
    if tender is None:
        raise NotFound()
    return tender


def provider_tender_close(*, actor: Actor, tender_id: int, store_ids: Collection[int] | None = None) -> Tender:
    """The cashier cancels a pending provider tender (the customer walked away): the trade is closed
    at the provider, then here, and the tender fails. A provider that says it was paid meanwhile
    makes it succeed instead. A tender not pending is answered as it stands. No transaction open."""
    tender = provider_tender_get(tender_id=tender_id, store_ids=store_ids)
    if tender.status != TenderStatus.PENDING:
        return tender
    intent = provider_intent_of(tender)
    if intent is not None:
        intent_close(intent_id=intent.pk, actor=actor)
    elif _is_orphan(tender):
        _fail_orphan(tender.pk, _("never sent to the provider"))
    else:
        raise OrderNotInState(_("the provider is being asked: try again in a moment"))
    tender.refresh_from_db()
    return tender


def order_repay(*, actor: Actor, order_id: int, store_ids: Collection[int] | None = None) -> Order:
    """`pay/repay`: asks the provider again about each pending provider tender of the order (the
    query applies a final answer); one whose intent has expired is closed; one that was never sent
    to a provider (see ORPHAN_AFTER) fails. No transaction open."""
    found = Order.objects.filter(pk=order_id)
    order = (found.filter(store_id__in=store_ids) if store_ids is not None else found).first()
    if order is None:
        raise NotFound()
    now = timezone.now()
    for tender in order.tenders.filter(status=TenderStatus.PENDING, method__in=PROVIDER_METHODS).order_by("id"):
        intent = provider_intent_of(tender)
        if intent is None:
            if _is_orphan(tender):
                _fail_orphan(tender.pk, _("never sent to the provider"))
        elif not intent.is_final:
            if intent.expires_at <= now:
                intent_close(intent_id=intent.pk, actor=actor)
            else:
                intent_query(intent_id=intent.pk)
    return Order.objects.select_related("store").get(pk=order.pk)


def provider_tender_query(*, tender_id: int, store_ids: Collection[int] | None = None) -> Tender:
    """`pos/query`: asks the provider now how a pending provider tender stands (the answer, if final,
    is applied by the listener). No transaction open."""
    tender = provider_tender_get(tender_id=tender_id, store_ids=store_ids)
    if tender.status == TenderStatus.PENDING:
        intent = provider_intent_of(tender)
        if intent is not None and not intent.is_final:
            intent_query(intent_id=intent.pk)
            tender.refresh_from_db()
    return tender


def provider_tender_qr_refresh(*, actor: Actor, tender_id: int, store_ids: Collection[int] | None = None) -> Tender:
    """`pay/qrRefresh`: a pending QR tender whose QR expired or that the customer lost gets a new QR.
    The old trade is closed at the provider; if the provider says it was paid meanwhile, the tender
    succeeds (the listener) and no new QR is made; else a new intent of the same tender, with a new
    out-trade number, answers the new QR (apps.payments.services.intent_refresh_qr). A tender no
    longer pending is answered as it stands (paid, or closed by the poller: pay the due again).
    Raises QrNotRefreshable (PAY-40903) for a tender that is not a QR, ProviderUnreachable
    (PAY-40904) when the provider could not be asked. No transaction open."""
    tender = provider_tender_get(tender_id=tender_id, store_ids=store_ids)
    if tender.status != TenderStatus.PENDING:
        return tender
    intent = provider_intent_of(tender)
    if intent is None or intent.mode != IntentMode.QR:
        raise QrNotRefreshable()
    after = intent_refresh_qr(intent_id=intent.pk, actor=actor)
    tender.refresh_from_db()
    if after.pk == intent.pk and tender.status == TenderStatus.PENDING and not after.is_final:
        raise ProviderUnreachable()
    return tender
