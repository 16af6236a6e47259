from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GroupbuyConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.groupbuy"
    verbose_name = _("group-buy write-off")
