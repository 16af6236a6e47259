"""How a provider tender (WeChat Pay, Alipay, the card terminal) names its payment intent.

One PaymentIntent per provider tender; its `reference` is `tender:<tender id>` (decision 0009's
follow-up in docs/decisions/0015-provider-tenders.md). Provider refunds and the ledger audits find a
tender's intent, and an intent's tender, through these functions only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from apps.payments.selectors import intents_for_reference

if TYPE_CHECKING:
    from apps.billing.models import Tender
    from apps.payments.models import PaymentIntent

PREFIX = "tender:"


def tender_reference(tender_id: int) -> str:
    return f"{PREFIX}{tender_id}"


def tender_id_of(reference: str) -> int | None:
    """The tender a reference names, or None when it names something else (an order, a refund)."""
    if not reference.startswith(PREFIX):
        return None
    number = reference.removeprefix(PREFIX)
    return int(number) if number.isdigit() else None


def provider_intent_of(tender: Tender) -> PaymentIntent | None:
    """The tender's payment intent (None before the provider was asked, or for cash and cards)."""
    intents = intents_for_reference(reference=tender_reference(tender.pk))
    return intents[-1] if intents else None
