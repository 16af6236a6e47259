"""Issues the package cards of the project packages sold before packages were banked (decision 0038)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from apps.billing.till.package_banking import package_sales_banked
from apps.core.audit import SYSTEM_ACTOR


class Command(BaseCommand):
    help = "Gives each member who bought a project package before packages were banked the package's card."

    def handle(self, *args: Any, **options: Any) -> None:
        done = package_sales_banked(actor=SYSTEM_ACTOR)
        for line in done.banked:
            self.stdout.write(f"banked {line.order.order_no} line {line.pk} {line.name} × {line.qty}")
        for line in done.day_closed:
            self.stdout.write(
                f"left {line.order.order_no} line {line.pk}: today is closed at its store, run again tomorrow"
            )
        for line in done.refunded:
            self.stdout.write(f"left {line.order.order_no} line {line.pk}: refunded in part, settle it by hand")
        self.stdout.write(
            f"{len(done.banked)} banked, {len(done.day_closed)} left for a closed day, {len(done.refunded)} refunded"
        )
