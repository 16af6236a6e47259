from django.apps import AppConfig


class ReportsConfig(AppConfig):
    """Read-only views over every app below (docs/architecture.md, floor 10): the owner's
    shop-management overview, the system log, the business reports (apps.reports.framework, each
    report a module of apps.reports.definitions), the download centre (apps.reports.exports, and
    apps.reports.list_exports for the lists' exports too large to answer at once), and the summaries
    the reports read (apps.reports.summaries), with their ledger audit and the text of their nightly
    check's task."""

    name = "apps.reports"
    label = "reports"
    verbose_name = "Reports"

    def ready(self) -> None:
        from apps.core.excel import large_exports
        from apps.core.ledgers import register_ledger_audit
        from apps.messaging.system_texts import register_system_text
        from apps.reports.choices import SUMMARY_DIFFERENCE_TEXT
        from apps.reports.framework.registry import autodiscover
        from apps.reports.list_exports import list_export_queue
        from apps.reports.summaries.audit import summary_differences
        from apps.reports.summaries.services import summary_difference_text

        autodiscover()
        large_exports.register(list_export_queue)
        register_ledger_audit("summaries", summary_differences)
        register_system_text(SUMMARY_DIFFERENCE_TEXT, summary_difference_text)
