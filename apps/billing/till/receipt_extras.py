"""What apps above billing print at the foot of a receipt (pay/print), through a hook: evaluations
prints the member's link to rate the visit, with its QR code. Each registered reader is asked for
the order and answers a block to print, or None when it has nothing for this order."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from apps.billing.models import Order
from apps.core.hooks import Listeners


class ReceiptExtra(TypedDict):
    """A block at the foot of the receipt: a heading, a line of text, an address and its QR image
    (an SVG data URL drawn by the server: docs/decisions/0014-qr-codes.md)."""

    title: str
    text: str
    url: str
    qr_image: str


# order, and the absolute address of a path on this server (the receipt is read on another device).
ReceiptExtraReader = Callable[[Order, Callable[[str], str]], ReceiptExtra | None]

_readers: Listeners[ReceiptExtraReader] = Listeners()


def register_receipt_extra(reader: ReceiptExtraReader) -> None:
    _readers.register(reader)


def receipt_extras(order: Order, absolute_url: Callable[[str], str]) -> list[ReceiptExtra]:
    return [extra for reader in _readers if (extra := reader(order, absolute_url)) is not None]
