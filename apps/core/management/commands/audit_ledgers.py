"""Recomputes every kept balance from its ledger and prints each difference; exits 1 on any."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from apps.core.ledgers import ledger_audits


class Command(BaseCommand):
    help = "Recomputes card balances and sessions, points and order payments from their ledgers."

    def handle(self, *args: Any, **options: Any) -> None:
        found = 0
        for name, audit in ledger_audits().items():
            differences = list(audit())
            for difference in differences:
                self.stdout.write(str(difference))
            self.stdout.write(f"{name}: {len(differences)} difference(s)")
            found += len(differences)
        if found:
            raise CommandError(f"{found} difference(s) between kept balances and their ledgers")
        self.stdout.write(self.style.SUCCESS("0 differences"))
