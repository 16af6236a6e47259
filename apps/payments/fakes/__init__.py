"""Local fake provider servers (issue 14 §1): tests and `make run` pay against these on 127.0.0.1,
speaking the parts of each provider's protocol we use, signatures included, with keys made at start.

The registry names each fake's module; `manage.py run_fake_providers` starts every one. A fake module
offers `start(*, notify_base, key_dir, auto_pay_seconds) -> RunningFake`: a running server whose
`settings_entry` is its provider's PAYMENT_PROVIDERS entry (keys written under key_dir)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

# provider name -> module offering start(); the Alipay and card-terminal fakes add their lines here.
FAKE_PROVIDERS: dict[str, str] = {
    "wechat": "apps.payments.fakes.wechat",
}


class RunningFake(Protocol):
    name: str
    base_url: str
    settings_entry: dict[str, Any]

    def stop(self) -> None: ...


class FakeStarter(Protocol):
    def __call__(self, *, notify_base: str, key_dir: Path, auto_pay_seconds: float | None) -> RunningFake: ...
