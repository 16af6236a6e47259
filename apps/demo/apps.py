from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The demo chain (`manage.py seed_demo`): on the top floor (docs/architecture.md), it runs every
    app's demo data in dependency order."""

    name = "apps.demo"
    label = "demo"
    verbose_name = "Demo"
