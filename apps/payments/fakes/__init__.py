"""Local fake provider servers (issue 14 §1): tests and `make run` pay against these on 127.0.0.1,
speaking the parts of each provider's protocol we use, signatures included, with keys made at start.

The registry names each fake's module; `manage.py run_fake_providers` starts every one. A fake module
offers `start(notify_url) -> (settings_entry, stop)`: its provider's PAYMENT_PROVIDERS entry (pointing
at the running fake, with its keys) and the function that stops it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from apps.core.json_types import JsonObject

# provider name -> the module of its fake, which offers start().
FAKE_PROVIDERS: dict[str, str] = {
    "wechat": "apps.payments.fakes.wechat",
    "alipay": "apps.payments.fakes.alipay",
    "pos": "apps.payments.fakes.pos",
    "box": "apps.payments.fakes.box",
}


class FakeStarter(Protocol):
    def __call__(self, notify_url: str) -> tuple[JsonObject, Callable[[], None]]: ...
