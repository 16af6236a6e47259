from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.cards"
    verbose_name = _("member cards")

    def ready(self) -> None:
        from apps.approvals.kinds import ApprovalKind, register_kind
        from apps.cards import asset_transfers, move_in, transfer_approval
        from apps.cards.choices import ASSET_TRANSFER_KIND, CARD_TRANSFER_KIND
        from apps.cards.ledger_audit import card_differences
        from apps.core.ledgers import register_ledger_audit
        from apps.core.role_codes import ASSET_TRANSFER_APPROVE, CARD_TRANSFER_APPROVE, MOVE_IN_APPROVE
        from apps.members.choices import MOVE_IN_APPROVAL_KIND

        register_ledger_audit("cards", card_differences)
        register_kind(
            ApprovalKind(
                code=ASSET_TRANSFER_KIND,
                name=_("asset transfer"),
                decide_codes=(ASSET_TRANSFER_APPROVE.code,),
                on_approved=asset_transfers.on_approved,
                on_rejected=asset_transfers.on_rejected,
                detail_route="/asstesDetail?id={subject_id}",
                describe=asset_transfers.describe,
            )
        )
        # The member move-in's approval opens cards, so its kind is registered here (apps.cards.move_in).
        register_kind(
            ApprovalKind(
                code=MOVE_IN_APPROVAL_KIND,
                name=_("member move-in"),
                decide_codes=(MOVE_IN_APPROVE.code,),
                on_approved=move_in.move_in_approved,
                on_rejected=move_in.move_in_sent_back,
                detail_route="/moveInDetail?id={subject_id}",
                describe=move_in.move_in_described,
            )
        )
        # A card transfer in a store whose transfers need the owner's approval (apps.cards.transfer_approval).
        register_kind(
            ApprovalKind(
                code=CARD_TRANSFER_KIND,
                name=_("card transfer"),
                decide_codes=(CARD_TRANSFER_APPROVE.code,),
                on_approved=transfer_approval.on_approved,
                on_rejected=transfer_approval.on_rejected,
                detail_route="/transfercard?cardId={subject_id}",
                describe=transfer_approval.describe,
            )
        )
