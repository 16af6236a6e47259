"""Starts every fake group-buy platform (apps.groupbuy.fakes.FAKE_PLATFORMS) on 127.0.0.1 and writes
the GROUPBUY_PLATFORMS file that points the back-office at them; runs until interrupted."""

from __future__ import annotations

import json
import signal
import threading
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from apps.core.json_types import JsonObject
from apps.groupbuy.fakes import FAKE_PLATFORMS, FakePlatform


class Command(BaseCommand):
    help = "Run the fake group-buy platforms and write the settings that use them."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--file",
            default=str(Path(settings.BASE_DIR) / "build" / "fake-providers" / "groupbuy-platforms.json"),
            help="the GROUPBUY_PLATFORMS_FILE to write",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        config = Path(options["file"])
        config.parent.mkdir(parents=True, exist_ok=True)
        entries: JsonObject = {}
        running: list[FakePlatform] = []
        try:
            for name, fake_class in FAKE_PLATFORMS.items():
                fake = fake_class(slow_seconds=15.0).start()
                running.append(fake)
                entries[name] = fake.settings_entry()
                self.stdout.write(f"{name}: {fake.url}")
            config.write_text(json.dumps(entries, indent=2), encoding="utf-8")
            config.chmod(0o600)  # the fakes' keys: throw-away, but keys all the same
            self.stdout.write(f"GROUPBUY_PLATFORMS_FILE={config}")
            done = threading.Event()
            signal.signal(signal.SIGTERM, lambda *_: done.set())
            try:
                done.wait()
            except KeyboardInterrupt:
                pass
        finally:
            for fake in running:
                fake.stop()
