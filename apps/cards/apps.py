from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.cards"
    verbose_name = _("member cards")

    def ready(self) -> None:
        from apps.cards.ledger_audit import card_differences
        from apps.core.ledgers import register_ledger_audit

        register_ledger_audit("cards", card_differences)
