"""The reports' own tables: the summaries (apps.reports.summaries)."""

from apps.reports.summaries.models import (
    CategoryDaySummary,
    DirtyStoreDay,
    StaffDaySummary,
    StoreDaySummary,
    SummaryFreshness,
    TenderDaySummary,
)

__all__ = [
    "CategoryDaySummary",
    "DirtyStoreDay",
    "StaffDaySummary",
    "StoreDaySummary",
    "SummaryFreshness",
    "TenderDaySummary",
]
