from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BillingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.billing"
    verbose_name = _("billing")

    def ready(self) -> None:
        from apps.approvals.kinds import register_kind
        from apps.billing.closing.ledger_audit import (
            closing_differences,
            deposit_differences,
            order_differences,
            payment_differences,
            refund_differences,
        )
        from apps.billing.closing.reopen_requests import DAY_REOPEN_APPROVAL
        from apps.billing.closing.stock_audit import stock_sale_differences
        from apps.billing.refunds.approvals import REFUND_KIND
        from apps.billing.refunds.provider_refunds import on_refund_ended
        from apps.billing.till.provider_payments import tender_intent_ended
        from apps.core.ledgers import register_ledger_audit
        from apps.payments.services import register_intent_listener, register_refund_listener

        register_ledger_audit("orders", order_differences)
        register_ledger_audit("daily closings", closing_differences)
        register_ledger_audit("refunds", refund_differences)
        register_ledger_audit("provider payments and refunds", payment_differences)
        register_ledger_audit("billing stock", stock_sale_differences)
        register_ledger_audit("intention deposits", deposit_differences)
        # The payments app tells billing how a provider tender's payment and a refund tender's refund end.
        register_intent_listener(tender_intent_ended)
        register_refund_listener(on_refund_ended)
        # A refund above the store's amount asked for without the owner's code waits in the approval centre.
        register_kind(REFUND_KIND)
        # Anyone refused by a closed day (or a principal who closed it early) asks the owner to reopen it.
        register_kind(DAY_REOPEN_APPROVAL)
