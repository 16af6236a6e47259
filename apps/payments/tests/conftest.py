"""A fake WeChat Pay per test module, its notifications delivered to our endpoint through Django's
test client (the view, its verification and the services run as for a real POST)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client

from apps.payments.fakes.wechat import FakeWeChatPay
from apps.payments.services import (
    IntentEnded,
    RefundEnded,
    register_intent_listener,
    register_refund_listener,
    unregister_listener,
)

NOTIFY_URL = "http://testserver/rest/pay/notify/wechat"
AUTH_CODE = "134567890123456789"


def client_deliver(url: str, headers: dict[str, str], body: bytes) -> int:
    sent = {name: value for name, value in headers.items() if name != "Content-Type"}
    return (
        Client(enforce_csrf_checks=True)
        .post(url.removeprefix("http://testserver"), data=body, content_type="application/json", headers=sent)
        .status_code
    )


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeWeChatPay]:
    server = FakeWeChatPay(deliver=client_deliver, slow_seconds=4.0).start()
    yield server
    server.stop()


def use(fake: FakeWeChatPay, settings, key_dir) -> FakeWeChatPay:
    """PAYMENT_PROVIDERS pointing at the fake, keys in files; every poll due at once."""
    settings.PAYMENT_PROVIDERS = {"wechat": fake.settings_entry(notify_url=NOTIFY_URL, key_dir=key_dir, timeout=3.0)}
    settings.PAYMENT_POLL_FIRST_SECONDS = 0
    return fake


@pytest.fixture
def wechat(fake, settings, tmp_path, db):
    return use(fake, settings, tmp_path)


@pytest.fixture
def wechat_alone(settings, tmp_path, db) -> Iterator[FakeWeChatPay]:
    """A fake of the test's own, whose bill holds only this test's trades."""
    server = FakeWeChatPay(deliver=client_deliver).start()
    yield use(server, settings, tmp_path)
    server.stop()


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def other_store(chain):
    return chain["other_store"]


@pytest.fixture
def ended() -> Iterator[dict[str, list]]:
    """What the listeners heard: {"intents": [IntentEnded...], "refunds": [RefundEnded...]}."""
    heard: dict[str, list] = {"intents": [], "refunds": []}

    def on_intent(event: IntentEnded) -> None:
        heard["intents"].append(event)

    def on_refund(event: RefundEnded) -> None:
        heard["refunds"].append(event)

    register_intent_listener(on_intent)
    register_refund_listener(on_refund)
    yield heard
    unregister_listener(on_intent)
    unregister_listener(on_refund)
