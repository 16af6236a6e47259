"""A provider's success that is not the payment asked for (decision 0009 "mismatched", decision 0015).

WeChat Pay, Alipay, the card terminal or the payment box may say, correctly signed, that a payment
succeeded for another amount (0.01 for a tender of 1.07), another currency or another merchant,
application or terminal. apps.payments keeps what the provider reported and ends the intent
`mismatched`; the tender listener (apps.billing.till.provider_payments) then fails the tender, so the order
is not paid by it and its amount is due again, and raises a task in the store's task centre (the task
bell of the store, its region and head office) saying which order, what was asked and what the
provider reported. The money, if any moved, is a person's to settle: refunded in the provider's
merchant console (our refunds give back only money we counted), or the payment taken again."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from apps.billing.choices import TenderMethod
from apps.billing.models import Order, Tender
from apps.core.audit import SYSTEM_ACTOR
from apps.core.json_types import JsonObject
from apps.core.money import money_to_wire
from apps.messaging.choices import TaskType
from apps.messaging.services import task_raise
from apps.messaging.system_texts import SystemText

PARTS = {
    "amount": _("amount"),
    "currency": _("currency"),
    "merchant": _("merchant"),
    "app": _("application"),
    "terminal": _("terminal"),
}

Difference = tuple[str, str, str]  # (part, asked, reported)

# The task a person checks (apps.messaging.system_texts).
PAYMENT_MISMATCH_TEXT = "billing.payment_mismatch"


def mismatch_message(
    *, asked: Decimal, reported_amount: Decimal | None, reported_currency: str, reported_merchant: str
) -> str:
    """What the till shows for such a tender, in the active language."""
    reported = f"{money_to_wire(reported_amount) if reported_amount is not None else '-'} {reported_currency or '-'}"
    if reported_merchant:
        reported = f"{reported} ({reported_merchant})"
    return gettext(
        "not paid: the provider reported %(reported)s for this payment of %(asked)s CNY, which is not what "
        "was asked. It is not counted and the amount is due again; a person checks it (task centre) and "
        "refunds any money taken at the provider."
    ) % {"reported": reported, "asked": money_to_wire(asked)}


def _differences_text(differences: Sequence[Difference]) -> str:
    return "; ".join(
        gettext("%(part)s: asked %(asked)s, reported %(reported)s")
        % {"part": PARTS.get(part, part), "asked": asked, "reported": reported}
        for part, asked, reported in differences
    )


def mismatch_settled(
    order: Order,
    tender: Tender,
    *,
    differences: Sequence[Difference],
    out_trade_no: str,
    provider_trade_no: str,
    reported_amount: Decimal | None,
    reported_currency: str,
    reported_merchant: str,
) -> None:
    """Fails the tender (its amount is due again) and raises the task for a person. Inside the
    listener's transaction, under the order's and the tender's row locks."""
    # The tender's message is stored text, written in the chain's language as the store's staff read
    # it; the till renders its own message in the cashier's, and the task is read in the reader's.
    with translation.override(settings.LANGUAGE_CODE):
        tender.message = mismatch_message(
            asked=tender.amount,
            reported_amount=reported_amount,
            reported_currency=reported_currency,
            reported_merchant=reported_merchant,
        )[:255]
    task_raise(
        actor=SYSTEM_ACTOR,
        store=order.store,
        task_type=TaskType.PAYMENT_MISMATCH,
        text_code=PAYMENT_MISMATCH_TEXT,
        text_params={
            "method": tender.method,
            "order": order.order_no or str(order.pk),
            "differences": [list(difference) for difference in differences],
            "asked": money_to_wire(tender.amount),
            "reported": money_to_wire(reported_amount) if reported_amount is not None else "-",
            "currency": reported_currency or "-",
            "merchant": reported_merchant or "-",
            "out_trade_no": out_trade_no,
            "trade_no": provider_trade_no or "-",
        },
        amount=tender.amount,
    )


def payment_mismatch_text(params: JsonObject) -> SystemText:
    """The task's words in the reader's language, from what mismatch_settled kept: the tender's
    method, the order's number, the differences as (part, asked, reported) and the provider's word."""
    differences = [(str(part), str(asked), str(reported)) for part, asked, reported in params["differences"]]
    words = {**params, "provider": TenderMethod(params["method"]).label, "differences": _differences_text(differences)}
    return SystemText(
        title=gettext("Payment to check: order %(order)s") % words,
        content=gettext(
            "%(provider)s reported a successful payment for order %(order)s that is not the payment "
            "asked for: %(differences)s. Asked: %(asked)s CNY; reported: %(reported)s %(currency)s "
            "(%(merchant)s). Out trade number %(out_trade_no)s, provider's trade number %(trade_no)s. "
            "The tender was not counted and the order is not paid by it. Check the payment in the "
            "provider's merchant console: refund any money taken there (it cannot be refunded from "
            "the order), and take the order's payment again with the customer."
        )
        % words,
    )
