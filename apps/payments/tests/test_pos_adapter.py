"""The card terminal adapter against the fake terminal gateway, through the provider interface (and
the adapter's one extra call, `terminals`).

The fake checks our HMAC-SHA256 request signatures and signs its answers and notifications with the
merchant's key (generated at test time); scenarios are chosen by the amount's last two digits
(apps/payments/fakes/pos.py)."""

from __future__ import annotations

import dataclasses
import json
import time

import pytest

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
from apps.payments.providers.pos import Terminal, TerminalProvider, hmac_hex, notification_message

pytest_plugins = ["apps.payments.tests.fixtures_alipay_pos"]  # the fakes and their accounts

SETTLES = 10000  # any other ending: the card goes through shortly (or at the first query)
DECLINED = 10001
AFTER_3_QUERIES = 10013
SLOW = 10004
HTTP_500 = 10005
NOTIFY_TWICE = 10007
NOTIFY_LOST = 10008
DECLINED_AND_FORGED = 10009

terminal = TerminalProvider()
provider: PaymentProvider = terminal


def card_pay(account, out_trade_no, amount_cents, terminal_id="T01"):
    return provider.pay_by_code(
        account,
        PayRequest(out_trade_no=out_trade_no, amount_cents=amount_cents, description="剪发", terminal_id=terminal_id),
    )


def parse(account, received):
    return provider.parse_notification(account, received.headers, received.body)


def test_the_adapter_names_itself_pos():
    assert provider.name == "pos"


def test_the_gateway_lists_its_terminals(terminal_account):
    terminals = terminal.terminals(terminal_account)

    assert terminals[0] == Terminal(terminal_id="T01", name="收银台 1", store_code="S001", online=True)
    assert [(t.terminal_id, t.online) for t in terminals] == [("T01", True), ("T02", True), ("T03", False)]


def test_a_card_payment_is_pending_then_succeeds_and_notifies(terminal_account, terminal_gateway, notify_inbox):
    result = card_pay(terminal_account, "P-1001", SETTLES)
    assert result.state == ProviderState.PENDING
    assert result.provider_trade_no == terminal_gateway.payments["P-1001"].payment_id

    notification = parse(terminal_account, notify_inbox.wait_for(1)[0])
    assert (notification.kind, notification.out_trade_no, notification.state, notification.amount_cents) == (
        "payment",
        "P-1001",
        "succeeded",
        SETTLES,
    )
    queried = provider.query(terminal_account, "P-1001")
    assert (queried.state, queried.amount_cents) == (ProviderState.SUCCEEDED, SETTLES)
    assert queried.paid_at is not None


def test_a_payment_without_a_terminal_goes_to_the_accounts_default(terminal_account, terminal_gateway):
    provider.pay_by_code(terminal_account, PayRequest(out_trade_no="P-1002", amount_cents=SETTLES, description="x"))
    assert terminal_gateway.payments["P-1002"].terminal_id == "T01"

    no_default = dataclasses.replace(terminal_account, extra={})
    with pytest.raises(ProviderRefused) as refused:
        provider.pay_by_code(no_default, PayRequest(out_trade_no="P-1003", amount_cents=SETTLES, description="x"))
    assert refused.value.code == "POS_NO_TERMINAL"


def test_the_nth_query_finds_the_card_went_through(terminal_account, notify_inbox):
    assert card_pay(terminal_account, "P-1004", AFTER_3_QUERIES).state == ProviderState.PENDING

    states = [provider.query(terminal_account, "P-1004").state for _ in range(3)]

    assert states == [ProviderState.PENDING, ProviderState.PENDING, ProviderState.SUCCEEDED]
    assert parse(terminal_account, notify_inbox.wait_for(1)[0]).state == ProviderState.SUCCEEDED


def test_a_declined_card_fails_with_the_banks_reason(terminal_account, notify_inbox):
    card_pay(terminal_account, "P-1005", DECLINED)

    result = provider.query(terminal_account, "P-1005")

    assert result.state == ProviderState.FAILED
    assert "do not honour" in result.message
    assert parse(terminal_account, notify_inbox.wait_for(1)[0]).state == ProviderState.FAILED


