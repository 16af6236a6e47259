from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SettlementConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.settlement"
    verbose_name = _("settlement between stores")

    def ready(self) -> None:
        from apps.approvals.kinds import ApprovalKind, register_kind
        from apps.cards.hooks import card_entry_written
        from apps.core.ledgers import register_ledger_audit
        from apps.core.role_codes import SETTLEMENT_PAY
        from apps.inventory.hooks import loan_received
        from apps.settlement import statements
        from apps.settlement.audit import settlement_differences
        from apps.settlement.choices import DISPUTE_KIND
        from apps.settlement.clearing import on_card_entry, on_loan_received

        # The cards and the inventory (below us) tell us of each entry and loan in its transaction.
        card_entry_written.register(on_card_entry)
        loan_received.register(on_loan_received)
        register_ledger_audit("settlement", settlement_differences)
        register_kind(
            ApprovalKind(
                code=DISPUTE_KIND,
                name=_("dispute of a settlement statement"),
                decide_codes=(SETTLEMENT_PAY.code,),
                on_approved=statements.dispute_approved,
                on_rejected=statements.dispute_rejected,
                detail_route="/settlementStatements?statementId={subject_id}",
                describe=statements.dispute_described,
            )
        )
