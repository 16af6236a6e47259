"""The Alipay adapter against the fake Alipay gateway, through the provider interface only.

The fake checks our RSA2 request signatures and signs its answers and notifications with its own
Alipay key (both generated at test time); the scenarios are chosen by the payment code's or the
amount's last digits (apps/payments/fakes/alipay.py)."""

from __future__ import annotations

import dataclasses
import urllib.request
from datetime import datetime
from urllib.parse import parse_qsl, urlencode
from zoneinfo import ZoneInfo

import pytest

from apps.payments.fakes.alipay import new_rsa_key, private_pem
from apps.payments.providers.alipay import AlipayProvider
from apps.payments.providers.base import (
    ForgedNotification,
    PaymentProvider,
    PayRequest,
    ProviderError,
    ProviderRefused,
    ProviderState,
    RefundRequest,
    RefundState,
)

pytest_plugins = ["apps.payments.tests.fixtures_alipay_pos"]  # the fakes and their accounts

SUCCESS_CODE = "280000000000001200"
DECLINE_CODE = "280000000000001201"
PAYING_THEN_PAID_AFTER_2 = "280000000000001222"
PAYING_THEN_CLOSED_AFTER_1 = "280000000000001231"
SLOW_CODE = "280000000000001204"
SYSTEM_ERROR_CODE = "280000000000001205"
HTTP_500_CODE = "280000000000001206"
NOTIFY_TWICE_CODE = "280000000000001207"
NOTIFY_LOST_CODE = "280000000000001208"

provider: PaymentProvider = AlipayProvider()


def code_pay(account, out_trade_no, auth_code, amount_cents=12345):
    return provider.pay_by_code(
        account,
        PayRequest(out_trade_no=out_trade_no, amount_cents=amount_cents, description="洗护套餐", auth_code=auth_code),
    )


def parse(account, received):
    return provider.parse_notification(account, received.headers, received.body)


def test_the_adapter_names_itself_alipay():
    assert provider.name == "alipay"


def test_a_code_payment_succeeds_and_its_notification_verifies(alipay_gateway_account, alipay_gateway, notify_inbox):
    result = code_pay(alipay_gateway_account, "A-1001", SUCCESS_CODE)

    assert result.state == ProviderState.SUCCEEDED
    assert result.amount_cents == 12345
    assert result.provider_trade_no == alipay_gateway.trades["A-1001"].trade_no
    assert result.paid_at is not None
    # the SDK sent the payment code as Alipay's bar_code scene, the amount in yuan
    sent = next(r for r in alipay_gateway.requests if r["method"] == "alipay.trade.pay")
    assert '"scene":"bar_code"' in sent["biz_content"] and '"total_amount":"123.45"' in sent["biz_content"]

    notification = parse(alipay_gateway_account, notify_inbox.wait_for(1)[0])
    assert notification.kind == "payment"
    assert notification.out_trade_no == "A-1001"
    assert notification.state == ProviderState.SUCCEEDED
    assert notification.amount_cents == 12345
    assert notification.provider_trade_no == result.provider_trade_no


def test_a_declined_code_payment_is_failed_with_alipays_reason(alipay_gateway_account):
    result = code_pay(alipay_gateway_account, "A-1002", DECLINE_CODE)

    assert result.state == ProviderState.FAILED
    assert "ACQ.BUYER_BALANCE_NOT_ENOUGH" in result.message
    assert provider.query(alipay_gateway_account, "A-1002").state == ProviderState.UNKNOWN


def test_user_paying_is_pending_until_a_query_finds_it_paid(alipay_gateway_account, notify_inbox):
    result = code_pay(alipay_gateway_account, "A-1003", PAYING_THEN_PAID_AFTER_2)
    assert result.state == ProviderState.PENDING

    assert provider.query(alipay_gateway_account, "A-1003").state == ProviderState.PENDING
    paid = provider.query(alipay_gateway_account, "A-1003")
    assert paid.state == ProviderState.SUCCEEDED
    assert paid.amount_cents == 12345
    assert parse(alipay_gateway_account, notify_inbox.wait_for(1)[0]).state == ProviderState.SUCCEEDED


def test_user_paying_that_the_customer_cancels_ends_closed(alipay_gateway_account):
    assert code_pay(alipay_gateway_account, "A-1004", PAYING_THEN_CLOSED_AFTER_1).state == ProviderState.PENDING
    assert provider.query(alipay_gateway_account, "A-1004").state == ProviderState.CLOSED


