"""Starts every fake group-buy platform (apps.groupbuy.fakes.FAKE_PLATFORMS) on 127.0.0.1 and writes
the GROUPBUY_PLATFORMS file that points the back-office at them; runs until interrupted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from apps.core.json_types import JsonObject
from apps.groupbuy.fakes import FAKE_PLATFORMS, FakePlatform
from apps.payments.fakes.running import write_settings_and_wait


class Command(BaseCommand):
    help = "Run the fake group-buy platforms and write the settings that use them."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--file",
            default=str(Path(settings.BASE_DIR) / "build" / "fake-providers" / "groupbuy-platforms.json"),
            help="the GROUPBUY_PLATFORMS_FILE to write",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        entries: JsonObject = {}
        running: list[FakePlatform] = []
        try:
            for name, fake_class in FAKE_PLATFORMS.items():
                fake = fake_class(slow_seconds=15.0).start()
                running.append(fake)
                entries[name] = fake.settings_entry()
                self.stdout.write(f"{name}: {fake.url}")
            write_settings_and_wait(self.stdout, Path(options["file"]), "GROUPBUY_PLATFORMS_FILE", entries)
        finally:
            for fake in running:
                fake.stop()
