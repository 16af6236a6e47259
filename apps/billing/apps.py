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
        from apps.billing.ledgers.stock import ORDER_DOCUMENT, REFUND_DOCUMENT
        from apps.billing.orders.names import order_numbers, owed_goods_order_numbers, refund_numbers
        from apps.billing.owed.services import OWED_DOCUMENT
        from apps.billing.refunds.approvals import REFUND_KIND
        from apps.billing.refunds.provider_refunds import on_refund_ended
        from apps.billing.till.provider_mismatch import PAYMENT_MISMATCH_TEXT, payment_mismatch_text
        from apps.billing.till.provider_payments import tender_intent_ended
        from apps.core.ledgers import register_ledger_audit
        from apps.inventory.hooks import MoveDocument, register_move_document
        from apps.messaging.system_texts import register_system_text
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
        register_system_text(PAYMENT_MISMATCH_TEXT, payment_mismatch_text)
        # The stock flow names the documents of billing's moves by their numbers (SO…, RF…); owed
        # goods handed over name the order that owed them.
        register_move_document(ORDER_DOCUMENT, MoveDocument(_("order"), order_numbers))
        register_move_document(REFUND_DOCUMENT, MoveDocument(_("refund"), refund_numbers))
        register_move_document(OWED_DOCUMENT, MoveDocument(_("order"), owed_goods_order_numbers))