def test_paying_an_out_trade_number_twice_reports_the_first_payment(alipay_gateway_account):
    first = code_pay(alipay_gateway_account, "A-1005", SUCCESS_CODE)
    again = code_pay(alipay_gateway_account, "A-1005", SUCCESS_CODE)

    assert again.state == ProviderState.SUCCEEDED
    assert again.provider_trade_no == first.provider_trade_no


def test_a_qr_payment_is_pending_with_a_code_url_then_paid_by_notification(
    alipay_gateway_account, alipay_gateway, notify_inbox
):
    result = provider.pay_by_qr(
        alipay_gateway_account,
        PayRequest(
            out_trade_no="A-2001",
            amount_cents=8800,
            description="染发",
            expires_at=datetime(2030, 1, 2, 3, 4, 5, tzinfo=ZoneInfo("UTC")),
        ),
    )
    assert result.state == ProviderState.PENDING
    assert result.code_url.startswith(alipay_gateway.url)
    sent = next(r for r in alipay_gateway.requests if r["method"] == "alipay.trade.precreate")
    assert '"time_expire":"2030-01-02 11:04:05"' in sent["biz_content"]  # Beijing time
    assert sent["notify_url"] == alipay_gateway_account.notify_url
    # nobody scanned it yet: Alipay does not know the trade
    assert provider.query(alipay_gateway_account, "A-2001").state == ProviderState.UNKNOWN

    alipay_gateway.pay_qr("A-2001")

    notification = parse(alipay_gateway_account, notify_inbox.wait_for(1)[0])
    assert (notification.kind, notification.out_trade_no, notification.state, notification.amount_cents) == (
        "payment",
        "A-2001",
        "succeeded",
        8800,
    )
    assert provider.query(alipay_gateway_account, "A-2001").state == ProviderState.SUCCEEDED


def test_a_notification_sent_twice_parses_identically(alipay_gateway_account, notify_inbox):
    code_pay(alipay_gateway_account, "A-2002", NOTIFY_TWICE_CODE)

    first, second = notify_inbox.wait_for(2)
    assert first.body == second.body
    assert parse(alipay_gateway_account, first) == parse(alipay_gateway_account, second)


def test_a_lost_notification_is_found_by_a_query(alipay_gateway_account, notify_inbox):
    assert code_pay(alipay_gateway_account, "A-2003", NOTIFY_LOST_CODE).state == ProviderState.SUCCEEDED

    assert notify_inbox.quiet_for(0.3) == []
    assert provider.query(alipay_gateway_account, "A-2003").state == ProviderState.SUCCEEDED


def test_a_notification_signed_with_another_key_is_forged(alipay_gateway_account, alipay_gateway, notify_inbox):
    code_pay(alipay_gateway_account, "A-2004", NOTIFY_LOST_CODE)
    alipay_gateway.send_forged_notification("A-2004")

    with pytest.raises(ForgedNotification):
        parse(alipay_gateway_account, notify_inbox.wait_for(1)[0])


def test_a_notification_changed_after_signing_is_forged(alipay_gateway_account, notify_inbox):
    code_pay(alipay_gateway_account, "A-2005", SUCCESS_CODE)
    received = notify_inbox.wait_for(1)[0]
    fields = dict(parse_qsl(received.body.decode()))
    fields["total_amount"] = "0.01"

    with pytest.raises(ForgedNotification):
        provider.parse_notification(alipay_gateway_account, received.headers, urlencode(fields).encode())
    unsigned = {k: v for k, v in fields.items() if k != "sign"}
    with pytest.raises(ForgedNotification):
        provider.parse_notification(alipay_gateway_account, received.headers, urlencode(unsigned).encode())
    with pytest.raises(ForgedNotification):
        provider.parse_notification(alipay_gateway_account, received.headers, b"\xff\xfe not a form")


def test_a_genuine_notification_for_another_application_hands_on_what_alipay_named(
    alipay_gateway_account, notify_inbox
):
    # Alipay's rule (check app_id, seller_id, total_amount) is the payments services': they compare
    # what the notification names with what was asked, and a success unlike it is `mismatched`.
    code_pay(alipay_gateway_account, "A-2006", SUCCESS_CODE)
    other_app = dataclasses.replace(alipay_gateway_account, app_id="2021000000009999")

    notification = parse(other_app, notify_inbox.wait_for(1)[0])
    assert notification.app_id == alipay_gateway_account.app_id != other_app.app_id
    assert notification.merchant_id == alipay_gateway_account.merchant_id and notification.currency == "CNY"


