"""Starts every registered fake payment provider (apps.payments.fakes.FAKE_PROVIDERS) on 127.0.0.1
and writes the PAYMENT_PROVIDERS file that points the back-office at them; runs until interrupted."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from apps.core.json_types import JsonObject
from apps.payments.fakes import FAKE_PROVIDERS
from apps.payments.fakes.running import write_settings_and_wait


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
        entries: JsonObject = {}
        stops = []
        try:
            for name, module in FAKE_PROVIDERS.items():
                notify_url = f"{options['notify_base'].rstrip('/')}/rest/pay/notify/{name}"
                entry, stop = importlib.import_module(module).start(notify_url)
                entries[name] = entry
                stops.append(stop)
                self.stdout.write(f"{name}: {entry.get('base_url', '')}")
            write_settings_and_wait(self.stdout, Path(options["file"]), "PAYMENT_PROVIDERS_FILE", entries)
        finally:
            for stop in stops:
                stop()
