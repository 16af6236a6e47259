"""The settlement's nightly job without Celery beat (`make run` without Redis, a cron-less host):
every ended day not made yet gets its statements between stores; `--every SECONDS` repeats it."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from apps.core.audit import SYSTEM_ACTOR
from apps.settlement.statements import statements_catch_up


class Command(BaseCommand):
    help = "Make the settlement statements of every ended day not made yet (what beat runs at 01:15)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--every", type=int, default=0, help="repeat every this many seconds (0: once)")

    def handle(self, *args: Any, every: int = 0, **options: Any) -> None:
        while True:
            made = statements_catch_up(actor=SYSTEM_ACTOR)
            if made:
                self.stdout.write(f"settlement statements made: {made}")
            if not every:
                return
            time.sleep(every)
