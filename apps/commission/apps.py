from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CommissionConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.commission"
    verbose_name = _("staff commission")

    def ready(self) -> None:
        from apps.billing.orders.commission_periods import commission_closed
        from apps.commission.figures import is_closed

        # Billing (below us) asks before it writes a staff credit dated in a closed month.
        commission_closed.register(is_closed)
