"""The payments' part of `manage.py audit_ledgers`: each intent's `refunded` against its pending and
succeeded refunds, its refund state against its succeeded refunds, and each intent that took the
money against the amount its provider reported (decision 0009, "mismatched"). Aggregate queries."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import Case, F, Q, Sum, Value, When
from django.db.models.functions import Coalesce

from apps.core.ledgers import Difference
from apps.payments.choices import PAID_INTENT_STATES, IntentState, RefundState
from apps.payments.models import ZERO, PaymentIntent


def _money(condition: Q) -> Coalesce:
    return Coalesce(
        Sum("refunds__amount", filter=condition), Value(ZERO), output_field=PaymentIntent._meta.get_field("amount")
    )


def intent_differences() -> Iterator[Difference]:
    intents = (
        PaymentIntent.objects.annotate(
            asked=_money(Q(refunds__state__in=[RefundState.PENDING, RefundState.SUCCEEDED])),
            done=_money(Q(refunds__state=RefundState.SUCCEEDED)),
        )
        .annotate(
            expected=Case(
                When(~Q(state__in=PAID_INTENT_STATES), then=F("state")),
                When(done=0, then=Value(IntentState.SUCCEEDED.value)),
                When(done=F("amount"), then=Value(IntentState.REFUNDED.value)),
                default=Value(IntentState.REFUNDED_PART.value),
            )
        )
        .filter(~Q(refunded=F("asked")) | ~Q(state=F("expected")))
        .values_list("pk", "refunded", "asked", "state", "expected")
    )
    for pk, refunded, asked, state, expected in intents.iterator():
        if refunded != asked:
            yield Difference("payments", f"payment intent {pk}", "refunded", refunded, asked)
        if state != expected:
            yield Difference("payments", f"payment intent {pk}", "state", state, expected)
    reported = (
        PaymentIntent.objects.filter(state__in=PAID_INTENT_STATES)
        .filter(Q(reported_amount__isnull=True) | ~Q(reported_amount=F("amount")))
        .order_by("pk")
        .values_list("pk", "amount", "reported_amount")
    )
    for pk, amount, said in reported.iterator():
        yield Difference("payments", f"payment intent {pk}", "provider's amount", said, amount)
