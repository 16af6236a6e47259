"""Payment intents and provider refunds (issue 14 §1; decision 0009).

Every use case runs in three steps so that a slow provider never holds a row lock or a transaction:
record what we are about to ask (its own committed transaction), ask the provider (no transaction),
apply the answer (a new transaction, under the intent's row lock). Applying is idempotent: an
answer, a notification or a poll that repeats what is already recorded changes nothing. When an
intent or a refund reaches a final state the listeners that higher apps registered are called in
that same transaction, exactly once per intent or refund.

The transactions are `durable`: a caller may not wrap these services in its own transaction, which
would hold its locks across the provider call (Django's test cases lift that check)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, TypedDict

from django.conf import settings
from django.db import transaction
from django.db.models import F, Sum
from django.utils import timezone

from apps.core.audit import SYSTEM_ACTOR, Actor, audit_record
from apps.core.errors import NotFound
from apps.core.hooks import Listeners
from apps.core.json_types import JsonObject
from apps.core.money import from_cents, round_money, to_cents
from apps.org.selectors import store_codes
from apps.payments.accounts import account_for, configured_accounts
from apps.payments.choices import (
    CURRENCY,
    OPEN_INTENT_STATES,
    PAID_INTENT_STATES,
    AuditAction,
    EventKind,
    IntentMode,
    IntentState,
    RefundState,
)
from apps.payments.errors import IntentNotRefundable, RefundAboveRemaining
from apps.payments.models import PaymentEvent, PaymentIntent, ProviderRefund
from apps.payments.providers import provider as provider_adapter
from apps.payments.providers.base import (
    ForgedNotification,
    Notification,
    NotificationAnswer,
    PaymentProvider,
    PayRequest,
    PayResult,
    ProviderAccount,
    ProviderError,
    ProviderRefused,
    ProviderState,
    RefundRequest,
    RefundResult,
)
from apps.payments.providers.base import (
    RefundState as ProviderRefundState,
)

logger = logging.getLogger(__name__)

FINAL_INTENT_STATES = (IntentState.SUCCEEDED, IntentState.FAILED, IntentState.CLOSED, IntentState.MISMATCHED)


# -- listeners: how billing (a higher floor) hears of a final intent or refund ---------------------
@dataclass(frozen=True)
class IntentEnded:
    """What an intent listener receives when an intent becomes succeeded, failed or closed."""

    intent_id: int
    reference: str
    store_id: int
    member_id: int | None
    provider: str
    mode: str
    out_trade_no: str
    amount: Decimal
    state: str  # IntentState: "succeeded", "failed" or "closed"
    provider_trade_no: str
    paid_at: datetime | None
    message: str
    # What the provider reported with its success (kept on the intent); for a `mismatched` intent,
    # `differences` says what differs from what was asked: (part, asked, reported), part one of
    # "amount", "currency", "merchant", "app", "terminal".
    reported_amount: Decimal | None = None
    reported_currency: str = ""
    reported_merchant: str = ""
    differences: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True)
class RefundEnded:
    """What a refund listener receives when a provider refund becomes succeeded or failed."""

    refund_id: int
    reference: str  # the refund's own reference, e.g. "recede:5"
    intent_id: int
    intent_reference: str  # the intent's, e.g. "order:123"
    store_id: int
    provider: str
    out_trade_no: str
    out_refund_no: str
    amount: Decimal
    state: str  # RefundState: "succeeded" or "failed"
    succeeded_at: datetime | None
    message: str


IntentListener = Callable[[IntentEnded], None]
RefundListener = Callable[[RefundEnded], None]
# Called inside the transaction that makes an intent (a refund) final, once per intent. A listener
# that raises rolls the change back: the intent stays open and the poller applies it again later.
_intent_listeners: Listeners[IntentListener] = Listeners()
_refund_listeners: Listeners[RefundListener] = Listeners()
register_intent_listener = _intent_listeners.register
register_refund_listener = _refund_listeners.register


def unregister_listener(listener: Callable[..., None]) -> None:
    _intent_listeners.unregister(listener)
    _refund_listeners.unregister(listener)


# -- helpers ---------------------------------------------------------------------------------------
def _number(prefix: str) -> str:
    """An out-trade or out-refund number: a letter, the day and 20 random hex digits (29 characters,
    within every provider's limit of 32), unique in the database."""
    return f"{prefix}{timezone.localdate():%Y%m%d}{secrets.token_hex(10).upper()}"


def poll_delay(attempts: int) -> timedelta:
    """The backoff between two queries of one open intent or refund: first, then doubling, capped."""
    first = settings.PAYMENT_POLL_FIRST_SECONDS
    return timedelta(seconds=min(first * 2 ** min(attempts, 16), settings.PAYMENT_POLL_MAX_SECONDS))


def _event(intent: PaymentIntent, kind: str, *, refund: ProviderRefund | None = None, **detail: Any) -> None:
    state = refund.state if refund is not None else intent.state
    PaymentEvent.objects.create(intent=intent, refund=refund, kind=kind, state=state, detail=detail)


def _intent_ended(intent: PaymentIntent, differences: tuple[tuple[str, str, str], ...] = ()) -> IntentEnded:
    return IntentEnded(
        intent_id=intent.pk,
        reference=intent.reference,
        store_id=intent.store_id,
        member_id=intent.member_id,
        provider=intent.provider,
        mode=intent.mode,
        out_trade_no=intent.out_trade_no,
        amount=intent.amount,
        state=intent.state,
        provider_trade_no=intent.provider_trade_no,
        paid_at=intent.paid_at,
        message=intent.message,
        reported_amount=intent.reported_amount,
        reported_currency=intent.reported_currency,
        reported_merchant=intent.reported_merchant,
        differences=differences,
    )


def _refund_ended(refund: ProviderRefund, intent: PaymentIntent) -> RefundEnded:
    return RefundEnded(
        refund_id=refund.pk,
        reference=refund.reference,
        intent_id=intent.pk,
        intent_reference=intent.reference,
        store_id=intent.store_id,
        provider=intent.provider,
        out_trade_no=intent.out_trade_no,
        out_refund_no=refund.out_refund_no,
        amount=refund.amount,
        state=refund.state,
        succeeded_at=refund.succeeded_at,
        message=refund.message,
    )


def _account(intent: PaymentIntent) -> ProviderAccount:
    return account_for(intent.provider, intent.store_id)


# -- what a provider's success must say ------------------------------------------------------------
def _reported_merchant(result: PayResult) -> str:
    return " / ".join(part for part in (result.merchant_id, result.app_id, result.terminal_id) if part)


def _differences(intent: PaymentIntent, result: PayResult) -> tuple[tuple[str, str, str], ...]:
    """What a success reports that is not what was asked: the amount to the cent, the currency (the
    chain takes CNY only), and the merchant, application and terminal wherever the provider's answer
    names them (both providers' rules: WeChat Pay's "check the amount and mchid/appid of the
    notification", Alipay's "check total_amount, seller_id and app_id"). (part, asked, reported)."""
    account = _account(intent)
    found: list[tuple[str, str, str]] = []
    asked = to_cents(intent.amount)
    if result.amount_cents != asked:
        found.append(("amount", str(from_cents(asked)), str(from_cents(result.amount_cents))))
    if result.currency != CURRENCY:
        found.append(("currency", CURRENCY, result.currency or "-"))
    if result.merchant_id and result.merchant_id != account.merchant_id:
        found.append(("merchant", account.merchant_id, result.merchant_id))
    if result.app_id and account.app_id and result.app_id != account.app_id:
        found.append(("app", account.app_id, result.app_id))
    terminal = intent.terminal_id or account.extra.get("default_terminal_id", "")
    if result.terminal_id and terminal and result.terminal_id != terminal:
        found.append(("terminal", terminal, result.terminal_id))
    return tuple(found)


# -- applying what a provider said (one transaction, the intent's row lock) ------------------------
# The intent state each provider state moves an open intent to.
_INTENT_STATE_OF = {
    ProviderState.SUCCEEDED: IntentState.SUCCEEDED,
    ProviderState.REFUNDED: IntentState.SUCCEEDED,  # paid, then refunded elsewhere
    ProviderState.FAILED: IntentState.FAILED,
    ProviderState.CLOSED: IntentState.CLOSED,
    ProviderState.PENDING: IntentState.PENDING,
}


def _apply_payment(intent_id: int, result: PayResult, *, source: str) -> PaymentIntent:
    """Moves the intent as `result` says, if that is a move the state machine allows; anything else
    (a repeat, an older answer) changes nothing but the poll schedule. A success whose amount,
    currency or merchant is not what was asked moves it to `mismatched` instead: not paid for our
    books, what the provider reported kept on the intent, for a person to check (the listeners hear
    it, and billing raises the task)."""
    with transaction.atomic(durable=True):
        intent = PaymentIntent.objects.select_for_update().get(pk=intent_id)
        before = intent.state
        detail: JsonObject = {"source": source, "said": result.state.value, "message": result.message[:200]}
        differences: tuple[tuple[str, str, str], ...] = ()
        if intent.state in OPEN_INTENT_STATES:
            differences = _open_intent_moved(intent, result, source=source, detail=detail)
        elif result.state in (ProviderState.SUCCEEDED, ProviderState.REFUNDED) and intent.state in (
            IntentState.FAILED,
            IntentState.CLOSED,
        ):
            # Money taken for an intent we ended: reconciliation lists it; support refunds it.
            _event(intent, EventKind.LATE_SUCCESS, **detail)
            logger.error("payment %s: the provider reports a success after it ended", intent.out_trade_no)
            return intent
        if intent.state == before:
            if source == "notification":
                _event(intent, EventKind.NOTIFICATION, **detail)
            return intent
        _event(intent, EventKind.STATE, before=before, **detail)
        if intent.state in FINAL_INTENT_STATES:
            _intent_end_announced(intent, differences)
        return intent


def _open_intent_moved(
    intent: PaymentIntent, result: PayResult, *, source: str, detail: JsonObject
) -> tuple[tuple[str, str, str], ...]:
    """Moves an open intent to the state `result` says and saves it with its next poll. A success
    keeps what the provider reported; one unlike what was asked moves the intent to `mismatched`
    (noted in the event's `detail`). Answers the differences, for the audit and the listeners."""
    now = timezone.now()
    differences: tuple[tuple[str, str, str], ...] = ()
    target = _INTENT_STATE_OF.get(result.state)
    if target == IntentState.SUCCEEDED:
        differences = _differences(intent, result)
        intent.reported_amount = from_cents(result.amount_cents)
        intent.reported_currency = result.currency[:8]
        intent.reported_merchant = _reported_merchant(result)[:128]
        if differences:
            target = IntentState.MISMATCHED
            detail["mismatch"] = [list(difference) for difference in differences]
    if target is not None and target != intent.state:
        _intent_state_set(intent, target, result, differences, now=now)
    if intent.state in OPEN_INTENT_STATES and source != "notification":
        intent.next_poll_at = now + poll_delay(intent.attempts)
    intent.save()
    return differences


def _intent_state_set(
    intent: PaymentIntent,
    target: IntentState,
    result: PayResult,
    differences: tuple[tuple[str, str, str], ...],
    *,
    now: datetime,
) -> None:
    """The intent's new state and what the provider said with it (unsaved); a final intent is no
    longer polled."""
    intent.state = target
    if result.provider_trade_no:
        intent.provider_trade_no = result.provider_trade_no
    if result.code_url:
        intent.code_url = result.code_url
    if result.message:
        intent.message = result.message[:255]
    if target == IntentState.SUCCEEDED:
        intent.paid_at = result.paid_at or now
    if target == IntentState.MISMATCHED:
        intent.message = "; ".join(f"{part}: asked {a}, reported {r}" for part, a, r in differences)[:255]
        logger.error(
            "payment %s: the provider reports a success unlike the one asked: %s",
            intent.out_trade_no,
            intent.message,
        )
    if target in FINAL_INTENT_STATES:
        intent.next_poll_at = None


def _intent_end_announced(intent: PaymentIntent, differences: tuple[tuple[str, str, str], ...]) -> None:
    """A final intent in the system log (with what was reported, when it is mismatched) and told to
    the listeners, in the transaction that made it final."""
    mismatched = intent.state == IntentState.MISMATCHED
    audit_record(
        actor=SYSTEM_ACTOR,
        action=AuditAction.PAYMENT_MISMATCHED if mismatched else AuditAction.PAYMENT_ENDED,
        target=intent,
        detail={
            "state": intent.state,
            "amount": str(intent.amount),
            "reference": intent.reference,
            **(
                {
                    "reportedAmount": str(intent.reported_amount),
                    "reportedCurrency": intent.reported_currency,
                    "reportedMerchant": intent.reported_merchant,
                    "differences": [list(difference) for difference in differences],
                }
                if mismatched
                else {}
            ),
        },
    )
    ended = _intent_ended(intent, differences)
    for listener in _intent_listeners:
        listener(ended)


def _provider_unreachable(intent_id: int, failure: Exception) -> PaymentIntent:
    """The provider did not answer (or not in a way we can trust): the intent stays open, pending,
    and the poller asks again."""
    with transaction.atomic(durable=True):
        intent = PaymentIntent.objects.select_for_update().get(pk=intent_id)
        if intent.state == IntentState.CREATED:
            intent.state = IntentState.PENDING
        if intent.state in OPEN_INTENT_STATES:
            intent.next_poll_at = timezone.now() + poll_delay(intent.attempts)
            intent.save()
        _event(intent, EventKind.PROVIDER_ERROR, error=str(failure)[:200])
        return intent


def _record_intent(
    *,
    actor: Actor,
    reference: str,
    store_id: int,
    member_id: int | None,
    provider: str,
    mode: str,
    amount: Decimal,
    description: str,
    lifetime: timedelta,
    terminal_id: str = "",
) -> PaymentIntent:
    amount = round_money(amount)
    if amount <= 0:
        raise ValueError("a payment intent's amount must be positive")
    now = timezone.now()
    with transaction.atomic(durable=True):
        intent = PaymentIntent.objects.create(
            reference=reference,
            store_id=store_id,
            member_id=member_id,
            provider=provider,
            mode=mode,
            out_trade_no=_number("P"),
            amount=amount,
            description=description[:127],
            terminal_id=terminal_id[:32],
            expires_at=now + lifetime,
            # Should this process die before it hears the answer, the poller asks.
            next_poll_at=now + poll_delay(0),
        )
        _event(intent, EventKind.CREATED, reference=reference)
        audit_record(
            actor=actor,
            action=AuditAction.PAYMENT_REQUESTED,
            target=intent,
            detail={"provider": provider, "mode": mode, "amount": str(amount), "reference": reference},
        )
    return intent


def _pay_request(intent: PaymentIntent, auth_code: str = "", terminal_id: str = "") -> PayRequest:
    return PayRequest(
        terminal_id=terminal_id,
        out_trade_no=intent.out_trade_no,
        amount_cents=to_cents(intent.amount),
        description=intent.description or intent.reference,
        auth_code=auth_code,
        store_code=store_codes(store_ids=[intent.store_id]).get(intent.store_id, ""),
        expires_at=intent.expires_at,
    )


def _ask(intent: PaymentIntent, call: Callable[[], PayResult]) -> PaymentIntent:
    try:
        result = call()
    except ProviderRefused as refused:
        result = PayResult(
            out_trade_no=intent.out_trade_no, state=ProviderState.FAILED, message=f"{refused.code}: {refused.message}"
        )
    except ProviderError as failure:
        return _provider_unreachable(intent.pk, failure)
    return _apply_payment(intent.pk, result, source="answer")


# -- use cases -------------------------------------------------------------------------------------
def intent_pay_by_code(
    *,
    reference: str,
    store_id: int,
    member_id: int | None,
    provider: str,
    amount: Decimal,
    auth_code: str,
    description: str = "",
    terminal_id: str = "",
    actor: Actor = SYSTEM_ACTOR,
) -> PaymentIntent:
    """The cashier scanned the customer's payment code (付款码, micropay). Answers the intent as it
    stands after the provider's answer: succeeded, failed, or pending while the customer confirms on
    the phone ("user paying") or when the provider did not answer; the poller finishes a pending one.
    For the card terminal ("pos") the card is the code: `terminal_id` names the terminal that takes it
    and `auth_code` is empty. Raises ProviderNotConfigured (PAY-40001) before recording anything when
    the store has no account."""
    adapter, account = provider_adapter(provider), account_for(provider, store_id)
    intent = _record_intent(
        actor=actor,
        reference=reference,
        store_id=store_id,
        member_id=member_id,
        provider=provider,
        mode=IntentMode.CODE,
        amount=amount,
        description=description,
        lifetime=timedelta(seconds=settings.PAYMENT_CODE_EXPIRES_SECONDS),
        terminal_id=terminal_id,
    )
    return _ask(intent, lambda: adapter.pay_by_code(account, _pay_request(intent, auth_code, terminal_id)))


def intent_pay_by_qr(
    *,
    reference: str,
    store_id: int,
    member_id: int | None,
    provider: str,
    amount: Decimal,
    description: str = "",
    actor: Actor = SYSTEM_ACTOR,
) -> PaymentIntent:
    """A QR code for the customer to scan (native / precreate): answers the pending intent with its
    `code_url` (what the QR encodes). The notification or the poller finishes it; past `expires_at`
    the poller closes it."""
    adapter, account = provider_adapter(provider), account_for(provider, store_id)
    intent = _record_intent(
        actor=actor,
        reference=reference,
        store_id=store_id,
        member_id=member_id,
        provider=provider,
        mode=IntentMode.QR,
        amount=amount,
        description=description,
        lifetime=timedelta(minutes=settings.PAYMENT_QR_EXPIRES_MINUTES),
    )
    return _ask(intent, lambda: adapter.pay_by_qr(account, _pay_request(intent)))


def _intent(intent_id: int) -> PaymentIntent:
    try:
        return PaymentIntent.objects.get(pk=intent_id)
    except PaymentIntent.DoesNotExist:
        raise NotFound() from None


def _count_attempt(intent_id: int) -> None:
    PaymentIntent.objects.filter(pk=intent_id).update(attempts=F("attempts") + 1)


def intent_query(*, intent_id: int) -> PaymentIntent:
    """Asks the provider how the payment stands and applies the answer (idempotent)."""
    intent = _intent(intent_id)
    if intent.is_final:
        return intent
    _count_attempt(intent.pk)
    try:
        result = provider_adapter(intent.provider).query(_account(intent), intent.out_trade_no)
    except ProviderError as failure:
        return _provider_unreachable(intent.pk, failure)
    return _apply_payment(intent.pk, result, source="query")


def intent_close(*, intent_id: int, actor: Actor = SYSTEM_ACTOR) -> PaymentIntent:
    """Closes an open intent at the provider, then here, so it can no longer be paid. If the provider
    says it was paid meanwhile, the success is applied instead (the customer paid: the money is ours)."""
    intent = _intent(intent_id)
    if intent.is_final:
        return intent
    adapter, account = provider_adapter(intent.provider), _account(intent)
    try:
        adapter.close(account, intent.out_trade_no)
    except ProviderRefused:
        # Paid meanwhile (or not closable): what the provider says now decides.
        return intent_query(intent_id=intent.pk)
    except ProviderError as failure:
        return _provider_unreachable(intent.pk, failure)
    closed = PayResult(out_trade_no=intent.out_trade_no, state=ProviderState.CLOSED, message="closed")
    intent = _apply_payment(intent.pk, closed, source="close")
    if actor is not SYSTEM_ACTOR:
        with transaction.atomic(durable=True):
            audit_record(actor=actor, action=AuditAction.PAYMENT_CLOSED, target=intent, detail={})
    return intent


def intent_refresh_qr(*, intent_id: int, actor: Actor = SYSTEM_ACTOR) -> PaymentIntent:
    """A new QR for an open QR intent whose QR expired or was lost (`pay/qrRefresh`; decision 0009's
    "QR refresh"). The old trade is closed at the provider first; if the provider says it was paid
    meanwhile, that success is applied instead and the paid intent is answered (never two paid
    intents for one reference). Once the provider agreed to the close, one transaction ends the old
    intent as `closed` (replaced: no listener hears of it, the reference lives on in the new intent)
    and records the new intent, of the same reference and amount, with a new out-trade number and
    a new expiry; then the provider is asked for its QR. Answers the new intent (pending with its
    `code_url`), or the old one as it stands when it was final already, the provider could not be
    reached (pending: ask again) or another refresh replaced it first. No transaction may be open."""
    intent = _intent(intent_id)
    if intent.is_final or intent.mode != IntentMode.QR:
        return intent
    adapter, account = provider_adapter(intent.provider), _account(intent)
    try:
        adapter.close(account, intent.out_trade_no)
    except ProviderRefused:
        return intent_query(intent_id=intent.pk)  # paid meanwhile: the success is applied, no new QR
    except ProviderError as failure:
        return _provider_unreachable(intent.pk, failure)
    now = timezone.now()
    with transaction.atomic(durable=True):
        old = PaymentIntent.objects.select_for_update().get(pk=intent.pk)
        if old.is_final:  # another refresh, the poller or a notification ended it first
            return old
        new = PaymentIntent.objects.create(
            reference=old.reference,
            store_id=old.store_id,
            member_id=old.member_id,
            provider=old.provider,
            mode=IntentMode.QR,
            out_trade_no=_number("P"),
            amount=old.amount,
            description=old.description,
            expires_at=now + timedelta(minutes=settings.PAYMENT_QR_EXPIRES_MINUTES),
            next_poll_at=now + poll_delay(0),
        )
        before = old.state
        old.state = IntentState.CLOSED
        old.message = f"replaced by {new.out_trade_no}"
        old.next_poll_at = None
        old.save()
        _event(old, EventKind.STATE, before=before, source="refresh", replaced_by=new.out_trade_no)
        _event(new, EventKind.CREATED, reference=new.reference, replaces=old.out_trade_no)
        audit_record(
            actor=actor,
            action=AuditAction.PAYMENT_REFRESHED,
            target=new,
            detail={"replaces": old.out_trade_no, "amount": str(new.amount), "reference": new.reference},
        )
    return _ask(new, lambda: adapter.pay_by_qr(account, _pay_request(new)))


# -- refunds ---------------------------------------------------------------------------------------
def _apply_refund(refund_id: int, result: RefundResult, *, source: str) -> ProviderRefund:
    """Locks the intent, then the refund (always in that order), and moves the refund as `result`
    says. A success moves the intent to refunded in part or whole; a failure gives the amount back
    to what may still be refunded."""
    intent_id = ProviderRefund.objects.values_list("intent_id", flat=True).get(pk=refund_id)
    with transaction.atomic(durable=True):
        intent = PaymentIntent.objects.select_for_update().get(pk=intent_id)
        refund = ProviderRefund.objects.select_for_update().get(pk=refund_id)
        detail: JsonObject = {"source": source, "said": result.state.value, "message": result.message[:200]}
        now = timezone.now()
        if refund.state != RefundState.PENDING or result.state == ProviderRefundState.PENDING:
            if refund.state == RefundState.PENDING and source != "notification":
                refund.next_poll_at = now + poll_delay(refund.attempts)
                refund.provider_refund_no = result.provider_refund_no or refund.provider_refund_no
                refund.save(update_fields=["next_poll_at", "provider_refund_no", "updated_at"])
            if source == "notification":
                _event(intent, EventKind.NOTIFICATION, refund=refund, **detail)
            return refund
        if result.provider_refund_no:
            refund.provider_refund_no = result.provider_refund_no
        if result.message:
            refund.message = result.message[:255]
        refund.next_poll_at = None
        if result.state == ProviderRefundState.SUCCEEDED:
            refund.state = RefundState.SUCCEEDED
            refund.succeeded_at = now
            refund.save()
            done = intent.refunds.filter(state=RefundState.SUCCEEDED).aggregate(total=Sum("amount"))["total"]
            intent.state = IntentState.REFUNDED if done >= intent.amount else IntentState.REFUNDED_PART
        else:
            refund.state = RefundState.FAILED
            refund.save()
            intent.refunded -= refund.amount
        intent.save()
        _event(intent, EventKind.REFUND_STATE, refund=refund, **detail)
        audit_record(
            actor=SYSTEM_ACTOR,
            action=AuditAction.REFUND_ENDED,
            target=refund,
            detail={"state": refund.state, "amount": str(refund.amount), "reference": refund.reference},
        )
        ended = _refund_ended(refund, intent)
        for listener in _refund_listeners:
            listener(ended)
        return refund


def _send_refund(refund: ProviderRefund, intent: PaymentIntent) -> ProviderRefund:
    request = RefundRequest(
        out_trade_no=intent.out_trade_no,
        out_refund_no=refund.out_refund_no,
        amount_cents=to_cents(refund.amount),
        total_cents=to_cents(intent.amount),
        reason=refund.reason,
    )
    try:
        result = provider_adapter(intent.provider).refund(_account(intent), request)
    except ProviderRefused as refused:
        result = RefundResult(
            out_refund_no=refund.out_refund_no,
            state=ProviderRefundState.FAILED,
            message=f"{refused.code}: {refused.message}",
        )
    except ProviderError as failure:
        with transaction.atomic(durable=True):
            _event(intent, EventKind.PROVIDER_ERROR, refund=refund, error=str(failure)[:200])
        return ProviderRefund.objects.get(pk=refund.pk)
    return _apply_refund(refund.pk, result, source="answer")


def refund_create(
    *, intent_id: int, amount: Decimal, reference: str, reason: str = "", actor: Actor = SYSTEM_ACTOR
) -> ProviderRefund:
    """Gives `amount` of a succeeded intent back through its provider. Never more than remains: the
    sum of the intent's pending and succeeded refunds stays within its amount (checked under the
    intent's row lock, and by a database constraint). Answers the refund pending, succeeded or failed
    as the provider said; a pending one is finished by the notification or the poller. Raises
    IntentNotRefundable (PAY-40902) or RefundAboveRemaining (PAY-40901).

    Once per (intent, reference): asked again with a reference the intent already has a refund for
    (a caller that retries after dying, a sweeper that meets the caller), it answers that refund
    and asks nothing, so a retry can never give the money back twice (the intent's row lock orders
    two such calls)."""
    amount = round_money(amount)
    if amount <= 0:
        raise ValueError("a refund's amount must be positive")
    with transaction.atomic(durable=True):
        try:
            intent = PaymentIntent.objects.select_for_update().get(pk=intent_id)
        except PaymentIntent.DoesNotExist:
            raise NotFound() from None
        existing = intent.refunds.filter(reference=reference).order_by("id").first()
        if existing is not None:
            if existing.amount != amount:
                raise ValueError(f"refund {reference} was asked for {existing.amount}, not {amount}")
            return existing
        if intent.state not in PAID_INTENT_STATES:
            raise IntentNotRefundable()
        if amount > intent.amount - intent.refunded:
            raise RefundAboveRemaining(data={"remaining": str(intent.amount - intent.refunded)})
        intent.refunded += amount
        intent.save(update_fields=["refunded", "updated_at"])
        refund = ProviderRefund.objects.create(
            intent=intent,
            out_refund_no=_number("R"),
            amount=amount,
            reference=reference,
            reason=reason[:80],
            next_poll_at=timezone.now() + poll_delay(0),
        )
        _event(intent, EventKind.REFUND_CREATED, refund=refund, amount=str(amount), reference=reference)
        audit_record(
            actor=actor,
            action=AuditAction.REFUND_REQUESTED,
            target=refund,
            detail={"amount": str(amount), "reference": reference, "out_trade_no": intent.out_trade_no},
        )
    return _send_refund(refund, intent)


def refund_query(*, refund_id: int) -> ProviderRefund:
    """Asks the provider how a pending refund stands and applies the answer. A refund the provider
    never received (our request was lost) is sent again: providers refund once per out_refund_no."""
    try:
        refund = ProviderRefund.objects.select_related("intent").get(pk=refund_id)
    except ProviderRefund.DoesNotExist:
        raise NotFound() from None
    if refund.is_final:
        return refund
    intent = refund.intent
    ProviderRefund.objects.filter(pk=refund.pk).update(attempts=F("attempts") + 1)
    try:
        result = provider_adapter(intent.provider).query_refund(
            _account(intent), intent.out_trade_no, refund.out_refund_no
        )
    except ProviderRefused:
        return _send_refund(refund, intent)
    except ProviderError as failure:
        with transaction.atomic(durable=True):
            _event(intent, EventKind.PROVIDER_ERROR, refund=refund, error=str(failure)[:200])
            ProviderRefund.objects.filter(pk=refund.pk).update(
                next_poll_at=timezone.now() + poll_delay(refund.attempts + 1)
            )
        return ProviderRefund.objects.get(pk=refund.pk)
    return _apply_refund(refund.pk, result, source="query")


# -- notifications ---------------------------------------------------------------------------------
def notification_handle(*, provider: str, headers: dict[str, str], body: bytes) -> NotificationAnswer:
    """A provider's asynchronous notification (`POST /rest/pay/notify/<provider>`): verified with the
    provider's public key through the adapter, against each merchant account configured for the
    provider, then applied like any answer (idempotent: the same notification twice changes nothing).
    A notification no account verifies is refused and changes nothing."""
    adapter = provider_adapter(provider)
    verified = _verified_notifications(adapter, provider, headers, body)
    if not verified:
        logger.warning("a %s notification that does not verify was refused", provider)
        return adapter.notification_answer(False)
    out_trade_no = verified[0][1].out_trade_no
    intent = PaymentIntent.objects.filter(provider=provider, out_trade_no=out_trade_no).first()
    if intent is None:
        logger.warning("a %s notification for an unknown trade %s", provider, out_trade_no)
        return adapter.notification_answer(True)  # not ours: acknowledged so it is not resent
    expected = _account(intent).merchant_id
    verified_by, notification = next(((a, n) for a, n in verified if a.merchant_id == expected), verified[0])
    if notification.kind == "refund" and verified_by.merchant_id != expected:
        logger.warning("a %s refund notification of trade %s from another merchant", provider, out_trade_no)
    elif notification.kind == "refund":
        _refund_notified(intent, notification, provider=provider)
    elif intent.state in PAID_INTENT_STATES and notification.state in (ProviderState.SUCCEEDED, ProviderState.REFUNDED):
        pass  # a repeat of the success we hold: answered from the read, no lock taken
    else:
        # Only the keys of another merchant account verified it: that merchant speaks.
        merchant_id = verified_by.merchant_id if verified_by.merchant_id != expected else notification.merchant_id
        _apply_payment(intent.pk, _notified_payment(notification, merchant_id=merchant_id), source="notification")
    return adapter.notification_answer(True)


def _verified_notifications(
    adapter: PaymentProvider, provider: str, headers: dict[str, str], body: bytes
) -> list[tuple[ProviderAccount, Notification]]:
    """The notification as each configured merchant account of the provider that verifies it reads it."""
    verified: list[tuple[ProviderAccount, Notification]] = []
    for account in configured_accounts(provider):
        try:
            verified.append((account, adapter.parse_notification(account, headers, body)))
        except ForgedNotification:
            continue
    return verified


def _refund_notified(intent: PaymentIntent, notification: Notification, *, provider: str) -> None:
    """Applies a refund's notification to the refund it names; an unknown refund is only logged."""
    refund = ProviderRefund.objects.filter(intent=intent, out_refund_no=notification.out_refund_no).first()
    if refund is None:
        logger.warning("a %s notification for an unknown refund %s", provider, notification.out_refund_no)
        return
    if refund.is_final:  # a repeat (providers resend until answered): nothing to do, no lock taken
        return
    _apply_refund(
        refund.pk,
        RefundResult(
            out_refund_no=notification.out_refund_no,
            state=ProviderRefundState(notification.state),
            amount_cents=notification.amount_cents,
        ),
        source="notification",
    )


def _notified_payment(notification: Notification, *, merchant_id: str) -> PayResult:
    """A payment's notification as an answer to apply, spoken by `merchant_id`."""
    return PayResult(
        out_trade_no=notification.out_trade_no,
        state=ProviderState(notification.state),
        amount_cents=notification.amount_cents,
        provider_trade_no=notification.provider_trade_no,
        message=notification.message,
        currency=notification.currency,
        merchant_id=merchant_id,
        app_id=notification.app_id,
        terminal_id=notification.terminal_id,
    )


# -- the poller (apps.payments.tasks) --------------------------------------------------------------
def _postpone(model: type[PaymentIntent] | type[ProviderRefund], pk: int) -> None:
    """A row whose poll failed (no account any more, a fault of ours) backs off like any other."""
    row = model.objects.filter(pk=pk).values("attempts").first()
    if row is not None:
        model.objects.filter(pk=pk).update(next_poll_at=timezone.now() + poll_delay(row["attempts"]))


def intents_poll_due(*, limit: int = 200) -> dict[str, int]:
    """Queries each open intent whose next query is due; one past `expires_at` is closed at the
    provider (or found paid). Then each pending refund that is due. Answers counts by outcome."""
    now = timezone.now()
    counts = {"queried": 0, "closed": 0, "refunds": 0}
    due = list(
        PaymentIntent.objects.filter(state__in=OPEN_INTENT_STATES, next_poll_at__lte=now)
        .order_by("next_poll_at")
        .values_list("pk", "expires_at")[:limit]
    )
    for intent_id, expires_at in due:
        try:
            if expires_at <= now:
                intent_close(intent_id=intent_id)
                counts["closed"] += 1
            else:
                intent_query(intent_id=intent_id)
                counts["queried"] += 1
        except Exception:  # one intent's fault must not stop the others; it is asked again later
            logger.exception("polling payment intent %s failed", intent_id)
            _postpone(PaymentIntent, intent_id)
    refunds = list(
        ProviderRefund.objects.filter(state=RefundState.PENDING, next_poll_at__lte=now)
        .order_by("next_poll_at")
        .values_list("pk", flat=True)[:limit]
    )
    for refund_id in refunds:
        try:
            refund_query(refund_id=refund_id)
            counts["refunds"] += 1
        except Exception:
            logger.exception("polling provider refund %s failed", refund_id)
            _postpone(ProviderRefund, refund_id)
    return counts


# -- the card terminals ----------------------------------------------------------------------------
class TerminalRow(TypedDict):
    """A card terminal or payment box as the gateway lists it (billing's TerminalOutputSerializer)."""

    terminalId: str
    name: str
    storeCode: str
    online: bool


def terminals_list(*, store_id: int, provider: str = "pos") -> list[TerminalRow]:
    """The card terminals of the store's terminal gateway account (`pos/terminal`), or with
    provider "box" the payment boxes of its box gateway (`pay/boxList`), as the gateway lists them;
    a provider call: no transaction may be open. Raises ProviderNotConfigured (PAY-40001), or
    ProviderError when the gateway does not answer."""
    adapter = provider_adapter(provider)
    listing = getattr(adapter, "terminals", None)
    if listing is None:
        return []
    return [
        TerminalRow(terminalId=t.terminal_id, name=t.name, storeCode=t.store_code, online=t.online)
        for t in listing(account_for(provider, store_id))
    ]