def test_a_busy_offline_or_unknown_terminal_is_refused(terminal_account):
    card_pay(terminal_account, "P-1006", AFTER_3_QUERIES, terminal_id="T02")
    for out_trade_no, terminal_id, code in [
        ("P-1007", "T02", "TERMINAL_BUSY"),
        ("P-1008", "T03", "TERMINAL_OFFLINE"),
        ("P-1009", "T99", "TERMINAL_NOT_FOUND"),
    ]:
        with pytest.raises(ProviderRefused) as refused:
            card_pay(terminal_account, out_trade_no, SETTLES, terminal_id=terminal_id)
        assert refused.value.code == code


def test_a_qr_is_not_something_a_terminal_does(terminal_account):
    with pytest.raises(ProviderRefused) as refused:
        provider.pay_by_qr(terminal_account, PayRequest(out_trade_no="P-1010", amount_cents=SETTLES, description="x"))
    assert refused.value.code == "POS_QR_NOT_SUPPORTED"


def test_an_unknown_payment_queries_as_unknown(terminal_account):
    assert provider.query(terminal_account, "P-NEVER").state == ProviderState.UNKNOWN


def test_duplicate_notifications_parse_to_the_same_notification(terminal_account, notify_inbox):
    card_pay(terminal_account, "P-2002", NOTIFY_TWICE)

    first, second = notify_inbox.wait_for(2)

    assert parse(terminal_account, first) == parse(terminal_account, second)
    assert parse(terminal_account, first).state == ProviderState.SUCCEEDED


def test_a_lost_notification_is_found_by_a_query(terminal_account, notify_inbox):
    card_pay(terminal_account, "P-2003", NOTIFY_LOST)

    assert provider.query(terminal_account, "P-2003").state == ProviderState.SUCCEEDED
    assert notify_inbox.quiet_for(0.5) == []


def test_a_forged_success_for_a_declined_card_is_refused(terminal_account, notify_inbox):
    card_pay(terminal_account, "P-2004", DECLINED_AND_FORGED)
    assert provider.query(terminal_account, "P-2004").state == ProviderState.FAILED

    genuine, forged = notify_inbox.wait_for(2)

    assert parse(terminal_account, genuine).state == ProviderState.FAILED
    assert json.loads(forged.body)["state"] == "succeeded"
    with pytest.raises(ForgedNotification):
        parse(terminal_account, forged)


def test_a_notification_altered_replayed_or_for_another_merchant_is_forged(terminal_account, notify_inbox):
    card_pay(terminal_account, "P-2005", SETTLES)
    received = notify_inbox.wait_for(1)[0]

    with pytest.raises(ForgedNotification):
        provider.parse_notification(terminal_account, received.headers, received.body.replace(b"10000", b"1"))
    with pytest.raises(ForgedNotification):
        provider.parse_notification(terminal_account, {}, received.body)
    other = dataclasses.replace(terminal_account, merchant_id="898310000000000")
    with pytest.raises(ForgedNotification):
        parse(other, received)
    # a genuine notification signed long ago (its timestamp is in the signature) is a replay
    old = str(int(time.time()) - 3600)
    nonce = received.headers["x-pos-nonce"]
    replayed = {
        **received.headers,
        "x-pos-timestamp": old,
        "x-pos-signature": hmac_hex(terminal_account.private_key, notification_message(old, nonce, received.body)),
    }
    with pytest.raises(ForgedNotification):
        provider.parse_notification(terminal_account, replayed, received.body)


def test_the_notification_answers(terminal_account):
    assert provider.notification_answer(True).status == 200
    assert json.loads(provider.notification_answer(True).body) == {"code": "SUCCESS"}
    assert provider.notification_answer(False).status == 400


