from django.apps import AppConfig


class PagesConfig(AppConfig):
    """Page serving (spec §2): the routes every app declares, the server guard, /404 and the error
    handlers. On the top floor (docs/architecture.md): it reads the visitor's session from accounts."""

    name = "apps.pages"
    label = "pages"
    verbose_name = "Pages"