def test_the_notification_answer_is_alipays_plain_text():
    assert provider.notification_answer(True).body == b"success"
    assert provider.notification_answer(False).body == b"failure"
    assert provider.notification_answer(True).status == 200


def test_a_partial_refund_succeeds_and_its_query_and_notification_agree(alipay_gateway_account, notify_inbox):
    code_pay(alipay_gateway_account, "A-3001", SUCCESS_CODE, amount_cents=10000)
    notify_inbox.wait_for(1)

    refund = provider.refund(
        alipay_gateway_account,
        RefundRequest(
            out_trade_no="A-3001", out_refund_no="R-3001-1", amount_cents=2550, total_cents=10000, reason="退一项"
        ),
    )
    assert (refund.state, refund.amount_cents) == (RefundState.SUCCEEDED, 2550)

    queried = provider.query_refund(alipay_gateway_account, "A-3001", "R-3001-1")
    assert (queried.state, queried.amount_cents) == (RefundState.SUCCEEDED, 2550)

    notification = parse(alipay_gateway_account, notify_inbox.wait_for(2)[1])
    assert (notification.kind, notification.out_refund_no, notification.state) == ("refund", "R-3001-1", "succeeded")
    assert notification.amount_cents == 2550  # the trade's refunded total, here the one refund


def test_a_repeated_refund_is_confirmed_not_made_twice(alipay_gateway_account, alipay_gateway):
    code_pay(alipay_gateway_account, "A-3002", SUCCESS_CODE, amount_cents=10000)
    request = RefundRequest(out_trade_no="A-3002", out_refund_no="R-3002-1", amount_cents=4000, total_cents=10000)

    provider.refund(alipay_gateway_account, request)
    again = provider.refund(alipay_gateway_account, request)

    assert (again.state, again.amount_cents) == (RefundState.SUCCEEDED, 4000)
    assert alipay_gateway.trades["A-3002"].refunded_cents == 4000


def test_a_refund_above_what_is_left_is_refused(alipay_gateway_account):
    code_pay(alipay_gateway_account, "A-3003", SUCCESS_CODE, amount_cents=10000)
    provider.refund(alipay_gateway_account, RefundRequest("A-3003", "R-3003-1", 6000, 10000))

    with pytest.raises(ProviderRefused) as refused:
        provider.refund(alipay_gateway_account, RefundRequest("A-3003", "R-3003-2", 5000, 10000))
    assert refused.value.code == "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL"


def test_a_refund_alipay_never_made_queries_as_failed(alipay_gateway_account):
    code_pay(alipay_gateway_account, "A-3004", SUCCESS_CODE)

    assert provider.query_refund(alipay_gateway_account, "A-3004", "R-NEVER").state == RefundState.FAILED


def test_close_ends_a_waiting_trade_and_a_paid_one_is_refused(alipay_gateway_account):
    code_pay(alipay_gateway_account, "A-4001", PAYING_THEN_PAID_AFTER_2)
    provider.close(alipay_gateway_account, "A-4001")
    assert provider.query(alipay_gateway_account, "A-4001").state == ProviderState.CLOSED
    provider.close(alipay_gateway_account, "A-4001")  # closing it again is fine

    code_pay(alipay_gateway_account, "A-4002", SUCCESS_CODE)
    with pytest.raises(ProviderRefused) as refused:
        provider.close(alipay_gateway_account, "A-4002")
    assert refused.value.code == "ACQ.TRADE_STATUS_ERROR"


def test_closing_an_unscanned_qr_makes_it_unpayable(alipay_gateway_account, alipay_gateway):
    provider.pay_by_qr(alipay_gateway_account, PayRequest(out_trade_no="A-4003", amount_cents=500, description="QR"))

    provider.close(alipay_gateway_account, "A-4003")
    alipay_gateway.pay_qr("A-4003")

    assert provider.query(alipay_gateway_account, "A-4003").state == ProviderState.UNKNOWN


