"""The report framework (docs/decisions, "report framework and download centre"): a report is a
class in apps/reports/definitions/<topic>.py registered with @register_report; the framework
serves it at /rest/businessReport{Key}/select|show|export and on its page."""

from apps.core.role_codes import REPORT_FIGURES_CODE
from apps.reports.framework.base import (
    MEMBER_SEGMENTS,
    ChartKind,
    Column,
    ColumnKind,
    Drill,
    ExtraFilter,
    LinkKind,
    Report,
    ReportFilters,
    Series,
)
from apps.reports.framework.registry import register_report, report_for, reports

__all__ = [
    "MEMBER_SEGMENTS",
    "REPORT_FIGURES_CODE",
    "ChartKind",
    "Column",
    "ColumnKind",
    "Drill",
    "ExtraFilter",
    "LinkKind",
    "Report",
    "ReportFilters",
    "Series",
    "register_report",
    "report_for",
    "reports",
]
