"""Daily reconciliation (issue 14 §1): each provider's bill for a day, for every configured merchant
account, against our succeeded intents and refunds of that day. Every difference is stored for the
daily report: in ours but not theirs, in theirs but not ours, or the amounts differ."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db import transaction
from django.utils import timezone

from apps.core.money import from_cents, to_cents
from apps.payments.accounts import account_for, configured_accounts, configured_providers
from apps.payments.choices import PAID_INTENT_STATES, DifferenceKind, RefundState
from apps.payments.errors import ProviderNotConfigured
from apps.payments.models import PaymentIntent, ProviderRefund, ReconciliationDifference
from apps.payments.providers import provider as provider_adapter
from apps.payments.providers.base import ProviderAccount, ProviderError, ProviderRefused

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Line:
    out_trade_no: str
    out_refund_no: str
    cents: int
    store_id: int | None


def _day_window(day: date) -> tuple[datetime, datetime]:
    start = timezone.make_aware(datetime.combine(day, time.min))
    return start, start + timedelta(days=1)


def _ours(provider: str, account: ProviderAccount, day: date) -> dict[tuple[str, str], _Line]:
    start, end = _day_window(day)
    merchants: dict[int, str] = {}

    def of_account(store_id: int) -> bool:
        if store_id not in merchants:
            try:
                merchants[store_id] = account_for(provider, store_id).merchant_id
            except ProviderNotConfigured:
                merchants[store_id] = ""
        return merchants[store_id] == account.merchant_id

    lines: dict[tuple[str, str], _Line] = {}
    payments = PaymentIntent.objects.filter(
        provider=provider, state__in=PAID_INTENT_STATES, paid_at__gte=start, paid_at__lt=end
    ).values_list("out_trade_no", "amount", "store_id")
    for out_trade_no, amount, store_id in payments:
        if of_account(store_id):
            lines[(out_trade_no, "")] = _Line(out_trade_no, "", to_cents(amount), store_id)
    refunds = ProviderRefund.objects.filter(
        intent__provider=provider, state=RefundState.SUCCEEDED, succeeded_at__gte=start, succeeded_at__lt=end
    ).values_list("intent__out_trade_no", "out_refund_no", "amount", "intent__store_id")
    for out_trade_no, out_refund_no, amount, store_id in refunds:
        if of_account(store_id):
            lines[(out_trade_no, out_refund_no)] = _Line(out_trade_no, out_refund_no, -to_cents(amount), store_id)
    return lines


def reconcile_account(*, provider: str, account: ProviderAccount, day: date) -> list[ReconciliationDifference]:
    """One merchant account's day; its earlier differences for that day are replaced."""
    theirs: dict[tuple[str, str], int] = {}
    for row in provider_adapter(provider).bill(account, day):
        key = (row.out_trade_no, row.out_refund_no)
        theirs[key] = theirs.get(key, 0) + row.amount_cents
    ours = _ours(provider, account, day)
    unknown = [key[0] for key in theirs if key not in ours]
    stores = dict(
        PaymentIntent.objects.filter(provider=provider, out_trade_no__in=unknown).values_list(
            "out_trade_no", "store_id"
        )
    )
    found: list[ReconciliationDifference] = []

    def add(kind: str, key: tuple[str, str], mine: int | None, their: int | None, store_id: int | None) -> None:
        found.append(
            ReconciliationDifference(
                day=day,
                provider=provider,
                merchant_id=account.merchant_id,
                store_id=store_id,
                kind=kind,
                out_trade_no=key[0],
                out_refund_no=key[1],
                ours=None if mine is None else from_cents(mine),
                theirs=None if their is None else from_cents(their),
            )
        )

    for key, line in sorted(ours.items()):
        if key not in theirs:
            add(DifferenceKind.OURS_NOT_THEIRS, key, line.cents, None, line.store_id)
        elif theirs[key] != line.cents:
            add(DifferenceKind.AMOUNT_DIFFERS, key, line.cents, theirs[key], line.store_id)
    for key, cents in sorted(theirs.items()):
        if key not in ours:
            add(DifferenceKind.THEIRS_NOT_OURS, key, None, cents, stores.get(key[0]))
    with transaction.atomic():
        ReconciliationDifference.objects.filter(day=day, provider=provider, merchant_id=account.merchant_id).delete()
        ReconciliationDifference.objects.bulk_create(found)
    return found


def reconcile_day(*, day: date) -> dict[str, int]:
    """Every configured provider and merchant account; answers the count of differences per
    provider. A bill that cannot be fetched (or is not published yet) is logged and left for the next
    run, and that account's earlier lines for the day stay as they were."""
    counts: dict[str, int] = {}
    for provider in configured_providers():
        try:
            provider_adapter(provider)
        except ProviderNotConfigured:
            logger.warning("reconciliation: no adapter for the configured provider %s", provider)
            continue
        for account in configured_accounts(provider):
            try:
                found = reconcile_account(provider=provider, account=account, day=day)
            except ProviderError:
                logger.exception("reconciliation: %s bill of %s for %s not fetched", provider, account.merchant_id, day)
                continue
            except ProviderRefused as refused:  # e.g. Alipay's "no bill yet" (isp.bill_not_exist)
                logger.warning("reconciliation: %s bill of %s for %s: %s", provider, account.merchant_id, day, refused)
                continue
            counts[provider] = counts.get(provider, 0) + len(found)
    return counts
