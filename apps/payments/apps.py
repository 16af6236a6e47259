from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PaymentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.payments"
    verbose_name = _("payments")

    def ready(self) -> None:
        from apps.core.ledgers import register_ledger_audit
        from apps.payments.ledger_audit import intent_differences

        register_ledger_audit("payments", intent_differences)