def test_the_days_bill_lists_payments_and_refunds(alipay_gateway_account, alipay_gateway):
    code_pay(alipay_gateway_account, "A-5001", SUCCESS_CODE, amount_cents=10000)
    code_pay(alipay_gateway_account, "A-5002", SUCCESS_CODE, amount_cents=2000)
    provider.refund(alipay_gateway_account, RefundRequest("A-5001", "R-5001-1", 1500, 10000))
    day = alipay_gateway.trades["A-5001"].paid_at.date()

    rows = provider.bill(alipay_gateway_account, day)

    assert sorted((r.out_trade_no, r.out_refund_no, r.amount_cents) for r in rows) == [
        ("A-5001", "", 10000),
        ("A-5001", "R-5001-1", -1500),
        ("A-5002", "", 2000),
    ]
    assert {r.provider_trade_no for r in rows if r.out_trade_no == "A-5001"} == {
        alipay_gateway.trades["A-5001"].trade_no
    }


def test_a_day_without_a_bill_is_refused_not_empty(alipay_gateway_account):
    with pytest.raises(ProviderRefused) as refused:
        provider.bill(alipay_gateway_account, datetime(2020, 1, 1).date())
    assert refused.value.code == "isp.bill_not_exist"


def test_alipay_system_error_is_a_provider_error_with_nothing_taken(alipay_gateway_account):
    with pytest.raises(ProviderError):
        code_pay(alipay_gateway_account, "A-6001", SYSTEM_ERROR_CODE)
    assert provider.query(alipay_gateway_account, "A-6001").state == ProviderState.UNKNOWN


def test_an_http_500_is_a_provider_error(alipay_gateway_account, alipay_gateway):
    with pytest.raises(ProviderError):
        code_pay(alipay_gateway_account, "A-6002", HTTP_500_CODE)
    alipay_gateway.fail_next("http500")
    with pytest.raises(ProviderError):
        provider.query(alipay_gateway_account, "A-6002")
    alipay_gateway.fail_next("system_error")
    with pytest.raises(ProviderError):
        provider.refund(alipay_gateway_account, RefundRequest("A-6002", "R-6002", 100, 100))


def test_a_timeout_after_the_money_was_taken_is_a_provider_error_and_a_query_finds_it_paid(alipay_gateway_account):
    hasty = dataclasses.replace(alipay_gateway_account, extra={"timeout_seconds": "0.3"})

    with pytest.raises(ProviderError):
        code_pay(hasty, "A-6003", SLOW_CODE)

    assert provider.query(alipay_gateway_account, "A-6003").state == ProviderState.SUCCEEDED


def test_an_unreachable_gateway_is_a_provider_error(alipay_gateway_account):
    gone = dataclasses.replace(alipay_gateway_account, base_url="http://127.0.0.1:9")

    with pytest.raises(ProviderError):
        provider.query(gone, "A-6004")


def test_a_request_signed_with_the_wrong_private_key_is_refused(alipay_gateway_account):
    wrong_key = dataclasses.replace(alipay_gateway_account, private_key=private_pem(new_rsa_key()))

    with pytest.raises(ProviderRefused) as refused:
        code_pay(wrong_key, "A-6005", SUCCESS_CODE)
    assert refused.value.code == "isv.invalid-signature"


def test_an_answer_that_does_not_verify_with_alipays_key_is_a_provider_error(alipay_gateway_account):
    # the account trusts another Alipay key: the fake's genuine answers must not be believed
    other_alipay = new_rsa_key().public_key()
    from cryptography.hazmat.primitives import serialization

    pem = other_alipay.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    distrusting = dataclasses.replace(alipay_gateway_account, public_key=pem.decode())

    with pytest.raises(ProviderError):
        code_pay(distrusting, "A-6006", SUCCESS_CODE)


def test_one_cent_crosses_as_alipays_yuan_text_and_back(alipay_gateway_account, alipay_gateway):
    result = code_pay(alipay_gateway_account, "A-7001", SUCCESS_CODE, amount_cents=1)

    assert result.amount_cents == 1
    assert alipay_gateway.trades["A-7001"].amount_cents == 1


def test_opening_the_qr_url_pays_it_as_a_person_does_during_make_run(alipay_gateway_account):
    result = provider.pay_by_qr(
        alipay_gateway_account, PayRequest(out_trade_no="A-7002", amount_cents=990, description="x")
    )

    with urllib.request.urlopen(result.code_url, timeout=5) as page:
        assert page.status == 200

    assert provider.query(alipay_gateway_account, "A-7002").state == ProviderState.SUCCEEDED
