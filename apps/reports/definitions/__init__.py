"""One module per report topic; each registers its reports with
apps.reports.framework.register_report and is imported at app ready (framework.registry.autodiscover)."""
