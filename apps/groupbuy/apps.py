from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GroupbuyConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.groupbuy"
    verbose_name = _("group-buy write-off")

    def ready(self) -> None:
        from apps.billing.choices import OpenItemKind
        from apps.billing.closing.open_items import register_open_items
        from apps.core.ledgers import register_ledger_audit
        from apps.groupbuy.day_items import unserved_of_day
        from apps.groupbuy.ledger_audit import group_buy_differences
        from apps.groupbuy.write_offs import WRITE_OFF_MISMATCH_TEXT, write_off_mismatch_text
        from apps.messaging.system_texts import register_system_text

        register_ledger_audit("group-buy", group_buy_differences)
        register_system_text(WRITE_OFF_MISMATCH_TEXT, write_off_mismatch_text)
        # The daily closing lists the day's coupons written off and not served (billing is below us).
        register_open_items(OpenItemKind.GROUP_BUY, unserved_of_day)
