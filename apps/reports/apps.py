from django.apps import AppConfig


class ReportsConfig(AppConfig):
    """Read-only views over every app below (docs/architecture.md, floor 10): the owner's
    shop-management overview, the system log, the business reports (apps.reports.framework, each
    report a module of apps.reports.definitions) and the download centre (apps.reports.exports)."""

    name = "apps.reports"
    label = "reports"
    verbose_name = "Reports"

    def ready(self) -> None:
        from apps.reports.framework.registry import autodiscover

        autodiscover()
