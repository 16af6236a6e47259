"""One refund asked for by several callers at once with the same reference (billing's call after the
refund's commit meeting its sweeper): the intent's row lock lets one create it, the others answer it
(real concurrent transactions). The money goes back once."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connections

from apps.payments.models import PaymentIntent, ProviderRefund
from apps.payments.services import intent_pay_by_code, refund_create
from apps.payments.tests.conftest import AUTH_CODE

pytestmark = pytest.mark.django_db(transaction=True)

PARALLEL = 6


def test_the_same_refund_asked_by_six_callers_at_once_is_made_once(wechat, store):
    intent = intent_pay_by_code(
        reference="tender:1", store_id=store.pk, member_id=None, provider="wechat", amount=Decimal("50.00"),
        auth_code=AUTH_CODE,
    )  # fmt: skip
    start = threading.Barrier(PARALLEL)
    answers: list[object] = []

    def ask() -> None:
        try:
            start.wait()
            answers.append(refund_create(intent_id=intent.pk, amount=Decimal("20.00"), reference="refundTender:9").pk)
        except BaseException as failure:  # asserted in the main thread
            answers.append(repr(failure))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=ask) for _ in range(PARALLEL)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    made = ProviderRefund.objects.get(reference="refundTender:9")
    assert answers == [made.pk] * PARALLEL
    assert PaymentIntent.objects.get(pk=intent.pk).refunded == Decimal("20.00")
    assert [refund.out_refund_no for refund in wechat.refunds.values()].count(made.out_refund_no) == 1
    assert len([r for r in wechat.refunds.values() if r.out_trade_no == intent.out_trade_no]) == 1
