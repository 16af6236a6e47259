"""Fixtures for the Alipay and card terminal adapter tests: each fake provider on 127.0.0.1, the
account that points at it, and an inbox that receives the fake's notifications the way our notify
endpoint would (headers and body as they came), so a test hands them to `parse_notification`.

A test module loads them with `pytest_plugins = ["apps.payments.tests.fixtures_alipay_pos"]`; their names
(`notify_inbox`, `alipay_gateway`, `alipay_gateway_account`, `terminal_gateway`, `terminal_account`)
are chosen not to collide with the payments conftest's."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from apps.payments.fakes.alipay import FakeAlipay
from apps.payments.fakes.httpfake import FakeHttpServer, FakeRequest, FakeResponse
from apps.payments.fakes.pos import FakeTerminalGateway
from apps.payments.providers.base import ProviderAccount


@dataclass(frozen=True)
class Received:
    headers: dict[str, str]
    body: bytes


class Inbox:
    """A notify URL that keeps what arrives and answers like a provider expects (200 `success`)."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        self._arrived = threading.Condition()
        self._server = FakeHttpServer(self._receive)

    @property
    def url(self) -> str:
        return self._server.url + "/rest/pay/notify/test"

    def _receive(self, request: FakeRequest) -> FakeResponse:
        with self._arrived:
            self.received.append(Received(request.headers, request.body))
            self._arrived.notify_all()
        return FakeResponse(200, b"success", {"Content-Type": "text/plain"})

    def wait_for(self, count: int, timeout: float = 5.0) -> list[Received]:
        with self._arrived:
            if not self._arrived.wait_for(lambda: len(self.received) >= count, timeout=timeout):
                raise AssertionError(f"{count} notification(s) expected, {len(self.received)} arrived")
            return list(self.received)

    def quiet_for(self, seconds: float) -> list[Received]:
        """What arrived after waiting `seconds` (to show that nothing more comes)."""
        time.sleep(seconds)
        with self._arrived:
            return list(self.received)

    def start(self) -> Inbox:
        self._server.start()
        return self

    def stop(self) -> None:
        self._server.stop()


@pytest.fixture
def notify_inbox() -> Iterator[Inbox]:
    box = Inbox().start()
    yield box
    box.stop()


@pytest.fixture
def alipay_gateway(notify_inbox: Inbox) -> Iterator[FakeAlipay]:
    fake = FakeAlipay(notify_url=notify_inbox.url, slow_seconds=1.5).start()
    yield fake
    fake.stop()


@pytest.fixture
def alipay_gateway_account(alipay_gateway: FakeAlipay) -> ProviderAccount:
    return ProviderAccount(**alipay_gateway.account_settings())


@pytest.fixture
def terminal_gateway(notify_inbox: Inbox) -> Iterator[FakeTerminalGateway]:
    fake = FakeTerminalGateway(notify_url=notify_inbox.url, slow_seconds=1.5).start()
    yield fake
    fake.stop()


@pytest.fixture
def terminal_account(terminal_gateway: FakeTerminalGateway) -> ProviderAccount:
    return ProviderAccount(**terminal_gateway.account_settings())
