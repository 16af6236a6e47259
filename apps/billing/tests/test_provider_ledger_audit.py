"""audit_ledgers' provider audits (issue 14 §4): each paid intent against its one tender and each
succeeded provider tender against a paid intent, each
succeeded provider refund against its refund tender, each active closing's takings by method
against the day's tenders less its refunds. Each finds a difference planted with raw SQL, and is
clean otherwise."""

from __future__ import annotations

from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import timezone

from apps.billing.closing.ledger_audit import closing_differences, payment_differences
from apps.billing.closing.services import day_close
from apps.billing.models import RefundTender
from apps.billing.refunds.provider_refunds import refund_reference
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.provider_factories import provider_paid
from apps.cards.tests.factories import CASHIER
from apps.core.ledgers import audit_all
from apps.payments.models import ProviderRefund

pytestmark = pytest.mark.django_db

D = Decimal


def sql(statement: str, *params) -> None:
    with connection.cursor() as cursor:
        cursor.execute(statement, params)


def refunded(order, sent):
    line = order.lines.order_by("id").first()
    ask = LineAsked(order_line_id=line.pk, amount=D("30.00"))
    return sent(lambda: order_refund(actor=CASHIER, order_id=order.pk, lines=[ask], reason="torn"))


def fields(differences):
    return sorted((d.ledger, d.record.split(" (")[0], d.field) for d in differences)


def test_clean_provider_payments_and_refunds_have_no_difference(providers, store, member, sent):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    provider_paid(order, "alipay", "100.00")
    refunded(order, sent)
    assert list(payment_differences()) == [] and audit_all() == []


def test_an_intent_whose_amount_is_not_its_tenders_is_found(providers, store, member):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    _tender, intent = provider_paid(order, "wechat", "100.00")
    sql("UPDATE payments_paymentintent SET amount = 99 WHERE id = %s", intent.pk)
    assert fields(payment_differences()) == [("provider payments", f"payment intent {intent.pk}", "tender")]


@pytest.mark.parametrize("method", ["wechat", "alipay", "pos", "box"])
def test_a_paid_intent_whose_provider_reported_another_amount_is_found(providers, store, member, method):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    _tender, intent = provider_paid(order, method, "100.00")
    assert intent.reported_amount == D("100.00")  # every success keeps what the provider reported
    assert audit_all() == []
    sql("UPDATE payments_paymentintent SET reported_amount = 0.01 WHERE id = %s", intent.pk)
    assert sorted(fields(audit_all())) == [
        ("payments", f"payment intent {intent.pk}", "provider's amount"),  # against the intent's amount
        ("provider payments", f"payment intent {intent.pk}", "provider's amount"),  # against the tender's
    ]
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("audit_ledgers", stdout=out)
    assert f"payment intent {intent.pk} provider's amount: kept 0.01, ledger says 100.00" in out.getvalue()


def test_two_paid_intents_for_one_tender_are_found(providers, store, member):
    first, second = (order_of(store=store, member=member, lines=[product("40.00")]) for _ in range(2))
    tender, _intent = provider_paid(first, "wechat", "40.00")
    other, again = provider_paid(second, "wechat", "40.00")
    sql("UPDATE payments_paymentintent SET reference = %s WHERE id = %s", f"tender:{tender.pk}", again.pk)
    assert fields(payment_differences()) == sorted(
        [
            ("provider payments", f"tender {tender.pk}", "paid intents"),
            ("provider payments", f"tender {other.pk}", "paid intent"),  # the other tender is left without one
        ]
    )


@pytest.mark.parametrize("method", ["wechat", "alipay", "pos"])
def test_a_succeeded_provider_tender_without_a_paid_intent_is_found(providers, store, member, method):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    tender, intent = provider_paid(order, method, "60.00", cash="40.00")
    assert list(payment_differences()) == []
    sql("UPDATE payments_paymentintent SET state = 'closed' WHERE id = %s", intent.pk)
    assert fields(payment_differences()) == [("provider payments", f"tender {tender.pk}", "paid intent")]


def test_a_succeeded_provider_tender_whose_intent_references_another_is_found(providers, store, member):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    tender, intent = provider_paid(order, "alipay", "100.00")
    sql("UPDATE payments_paymentintent SET reference = 'elsewhere:1' WHERE id = %s", intent.pk)
    assert fields(payment_differences()) == [("provider payments", f"tender {tender.pk}", "paid intent")]


def test_a_provider_refund_whose_amount_is_not_its_refund_tenders_is_found(providers, store, member, sent):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    provider_paid(order, "alipay", "100.00")
    refund = refunded(order, sent)
    row = RefundTender.objects.get(refund=refund)
    provider = ProviderRefund.objects.get(reference=refund_reference(row.pk))
    sql("UPDATE payments_providerrefund SET amount = 31 WHERE id = %s", provider.pk)
    assert ("provider refunds", f"provider refund {provider.pk}", "refund tender") in fields(payment_differences())


def test_a_provider_refund_tender_marked_succeeded_without_the_provider_is_found(providers, store, member):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    provider_paid(order, "wechat", "100.00")
    line = order.lines.get()
    refund = order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(order_line_id=line.pk)], reason="x")
    row = RefundTender.objects.get(refund=refund)  # the provider was never asked (no commit here)
    sql("UPDATE billing_refundtender SET status = 'succeeded' WHERE id = %s", row.pk)
    assert fields(payment_differences()) == [("provider refunds", f"refund tender {row.pk}", "confirmed")]


def test_a_closing_whose_takings_are_not_the_days_tenders_less_refunds_is_found(providers, store, member, sent):
    order = order_of(store=store, member=member, lines=[product("60.00"), product("40.00")])
    provider_paid(order, "wechat", "60.00", cash="40.00")
    refunded(order, sent)
    row = RefundTender.objects.get(method="wechat")
    ProviderRefund.objects.get(reference=refund_reference(row.pk))
    providers["wechat"].complete_refund(ProviderRefund.objects.get(reference=refund_reference(row.pk)).out_refund_no)
    closing = day_close(actor=CASHIER, store=store, day=timezone.localdate(), cash_counted=D("28.00"))
    assert list(closing_differences()) == [] and audit_all() == []
    assert {m["method"]: m["amount"] for m in closing.figures["takings"]["methods"]} == {
        "cash": "28.00",
        "wechat": "42.00",
    }
    sql(
        "UPDATE billing_dailyclosing SET figures = jsonb_set(figures, '{takings,methods,1,amount}', '\"60.00\"') "
        "WHERE id = %s",
        closing.pk,
    )
    assert fields(closing_differences()) == [("daily closings", f"closing {closing.pk}", "takings by method")]
