from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class InventoryConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.inventory"
    verbose_name = _("inventory")

    def ready(self) -> None:
        from apps.core.ledgers import register_ledger_audit
        from apps.inventory.ledger_audit import stock_differences
        from apps.inventory.stocktake_audit import stocktake_differences

        register_ledger_audit("inventory", stock_differences)
        register_ledger_audit("stocktakes", stocktake_differences)
