from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MembersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.members"
    verbose_name = _("members")

    def ready(self) -> None:
        from apps.core.ledgers import register_ledger_audit
        from apps.members.ledger_audit import points_differences
        from apps.members.phone_watch import PHONE_VIEWS_TEXT, phone_views_text
        from apps.messaging.system_texts import register_system_text

        register_ledger_audit("points", points_differences)
        register_system_text(PHONE_VIEWS_TEXT, phone_views_text)
