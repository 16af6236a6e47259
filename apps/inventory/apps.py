from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class InventoryConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.inventory"
    verbose_name = _("inventory")

    def ready(self) -> None:
        from apps.approvals.kinds import ApprovalKind, register_kind
        from apps.core.ledgers import register_ledger_audit
        from apps.core.role_codes import STOCKTAKE_APPROVE
        from apps.inventory import stocktakes
        from apps.inventory.choices import STOCKTAKE_APPROVAL_KIND
        from apps.inventory.hooks import MoveDocument, register_move_document
        from apps.inventory.ledger_audit import stock_differences
        from apps.inventory.names import stocktake_numbers
        from apps.inventory.safety import BELOW_SAFETY_TEXT, below_safety_text
        from apps.inventory.stocktake_audit import stocktake_differences
        from apps.messaging.system_texts import register_system_text

        register_ledger_audit("inventory", stock_differences)
        register_ledger_audit("stocktakes", stocktake_differences)
        register_system_text(BELOW_SAFETY_TEXT, below_safety_text)
        register_move_document(stocktakes.STOCKTAKE_MOVES, MoveDocument(_("stocktake"), stocktake_numbers))
        # A submitted stocktake's differences wait in the approval centre too (apps.inventory.stocktakes).
        register_kind(
            ApprovalKind(
                code=STOCKTAKE_APPROVAL_KIND,
                name=_("stocktake differences"),
                decide_codes=(STOCKTAKE_APPROVE.code,),
                on_approved=stocktakes.stocktake_request_approved,
                on_rejected=stocktakes.stocktake_request_rejected,
                detail_route="/inventoryDetail?stocktakeId={subject_id}",
                describe=stocktakes.stocktake_described,
            )
        )
