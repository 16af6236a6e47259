"""Starts every registered fake payment provider (apps.payments.fakes.FAKE_PROVIDERS) on 127.0.0.1
and writes the PAYMENT_PROVIDERS file that points the back-office at them; runs until interrupted."""

from __future__ import annotations

import importlib
import json
import signal
import threading
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from apps.payments.fakes import FAKE_PROVIDERS


class Command(BaseCommand):
    help = "Run the fake payment providers and print the settings that use them."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--notify-base", default="http://127.0.0.1:8000", help="where the back-office listens (notifications)"
        )
        parser.add_argument(
            "--dir", default=str(Path(settings.BASE_DIR) / "build" / "fake-providers"), help="keys and settings"
        )
        parser.add_argument(
            "--auto-pay-seconds", type=float, default=5.0, help="a shown QR is paid (a refund done) this much later"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        directory = Path(options["dir"])
        directory.mkdir(parents=True, exist_ok=True)
        running = []
        for name, module in FAKE_PROVIDERS.items():
            fake = importlib.import_module(module).start(
                notify_base=options["notify_base"], key_dir=directory, auto_pay_seconds=options["auto_pay_seconds"]
            )
            running.append(fake)
            self.stdout.write(f"{name}: {fake.base_url}")
        config = directory / "payment-providers.json"
        config.write_text(json.dumps({fake.name: fake.settings_entry for fake in running}, indent=2), encoding="utf-8")
        config.chmod(0o600)
        self.stdout.write(f"PAYMENT_PROVIDERS_FILE={config}")
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        try:
            stop.wait()
        except KeyboardInterrupt:
            pass
        finally:
            for fake in running:
                fake.stop()
