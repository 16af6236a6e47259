"""A closed day's refund lines and refund tenders (docs/decisions/0012-closed-days.md, "Refund lines
and refund tenders"): dated by their refund, the service refuses them (409 DAY-40901, nothing
written) and the database's triggers refuse any raw write of them, except the one change a closed day
still takes: the provider's confirmation of a pending refund tender (and its refund's status)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import DatabaseError, connection, transaction
from django.utils import timezone, translation

from apps.accounts.testing import api_client
from apps.billing.choices import RefundStatus, TenderStatus
from apps.billing.models import Refund, RefundLine, RefundTender
from apps.billing.refunds.provider_refunds import refund_reference
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.conftest import ORDER_DETAILS
from apps.billing.tests.provider_factories import provider_paid
from apps.cards.tests.factories import CASHIER
from apps.core.business_days import mark_day_closed
from apps.core.envelope import envelope_exception_handler
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND
from apps.core.testing import assert_envelope
from apps.payments.models import ProviderRefund

pytestmark = pytest.mark.django_db

D = Decimal


def sql(statement: str, *params) -> int:
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return cursor.rowcount


def refused(statement: str, *params) -> DatabaseError:
    with pytest.raises(DatabaseError) as caught, transaction.atomic():
        sql(statement, *params)
    assert str(caught.value).startswith("DAY-40901"), str(caught.value)
    return caught.value


@pytest.fixture
def refunded(providers, store, member, sent):
    """A refund of 50 of an order paid 40 cash and 60 WeChat Pay: 20 back in cash (done) and 30 to
    WeChat Pay (pending until the provider confirms); then the day is closed."""
    order = order_of(store=store, member=member, lines=[product("60.00"), product("40.00")])
    provider_paid(order, "wechat", "60.00", cash="40.00")
    line = order.lines.order_by("id").first()
    ask = LineAsked(order_line_id=line.pk, amount=D("50.00"))
    refund = sent(lambda: order_refund(actor=CASHIER, order_id=order.pk, lines=[ask], reason="torn"))
    assert refund.status == RefundStatus.PENDING
    mark_day_closed(store_id=store.pk, day=timezone.localdate())
    return refund


def tenders_of(refund: Refund) -> tuple[RefundTender, RefundTender]:
    cash = RefundTender.objects.get(refund=refund, method="cash")
    wechat = RefundTender.objects.get(refund=refund, method="wechat")
    assert (cash.status, wechat.status) == (TenderStatus.SUCCEEDED, TenderStatus.PENDING)
    return cash, wechat


def test_a_closed_days_refund_lines_are_refused_by_the_database(refunded):
    line = RefundLine.objects.get(refund=refunded)
    error = refused("UPDATE billing_refundline SET amount = amount - 1 WHERE id = %s", line.pk)
    with translation.override("en"):
        answer = envelope_exception_handler(error, {})
    assert answer.status_code == 409 and answer.data["errcode"] == "DAY-40901"
    refused("UPDATE billing_refundline SET qty = qty + 1, name = 'other' WHERE id = %s", line.pk)
    refused("DELETE FROM billing_refundline WHERE id = %s", line.pk)
    refused(
        "INSERT INTO billing_refundline (refund_id, order_line_id, type, item_id, name, qty, amount,"
        " card_principal, card_gift) SELECT refund_id, order_line_id, type, item_id, name, qty, amount,"
        " card_principal, card_gift FROM billing_refundline WHERE id = %s",
        line.pk,
    )
    assert list(RefundLine.objects.filter(refund=refunded).values_list("pk", "amount")) == [(line.pk, D("50.00"))]


def test_a_closed_days_refund_tenders_are_refused_by_the_database_but_for_a_confirmation(refunded):
    cash, wechat = tenders_of(refunded)
    refused("UPDATE billing_refundtender SET amount = 19, till_change = -19 WHERE id = %s", cash.pk)
    refused("UPDATE billing_refundtender SET status = 'failed' WHERE id = %s", cash.pk)  # not pending
    refused("UPDATE billing_refundtender SET status = 'pending' WHERE id = %s", cash.pk)
    refused("UPDATE billing_refundtender SET amount = 29 WHERE id = %s", wechat.pk)
    # A confirmation that also changes the amount is not a confirmation.
    refused("UPDATE billing_refundtender SET status = 'succeeded', amount = 29 WHERE id = %s", wechat.pk)
    refused("UPDATE billing_refundtender SET status = 'succeeded', tender_id = NULL WHERE id = %s", wechat.pk)
    refused("DELETE FROM billing_refundtender WHERE id = %s", cash.pk)
    refused(
        "INSERT INTO billing_refundtender (refund_id, tender_id, method, amount, status, principal, gift,"
        " till_change, provider_message, created_at) SELECT refund_id, tender_id, method, amount, status,"
        " principal, gift, till_change, provider_message, created_at FROM billing_refundtender WHERE id = %s",
        cash.pk,
    )
    # The refund's own row: only its status following a confirmation.
    refused("UPDATE billing_refund SET reason = 'changed afterwards' WHERE id = %s", refunded.pk)
    refused("UPDATE billing_refund SET status = 'done', amount = 49 WHERE id = %s", refunded.pk)
    assert RefundTender.objects.filter(refund=refunded).count() == 2

    # The provider refused it, in raw SQL: pending to failed with its message passes, and the refund follows.
    with transaction.atomic():
        assert sql(
            "UPDATE billing_refundtender SET status = 'failed', provider_message = 'refused' WHERE id = %s",
            wechat.pk,
        )
        assert sql("UPDATE billing_refund SET status = 'failed' WHERE id = %s", refunded.pk)
    wechat.refresh_from_db()
    assert (wechat.status, wechat.provider_message, wechat.amount) == (TenderStatus.FAILED, "refused", D("30.00"))
    refused("UPDATE billing_refundtender SET status = 'succeeded' WHERE id = %s", wechat.pk)  # final now


def test_the_providers_confirmation_of_a_refund_passes_on_a_closed_day(refunded, providers):
    _cash, wechat = tenders_of(refunded)
    out_refund_no = ProviderRefund.objects.get(reference=refund_reference(wechat.pk)).out_refund_no
    providers["wechat"].complete_refund(out_refund_no)  # its notification, through our notify endpoint
    wechat.refresh_from_db()
    refunded.refresh_from_db()
    assert wechat.status == TenderStatus.SUCCEEDED and wechat.amount == D("30.00")
    assert refunded.status == RefundStatus.DONE
    assert providers["wechat"].notifications[-1] == ("REFUND.SUCCESS", 204)  # taken


def test_a_refund_on_a_closed_day_answers_409_and_writes_no_line_nor_tender(refunded, store, make_entry):
    client = api_client(entry=make_entry(store, codes=[code_of("/returnList"), ORDER_DETAILS, REFUND.code]))
    lines, tenders = RefundLine.objects.count(), RefundTender.objects.count()
    order_line = refunded.order.lines.order_by("id").last()
    answer = client.post(
        "/rest/recede/recede",
        {"orderId": refunded.order_id, "lines": [{"orderLineId": order_line.pk}], "reason": "torn"},
        format="json",
    )
    assert_envelope(answer, status=409, errcode="DAY-40901")
    assert (RefundLine.objects.count(), RefundTender.objects.count(), Refund.objects.count()) == (lines, tenders, 1)
