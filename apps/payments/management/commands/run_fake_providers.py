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

from apps.core.json_types import JsonObject
from apps.payments.fakes import FAKE_PROVIDERS


class Command(BaseCommand):
    help = "Run the fake payment providers and write the settings that use them."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--notify-base", default="http://127.0.0.1:8000", help="where the back-office listens (notifications)"
        )
        parser.add_argument(
            "--file",
            default=str(Path(settings.BASE_DIR) / "build" / "fake-providers" / "payment-providers.json"),
            help="the PAYMENT_PROVIDERS_FILE to write",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        config = Path(options["file"])
        config.parent.mkdir(parents=True, exist_ok=True)
        entries: JsonObject = {}
        stops = []
        try:
            for name, module in FAKE_PROVIDERS.items():
                notify_url = f"{options['notify_base'].rstrip('/')}/rest/pay/notify/{name}"
                entry, stop = importlib.import_module(module).start(notify_url)
                entries[name] = entry
                stops.append(stop)
                self.stdout.write(f"{name}: {entry.get('base_url', '')}")
            config.write_text(json.dumps(entries, indent=2), encoding="utf-8")
            config.chmod(0o600)  # the fakes' keys: throw-away, but keys all the same
            self.stdout.write(f"PAYMENT_PROVIDERS_FILE={config}")
            done = threading.Event()
            signal.signal(signal.SIGTERM, lambda *_: done.set())
            try:
                done.wait()
            except KeyboardInterrupt:
                pass
        finally:
            for stop in stops:
                stop()
