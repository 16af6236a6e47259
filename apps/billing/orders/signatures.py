"""The member's signature on an order (order/signature, pay/signStatus): a PNG from the signature
pad, stored with the order. A store that requires it (OrgUnit.signature_required) takes no payment
for an order that uses package sessions before the member has signed (apps.billing.till.checkout)."""

from __future__ import annotations

import base64
import binascii

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils.translation import gettext as _

from apps.billing.choices import PNG_MAGIC, SIGNATURE_MAX_BYTES, AuditAction, OrderStatus
from apps.billing.errors import OrderNotInState
from apps.billing.models import Order
from apps.billing.orders.paid_lines import order_lines, signature_needed
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput

DATA_URL_PREFIX = "data:image/png;base64,"


def png_from_data_url(data_url: str) -> bytes:
    """The PNG bytes of a `data:image/png;base64,...` URL (what a canvas's toDataURL gives)."""
    if not data_url.startswith(DATA_URL_PREFIX):
        raise InvalidInput(_("the signature must be a PNG image"), field="signature")
    encoded = data_url[len(DATA_URL_PREFIX) :]
    if len(encoded) > SIGNATURE_MAX_BYTES * 4 // 3 + 4:
        raise InvalidInput(_("the signature image is too large"), field="signature")
    try:
        return base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise InvalidInput(_("the signature must be a PNG image"), field="signature") from None


def _checked_png(png: bytes) -> bytes:
    if len(png) > SIGNATURE_MAX_BYTES:
        raise InvalidInput(_("the signature image is too large"), field="signature")
    # The PNG signature and its first chunk, the image header: enough to refuse anything else.
    if not png.startswith(PNG_MAGIC) or png[12:16] != b"IHDR":
        raise InvalidInput(_("the signature must be a PNG image"), field="signature")
    return png


def order_signature_save(*, actor: Actor, order_id: int, png: bytes) -> Order:
    """Keeps the member's signature on the order; a paid or cancelled order's signature is final.
    The file is written before its row: when the transaction fails after it, the file goes too."""
    png = _checked_png(png)
    written: list[str] = []
    try:
        with transaction.atomic():
            order = Order.objects.select_for_update(no_key=True).get(pk=order_id)
            if order.status in (OrderStatus.PAID, OrderStatus.CANCELLED):
                raise OrderNotInState(_("the order is already paid or cancelled"))
            replaced = order.signature.name if order.signature else None
            order.signature.save(f"order-{order.pk}.png", ContentFile(png), save=False)
            written.append(order.signature.name or "")
            order.save(update_fields=["signature", "updated_at"])
            if replaced:  # the file a new signature replaced goes once the new one is committed
                storage = order.signature.storage
                transaction.on_commit(lambda: storage.delete(replaced))
            audit_record(actor=actor, action=AuditAction.ORDER_SIGNED, target=order, detail={"bytes": len(png)})
    except BaseException:
        for name in filter(None, written):
            Order.signature.field.storage.delete(name)
        raise
    return order


def signature_status(order: Order) -> dict[str, bool]:
    """Whether the order needs the member's signature before it is paid, and whether it has one."""
    return {"required": signature_needed(order, order_lines(order)), "signed": bool(order.signature)}
