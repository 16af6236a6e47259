"""Every report, known by its key. Each module of apps/reports/definitions/ registers its reports
with @register_report; the app's ready() imports them all (autodiscover), so no central list is
edited when a report is added."""

from __future__ import annotations

import importlib
import pkgutil
from typing import TypeVar

from apps.core.hooks import Registry
from apps.reports.framework.base import Report

R = TypeVar("R", bound=type[Report])

reports: Registry[type[Report]] = Registry("report", unique=True)

DEFINITIONS_PACKAGE = "apps.reports.definitions"


def register_report(report: R) -> R:
    """Class decorator: serves the report at /rest/businessReport{key}/select|show|export."""
    for attribute in ("key", "route", "title"):
        if not hasattr(report, attribute):
            raise TypeError(f"{report.__name__} names no {attribute}")
    if not report.key.isidentifier() or not report.key[:1].isupper():
        raise ValueError(f"a report key is a PascalCase word, not {report.key!r}")
    reports.register(report.key, report)
    return report


def report_for(key: str) -> type[Report] | None:
    return reports.get(key)


def report_by_route(route: str) -> type[Report] | None:
    return next((report for report in reports.by_name().values() if report.route == route), None)


def autodiscover() -> None:
    package = importlib.import_module(DEFINITIONS_PACKAGE)
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{DEFINITIONS_PACKAGE}.{module.name}")
