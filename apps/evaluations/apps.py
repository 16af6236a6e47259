from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EvaluationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.evaluations"
    verbose_name = _("evaluations")

    def ready(self) -> None:
        from apps.billing.till.receipt_extras import register_receipt_extra
        from apps.evaluations.links import receipt_evaluation_link

        # The receipt (billing, below us) prints the member's evaluation link and its QR code.
        register_receipt_extra(receipt_evaluation_link)
