"""The write-off poller without Celery beat: asks the platforms about pending write-offs every
`--every` seconds until interrupted, or once with `--once`."""

from __future__ import annotations

import signal
import threading
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from apps.core.audit import SYSTEM_ACTOR
from apps.groupbuy.write_offs import resolve_pending


class Command(BaseCommand):
    help = "Finish the group-buy write-offs whose consume the platform did not answer."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--every", type=float, default=settings.GROUPBUY_POLL_SECONDS)
        parser.add_argument("--once", action="store_true")
        parser.add_argument("--older-than", type=float, default=120.0, help="seconds since the write-off started")

    def handle(self, *args: Any, **options: Any) -> None:
        done = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: done.set())
        try:
            while True:
                finished = resolve_pending(actor=SYSTEM_ACTOR, older_than_seconds=options["older_than"])
                if finished:
                    self.stdout.write(f"finished {finished}")
                if options["once"] or done.wait(options["every"]):
                    return
        except KeyboardInterrupt:
            return
