"""The payment box adapter against the fake box gateway (decision 0016): the card terminal protocol
of decision 0010 under /box/v1, signed with the box merchant's own key; the wallet the customer paid
with comes back as the payment's message; a decline carries the wallet's reason; a customer who
never shows a code leaves the payment pending until it is closed."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator

import pytest

from apps.payments.fakes.box import FakeBoxGateway
from apps.payments.providers import provider as provider_named
from apps.payments.providers.base import (
    ForgedNotification,
    PayRequest,
    ProviderAccount,
    ProviderError,
    ProviderRefused,
    ProviderState,
    RefundRequest,
    RefundState,
)
from apps.payments.providers.box import PaymentBoxProvider

pytest_plugins = ["apps.payments.tests.fixtures_alipay_pos"]  # notify_inbox, terminal_gateway

box = PaymentBoxProvider()


@pytest.fixture
def box_gateway(notify_inbox) -> Iterator[FakeBoxGateway]:
    fake = FakeBoxGateway(notify_url=notify_inbox.url, slow_seconds=1.5).start()
    yield fake
    fake.stop()


@pytest.fixture
def box_account(box_gateway: FakeBoxGateway) -> ProviderAccount:
    return ProviderAccount(**box_gateway.account_settings())


def box_pay(account, out_trade_no, amount_cents, box_id="B01"):
    return box.pay_by_code(
        account,
        PayRequest(out_trade_no=out_trade_no, amount_cents=amount_cents, description="剪发", terminal_id=box_id),
    )


def until_final(account, out_trade_no):
    for _ in range(40):
        result = box.query(account, out_trade_no)
        if result.state != ProviderState.PENDING:
            return result
        time.sleep(0.05)
    return result


def test_the_registry_finds_the_box_adapter_by_its_name():
    assert provider_named("box").name == "box"


def test_the_box_gateway_lists_its_boxes(box_account):
    boxes = box.terminals(box_account)
    assert [(b.terminal_id, b.online) for b in boxes] == [("B01", True), ("B02", True), ("B03", False)]


def test_the_box_waits_for_the_code_then_names_the_wallet_paid_with(box_account, notify_inbox):
    answer = box_pay(box_account, "PBOX1", 5000)
    assert answer.state == ProviderState.PENDING and answer.provider_trade_no
    paid = until_final(box_account, "PBOX1")
    assert (paid.state, paid.amount_cents, paid.message) == (ProviderState.SUCCEEDED, 5000, "wechat")
    by_alipay = box_pay(box_account, "PBOX2", 5021, box_id="B02")
    assert by_alipay.state == ProviderState.PENDING
    assert until_final(box_account, "PBOX2").message == "alipay"
    # The notifications verify with the box merchant's key.
    received = notify_inbox.wait_for(2)
    notices = {box.parse_notification(box_account, r.headers, r.body) for r in received}
    assert {(n.out_trade_no, n.state, n.message) for n in notices} == {
        ("PBOX1", "succeeded", "wechat"),
        ("PBOX2", "succeeded", "alipay"),
    }


def test_a_short_wallet_and_a_bad_code_fail_with_the_wallets_reason(box_account):
    box_pay(box_account, "PBOX3", 5001)
    short = until_final(box_account, "PBOX3")
    assert short.state == ProviderState.FAILED and short.message.startswith("NOTENOUGH")
    box_pay(box_account, "PBOX4", 5002)
    bad = until_final(box_account, "PBOX4")
    assert bad.state == ProviderState.FAILED and bad.message.startswith("AUTH_CODE_INVALID")


def test_a_customer_who_never_shows_a_code_stays_pending_until_the_box_is_closed(box_account, box_gateway):
    box_pay(box_account, "PBOX5", 5003)
    time.sleep(0.5)
    assert box.query(box_account, "PBOX5").state == ProviderState.PENDING
    # The box shows one payment at a time.
    with pytest.raises(ProviderRefused) as busy:
        box_pay(box_account, "PBOX6", 100)
    assert busy.value.code == "TERMINAL_BUSY"
    box.close(box_account, "PBOX5")
    assert box.query(box_account, "PBOX5").state == ProviderState.CLOSED


def test_an_offline_box_is_refused_and_a_500_is_an_unknown_outcome(box_account):
    with pytest.raises(ProviderRefused) as offline:
        box_pay(box_account, "PBOX7", 100, box_id="B03")
    assert offline.value.code == "TERMINAL_OFFLINE"
    with pytest.raises(ProviderError):
        box_pay(box_account, "PBOX8", 105)


def test_a_paid_box_payment_refunds_once_per_number(box_account):
    box_pay(box_account, "PBOX9", 3000)
    assert until_final(box_account, "PBOX9").state == ProviderState.SUCCEEDED
    request = RefundRequest(out_trade_no="PBOX9", out_refund_no="RBOX9", amount_cents=1000, total_cents=3000)
    assert box.refund(box_account, request).state == RefundState.SUCCEEDED
    assert (
        box.refund(box_account, request).provider_refund_no
        == box.query_refund(box_account, "PBOX9", "RBOX9").provider_refund_no
    )
    with pytest.raises(ProviderRefused) as above:
        box.refund(box_account, dataclasses.replace(request, out_refund_no="RBOX10", amount_cents=2001))
    assert above.value.code == "REFUND_EXCEEDS_PAYMENT"


def test_the_terminal_gateways_key_does_not_speak_for_the_box(box_account, box_gateway, terminal_gateway, notify_inbox):
    """Each gateway signs with its own merchant's key: a box notification does not verify with the
    terminal account, nor a terminal's with the box's."""
    terminal_account = ProviderAccount(**terminal_gateway.account_settings())
    box_pay(box_account, "PBOX11", 2000)
    received = notify_inbox.wait_for(1)[0]
    with pytest.raises(ForgedNotification):
        box.parse_notification(terminal_account, received.headers, received.body)
    # Signed with another key, the box refuses the request, and its refusal does not verify with
    # that key either: an unknown outcome, never a payment.
    with pytest.raises(ProviderError):
        box_pay(dataclasses.replace(box_account, private_key=terminal_account.private_key), "PBOX12", 100)
    assert "PBOX12" not in box_gateway.payments


def test_the_days_bill_lists_the_box_payments_and_refunds_for_reconciliation(box_account):
    from datetime import datetime
    from zoneinfo import ZoneInfo

    box_pay(box_account, "PBOX13", 4000)
    assert until_final(box_account, "PBOX13").state == ProviderState.SUCCEEDED
    box.refund(
        box_account, RefundRequest(out_trade_no="PBOX13", out_refund_no="RBOX13", amount_cents=1500, total_cents=4000)
    )
    rows = box.bill(box_account, datetime.now(ZoneInfo("Asia/Shanghai")).date())
    assert {(r.out_trade_no, r.out_refund_no, r.amount_cents) for r in rows} >= {
        ("PBOX13", "", 4000),
        ("PBOX13", "RBOX13", -1500),
    }
