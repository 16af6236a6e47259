from django.apps import AppConfig


class OrgConfig(AppConfig):
    name = "apps.org"
    label = "org"
    verbose_name = "Organisation"
