from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CatalogConfig(AppConfig):
    name = "apps.catalog"
    label = "catalog"
    verbose_name = _("Catalogue")

    def ready(self) -> None:
        from apps.catalog.models import Project
        from apps.org.hooks import register_project_exists

        # org (below) checks an employee's service duration names a project through this hook.
        register_project_exists(lambda project_id: Project.objects.filter(pk=project_id).exists())