def test_refunds_in_part_then_the_rest_and_never_more(terminal_account, terminal_gateway, notify_inbox):
    card_pay(terminal_account, "P-3001", SETTLES)
    provider.query(terminal_account, "P-3001")

    first = provider.refund(terminal_account, RefundRequest("P-3001", "PR-3001-1", 3000, SETTLES, "退一项"))
    assert (first.state, first.amount_cents) == (RefundState.SUCCEEDED, 3000)
    again = provider.refund(terminal_account, RefundRequest("P-3001", "PR-3001-1", 3000, SETTLES, "退一项"))
    assert again.provider_refund_no == first.provider_refund_no  # the same refund, not a second one
    with pytest.raises(ProviderRefused) as refused:
        provider.refund(terminal_account, RefundRequest("P-3001", "PR-3001-2", 7001, SETTLES))
    assert refused.value.code == "REFUND_EXCEEDS_PAYMENT"
    provider.refund(terminal_account, RefundRequest("P-3001", "PR-3001-3", 7000, SETTLES))

    assert provider.query_refund(terminal_account, "P-3001", "PR-3001-1").amount_cents == 3000
    assert provider.query_refund(terminal_account, "P-3001", "PR-NEVER").state == RefundState.FAILED
    assert provider.query(terminal_account, "P-3001").state == ProviderState.REFUNDED
    refunds = [parse(terminal_account, r) for r in notify_inbox.wait_for(3)[1:]]
    assert {(n.kind, n.out_refund_no, n.amount_cents) for n in refunds} == {
        ("refund", "PR-3001-1", 3000),
        ("refund", "PR-3001-3", 7000),
    }


def test_close_takes_a_pending_payment_off_the_terminal_and_refuses_a_paid_one(terminal_account):
    card_pay(terminal_account, "P-4001", AFTER_3_QUERIES)
    provider.close(terminal_account, "P-4001")
    assert provider.query(terminal_account, "P-4001").state == ProviderState.CLOSED
    provider.close(terminal_account, "P-NEVER")  # nothing to close

    card_pay(terminal_account, "P-4002", SETTLES)
    provider.query(terminal_account, "P-4002")
    with pytest.raises(ProviderRefused) as refused:
        provider.close(terminal_account, "P-4002")
    assert refused.value.code == "ALREADY_PAID"


def test_the_days_bill_lists_payments_and_refunds(terminal_account, terminal_gateway):
    card_pay(terminal_account, "P-5001", SETTLES)
    provider.query(terminal_account, "P-5001")
    card_pay(terminal_account, "P-5002", 20000, terminal_id="T02")
    provider.query(terminal_account, "P-5002")
    card_pay(terminal_account, "P-5003", AFTER_3_QUERIES)  # never paid: not in the bill
    provider.refund(terminal_account, RefundRequest("P-5001", "PR-5001-1", 2500, SETTLES))
    day = terminal_gateway.payments["P-5001"].paid_at.date()

    rows = provider.bill(terminal_account, day)

    assert sorted((r.out_trade_no, r.out_refund_no, r.amount_cents) for r in rows) == [
        ("P-5001", "", 10000),
        ("P-5001", "PR-5001-1", -2500),
        ("P-5002", "", 20000),
    ]


def test_a_gateway_500_is_a_provider_error_with_nothing_created(terminal_account, terminal_gateway):
    with pytest.raises(ProviderError):
        card_pay(terminal_account, "P-6001", HTTP_500)
    assert provider.query(terminal_account, "P-6001").state == ProviderState.UNKNOWN

    terminal_gateway.fail_next("http500")
    with pytest.raises(ProviderError):
        terminal.terminals(terminal_account)


def test_a_timeout_after_the_card_went_through_is_a_provider_error_and_a_query_finds_it_paid(terminal_account):
    hasty = dataclasses.replace(terminal_account, extra={"timeout_seconds": "0.3", "default_terminal_id": "T01"})

    with pytest.raises(ProviderError):
        card_pay(hasty, "P-6002", SLOW)

    assert provider.query(terminal_account, "P-6002").state == ProviderState.SUCCEEDED


def test_an_answer_not_signed_with_the_merchants_key_is_a_provider_error(terminal_account, terminal_gateway):
    terminal_gateway.fail_next("bad_signature")

    with pytest.raises(ProviderError):
        card_pay(terminal_account, "P-6003", SETTLES)


def test_a_request_signed_with_the_wrong_key_is_refused(terminal_account, terminal_gateway):
    wrong = dataclasses.replace(terminal_account, private_key="not-the-merchants-key")

    # the gateway refuses it (401) but signs its refusal with the real key, which we do not hold:
    # to us the answer is unverifiable, an unknown outcome; the gateway did nothing
    with pytest.raises(ProviderError):
        card_pay(wrong, "P-6004", SETTLES)
    assert "P-6004" not in terminal_gateway.payments


def test_an_unreachable_gateway_is_a_provider_error(terminal_account):
    with pytest.raises(ProviderError):
        provider.query(dataclasses.replace(terminal_account, base_url="http://127.0.0.1:9"), "P-6005")
