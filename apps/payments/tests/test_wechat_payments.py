"""Paying through WeChat Pay against the fake server (issue 14 §1, §4): the SDK signs our requests
and the fake verifies them; the fake signs its answers and notifications and the SDK verifies them.
Faults come from the fake's scenarios (the amount's cents), never from patching our code."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client

from apps.payments.choices import EventKind, IntentState
from apps.payments.fakes.wechat import new_key
from apps.payments.models import PaymentEvent, PaymentIntent
from apps.payments.services import intent_close, intent_pay_by_code, intent_pay_by_qr, intents_poll_due
from apps.payments.tests.conftest import AUTH_CODE, NOTIFY_URL

pytestmark = pytest.mark.django_db


def pay_code(store, amount: str, auth_code: str = AUTH_CODE) -> PaymentIntent:
    return intent_pay_by_code(
        reference="order:1",
        store_id=store.pk,
        member_id=7,
        provider="wechat",
        amount=Decimal(amount),
        auth_code=auth_code,
    )


def pay_qr(store, amount: str) -> PaymentIntent:
    return intent_pay_by_qr(
        reference="order:2", store_id=store.pk, member_id=None, provider="wechat", amount=Decimal(amount)
    )


def post_notification(headers: dict[str, str], body: bytes):
    """As WeChat Pay posts: no session, no CSRF token (the client enforces CSRF as a browser's would)."""
    sent = {name: value for name, value in headers.items() if name != "Content-Type"}
    return Client(enforce_csrf_checks=True).post(
        "/rest/pay/notify/wechat", data=body, content_type="application/json", headers=sent
    )


def test_a_scanned_payment_code_that_pays_succeeds_and_the_listener_hears_it_once(wechat, store, ended):
    intent = pay_code(store, "88.00")
    assert intent.state == IntentState.SUCCEEDED
    assert intent.provider_trade_no.startswith("42") and intent.paid_at is not None
    assert wechat.trades[intent.out_trade_no].state == "SUCCESS"
    assert [(e.intent_id, e.state, e.amount, e.reference, e.member_id) for e in ended["intents"]] == [
        (intent.pk, "succeeded", Decimal("88.00"), "order:1", 7)
    ]
    # Polling a final intent asks nothing and changes nothing.
    assert intents_poll_due() == {"queried": 0, "closed": 0, "refunds": 0}


def test_a_declined_payment_code_fails_with_the_providers_reason(wechat, store, ended):
    intent = pay_code(store, "88.01")
    assert intent.state == IntentState.FAILED and intent.message == "余额不足"
    assert [e.state for e in ended["intents"]] == ["failed"]


def test_an_invalid_payment_code_is_refused_by_the_provider_and_the_intent_fails(wechat, store, ended):
    intent = pay_code(store, "88.00", auth_code="999")
    assert intent.state == IntentState.FAILED and intent.message == "付款码无效"


@pytest.mark.parametrize("auth_code", ["100000000000000000", "159999999999999999"])
def test_a_payment_code_of_18_digits_starting_10_to_15_pays(wechat, store, ended, auth_code):
    assert pay_code(store, "88.00", auth_code=auth_code).state == IntentState.SUCCEEDED


@pytest.mark.parametrize("auth_code", ["160000000000000000", "091234567890123456", "1345678901234567"])
def test_any_other_payment_code_is_refused_whatever_its_length(wechat, store, ended, auth_code):
    intent = pay_code(store, "88.00", auth_code=auth_code)
    assert intent.state == IntentState.FAILED and intent.message == "付款码无效"


def test_a_qr_is_never_declined_the_cents_that_decline_a_code_pay_it(wechat, store, ended):
    intent = pay_qr(store, "120.01")
    wechat.customer_pays(intent.out_trade_no)
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.SUCCEEDED


def test_user_paying_leaves_it_pending_until_the_poller_finds_it_paid(wechat, store, ended):
    intent = pay_code(store, "88.02")
    assert intent.state == IntentState.PENDING and ended["intents"] == []
    intents_poll_due()  # the first query: still paying
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.PENDING
    intents_poll_due()
    intent.refresh_from_db()
    assert intent.state == IntentState.SUCCEEDED and intent.attempts == 2
    assert [e.state for e in ended["intents"]] == ["succeeded"]


def test_a_qr_payment_succeeds_by_the_notification(wechat, store, ended):
    intent = pay_qr(store, "120.00")
    assert intent.state == IntentState.PENDING and intent.code_url.startswith("weixin://wxpay/bizpayurl?pr=")
    assert wechat.trades[intent.out_trade_no].notify_url == NOTIFY_URL
    wechat.customer_pays(intent.out_trade_no)
    assert wechat.notifications[-1] == ("TRANSACTION.SUCCESS", 204)
    intent.refresh_from_db()
    assert intent.state == IntentState.SUCCEEDED and intent.provider_trade_no
    assert [e.state for e in ended["intents"]] == ["succeeded"]


def test_the_same_notification_twice_changes_nothing_the_second_time(wechat, store, ended):
    intent = pay_qr(store, "120.03")
    wechat.customer_pays(intent.out_trade_no)
    assert wechat.notifications[-2:] == [("TRANSACTION.SUCCESS", 204)] * 2
    intent.refresh_from_db()
    assert intent.state == IntentState.SUCCEEDED
    assert len(ended["intents"]) == 1
    events = list(PaymentEvent.objects.filter(intent=intent).values_list("kind", flat=True))
    assert events == [EventKind.CREATED, EventKind.STATE, EventKind.STATE]  # created → pending → succeeded


def test_a_lost_notification_is_found_by_the_poller(wechat, store, ended):
    intent = pay_qr(store, "120.04")
    count = len(wechat.notifications)
    wechat.customer_pays(intent.out_trade_no)
    assert len(wechat.notifications) == count  # nothing was sent
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.PENDING
    intents_poll_due()
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.SUCCEEDED
    assert len(ended["intents"]) == 1


def test_a_forged_notification_is_refused_and_changes_nothing(wechat, store, ended):
    intent = pay_qr(store, "120.00")
    headers, body = wechat.payment_notification(intent.out_trade_no, claim_paid=True, key=new_key())
    response = post_notification(headers, body)
    assert response.status_code == 401 and response.json()["code"] == "FAIL"
    # A genuine signature over another body does not verify either.
    genuine_headers, _ = wechat.payment_notification(intent.out_trade_no)
    assert post_notification(genuine_headers, body).status_code == 401
    intent.refresh_from_db()
    assert intent.state == IntentState.PENDING and ended["intents"] == []
    assert not PaymentEvent.objects.filter(intent=intent, kind=EventKind.NOTIFICATION).exists()


def test_a_notification_signed_long_ago_is_refused_as_a_replay(wechat, store, ended):
    intent = pay_qr(store, "120.00")
    headers, body = wechat.payment_notification(intent.out_trade_no, claim_paid=True)
    headers["Wechatpay-Timestamp"] = str(int(headers["Wechatpay-Timestamp"]) - 3600)
    assert post_notification(headers, body).status_code == 401
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.PENDING


def test_an_expired_qr_is_closed_at_the_provider_then_here(wechat, store, ended, settings):
    settings.PAYMENT_QR_EXPIRES_MINUTES = 0
    intent = pay_qr(store, "120.07")
    assert intents_poll_due()["closed"] == 1
    intent.refresh_from_db()
    assert intent.state == IntentState.CLOSED and wechat.trades[intent.out_trade_no].state == "CLOSED"
    assert [e.state for e in ended["intents"]] == ["closed"]
    wechat.customer_pays(intent.out_trade_no)  # too late: the provider refuses a closed trade
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.CLOSED


def test_a_customer_who_walks_away_from_a_scanned_code_is_reversed_when_it_expires(wechat, store, ended, settings):
    settings.PAYMENT_CODE_EXPIRES_SECONDS = 0
    intent = pay_code(store, "88.07")
    assert intent.state == IntentState.PENDING
    intents_poll_due()
    intent.refresh_from_db()
    assert intent.state == IntentState.CLOSED and wechat.trades[intent.out_trade_no].state == "REVOKED"


def test_closing_a_trade_the_customer_just_paid_records_the_payment(wechat, store, ended):
    intent = pay_qr(store, "120.04")
    wechat.customer_pays(intent.out_trade_no)  # notification lost
    intent = intent_close(intent_id=intent.pk)
    assert intent.state == IntentState.SUCCEEDED
    assert [e.state for e in ended["intents"]] == ["succeeded"]


def test_a_timeout_after_the_provider_took_the_money_ends_paid_once(wechat, store, ended):
    intent = pay_code(store, "88.05")
    assert intent.state == IntentState.PENDING  # our client stopped waiting
    assert PaymentEvent.objects.filter(intent=intent, kind=EventKind.PROVIDER_ERROR).exists()
    assert wechat.trades[intent.out_trade_no].state == "SUCCESS"
    intents_poll_due()
    intents_poll_due()
    intent.refresh_from_db()
    assert intent.state == IntentState.SUCCEEDED
    assert [e.intent_id for e in ended["intents"]] == [intent.pk]


def test_a_server_error_that_took_nothing_is_closed_when_it_expires(wechat, store, ended, settings):
    intent = pay_code(store, "88.06")
    assert intent.state == IntentState.PENDING
    intents_poll_due()  # the provider does not know the trade: still open
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.PENDING
    PaymentIntent.objects.filter(pk=intent.pk).update(expires_at=intent.created_at)
    intents_poll_due()
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.CLOSED
    assert [e.state for e in ended["intents"]] == ["closed"]


def test_our_requests_are_signed_and_a_wrong_key_is_refused_by_the_provider(wechat, store, settings, tmp_path):
    entry = dict(settings.PAYMENT_PROVIDERS["wechat"])
    other = tmp_path / "other.pem"
    from apps.payments.fakes.wechat import private_pem

    other.write_text(private_pem(new_key()))
    entry["private_key_file"] = str(other)
    settings.PAYMENT_PROVIDERS = {"wechat": entry}
    intent = pay_code(store, "88.00")
    assert intent.state == IntentState.FAILED and intent.message.startswith("SIGN_ERROR")
    assert intent.out_trade_no not in wechat.trades


MISREPORTS = [
    ({"amount": 1}, ("amount", "1.07", "0.01")),
    ({"currency": "USD"}, ("currency", "CNY", "USD")),
    ({"merchant": "1900009999"}, ("merchant", "1900000001", "1900009999")),
    ({"app": "wx0000000000other"}, ("app", "wxfake000000000001", "wx0000000000other")),
]


@pytest.mark.parametrize(("reported", "difference"), MISREPORTS, ids=["amount", "currency", "merchant", "app"])
@pytest.mark.parametrize("path", ["answer", "notification", "query"])
def test_a_signed_success_unlike_the_payment_asked_for_is_mismatched_and_never_paid(
    wechat, store, ended, reported, difference, path
):
    """Every way a success arrives is checked: the codepay answer, the notification of a paid QR, the
    poller's query of a QR whose notification was lost (.x4)."""
    asked = {"answer": "1.20", "notification": "1.07", "query": "1.04"}[path]
    with wechat.misreporting(**reported):
        intent = pay_code(store, asked) if path == "answer" else pay_qr(store, asked)
    wechat.customer_pays(intent.out_trade_no)  # a paid codepay trade: nothing more
    if path == "query":
        assert intents_poll_due()["queried"] == 1
    intent.refresh_from_db()
    expected = tuple(value.replace("1.07", asked) for value in difference)
    assert (intent.state, intent.paid_at, intent.next_poll_at) == (IntentState.MISMATCHED, None, None)
    assert intent.reported_currency == reported.get("currency", "CNY")
    assert intent.reported_amount == (Decimal("0.01") if "amount" in reported else Decimal(asked))
    assert [(e.state, e.differences) for e in ended["intents"]] == [("mismatched", (expected,))]
    event = PaymentEvent.objects.filter(intent=intent, kind=EventKind.STATE).last()
    assert event.detail["mismatch"] == [list(expected)]
    # Never refundable through us, never asked again, and a repeat of the success changes nothing.
    assert intents_poll_due() == {"queried": 0, "closed": 0, "refunds": 0}
    assert PaymentIntent.objects.get(pk=intent.pk).state == IntentState.MISMATCHED and len(ended["intents"]) == 1
