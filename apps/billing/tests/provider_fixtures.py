"""Fixtures for billing's provider tenders: the fake providers (WeChat Pay, Alipay, the card terminal
and payment box gateways) on 127.0.0.1 notifying the live server (as a provider posts to
/rest/pay/notify/<provider>), and PAYMENT_PROVIDERS pointing at them. Faults are the fakes'
scenarios (the amount's cents), never patches of our code.

A test module loads them with `pytest_plugins = ["apps.billing.tests.provider_fixtures"]`."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from apps.payments.fakes.alipay import FakeAlipay
from apps.payments.fakes.box import FakeBoxGateway
from apps.payments.fakes.pos import FakeTerminalGateway
from apps.payments.fakes.wechat import FakeWeChatPay


@dataclass
class Fakes:
    wechat: FakeWeChatPay
    alipay: FakeAlipay
    pos: FakeTerminalGateway
    box: FakeBoxGateway


@pytest.fixture
def fakes(live_server, settings, tmp_path) -> Iterator[Fakes]:
    base = f"{live_server.url}/rest/pay/notify"
    wechat = FakeWeChatPay(slow_seconds=4.0).start()
    alipay = FakeAlipay(notify_url=f"{base}/alipay", slow_seconds=4.0).start()
    pos = FakeTerminalGateway(notify_url=f"{base}/pos", slow_seconds=4.0).start()
    box = FakeBoxGateway(notify_url=f"{base}/box", slow_seconds=4.0).start()
    settings.PAYMENT_PROVIDERS = {
        "wechat": wechat.settings_entry(notify_url=f"{base}/wechat", key_dir=tmp_path / "keys", timeout=2.0),
        "alipay": alipay.account_settings(),
        "pos": pos.account_settings(),
        "box": box.account_settings(),
    }
    settings.PAYMENT_POLL_FIRST_SECONDS = 0
    try:
        yield Fakes(wechat, alipay, pos, box)
    finally:
        wechat.stop()
        alipay.stop()
        pos.stop()
        box.stop()
