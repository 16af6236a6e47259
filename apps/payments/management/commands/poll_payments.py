"""The poller without Celery beat (development, `make run` without Redis, or a cron-less host):
runs `poll_pending_intents` every `--every` seconds until interrupted, or once with `--once`."""

from __future__ import annotations

import signal
import threading
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from apps.payments.services import intents_poll_due


class Command(BaseCommand):
    help = "Query open provider payments and refunds that are due (what beat runs every PAYMENT_POLL_SECONDS)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--every", type=float, default=settings.PAYMENT_POLL_SECONDS)
        parser.add_argument("--once", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        done = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: done.set())
        try:
            while True:
                counts = intents_poll_due()
                if any(counts.values()):
                    self.stdout.write(", ".join(f"{key} {value}" for key, value in counts.items()))
                if options["once"] or done.wait(options["every"]):
                    return
        except KeyboardInterrupt:
            return
