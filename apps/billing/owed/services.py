"""The member takes owed goods (欠货; issue 15, docs/decisions/0018-stock-at-the-till.md): a paid
line marked "take later" owes its goods (apps.billing.ledgers.stock writes the owed row), and each taking
is an `owed_pickup` move naming the owed row (document_kind "owed")."""

from __future__ import annotations

from collections.abc import Collection

from django.utils.translation import gettext as _

from apps.billing.choices import AuditAction
from apps.billing.errors import OwedTooMuch
from apps.billing.models import OwedGoods
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput, NotFound
from apps.core.transactions import use_case_atomic
from apps.inventory.choices import MoveKind
from apps.inventory.services import MoveLine, record_moves

OWED_DOCUMENT = "owed"


def owed_take(*, actor: Actor, owed_id: int, qty: int, store_ids: Collection[int] | None = None) -> OwedGoods:
    """The member takes `qty` of an owed row (of one of `store_ids`; another store's is not found):
    under the row's lock, never more than is left (409 ORD-40904), one `owed_pickup` move (409
    STOCK-40901 where the store does not allow negative stock and holds too little)."""
    if qty < 1:
        raise InvalidInput(_("take at least 1"), field="qty")
    with use_case_atomic():
        found = OwedGoods.objects.select_for_update(of=("self",)).select_related("store", "order", "product")
        found = found.filter(pk=owed_id)
        owed = (found.filter(store_id__in=store_ids) if store_ids is not None else found).first()
        if owed is None:
            raise NotFound()
        if qty > owed.left:
            raise OwedTooMuch(
                _("only %(left)s of %(name)s are owed") % {"left": owed.left, "name": owed.product.name},
                data={"left": owed.left},
            )
        owed.taken += qty
        owed.save(update_fields=["taken", "updated_at"])
        record_moves(
            actor=actor,
            store=owed.store,
            kind=MoveKind.OWED_PICKUP,
            document_kind=OWED_DOCUMENT,
            document_id=owed.pk,
            lines=[MoveLine(owed.product_id, -qty * owed.product.use_per_unit, remark=owed.order.order_no or "")],
        )
        audit_record(
            actor=actor,
            action=AuditAction.OWED_TAKEN,
            target=owed.order,
            detail={
                "owedId": owed.pk,
                "orderNo": owed.order.order_no,
                "productId": owed.product_id,
                "qty": qty,
                "taken": owed.taken,
                "left": owed.left,
            },
        )
    return owed
