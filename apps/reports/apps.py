from django.apps import AppConfig


class ReportsConfig(AppConfig):
    """Read-only views over every app below (docs/architecture.md, floor 10); today the owner's
    shop-management overview, which reads the stores from org and today's rota from booking."""

    name = "apps.reports"
    label = "reports"
    verbose_name = "Reports"
