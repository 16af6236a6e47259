from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"
    label = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        # The `<id:...>` path converter must exist before any URLconf is read.
        from apps.core import converters  # noqa: F401
