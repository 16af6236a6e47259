"""Orders for the payment tests, written straight into the tables with the amounts given: what
order/commit would have priced (apps.billing.orders.pricing is tested on its own)."""

from __future__ import annotations

import base64
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import count

from django.utils import timezone

from apps.billing.choices import LineType
from apps.billing.models import ZERO, Order, OrderLine, OrderLineStaff
from apps.cards.models import Card
from apps.catalog.models import CardType
from apps.inventory.tests.factories import stocked
from apps.members.models import Member
from apps.org.models import OrgUnit
from apps.staff.models import Employee

_numbers = count(1)


@dataclass
class Line:
    type: str
    item_id: int | None
    amount: Decimal
    qty: int = 1
    unit_price: Decimal | None = None
    card: Card | None = None
    staff: Sequence[tuple[Employee, str]] = field(default_factory=list)
    name: str = "item"


def product(
    amount: str, *, staff: Sequence[tuple[Employee, str]] = (), item_id: int | None = None, card: Card | None = None
) -> Line:
    """A product line; `card`: the stored-value card it is paid from (priced with its discount).
    Without `item_id`, a product the order's store holds 1,000 of (a paid order's goods leave stock)."""
    return Line(LineType.PRODUCT, item_id, Decimal(amount), card=card, staff=staff, name="洗发水")


def project(
    amount: str, *, staff: Sequence[tuple[Employee, str]] = (), item_id: int = 1, card: Card | None = None
) -> Line:
    return Line(LineType.PROJECT, item_id, Decimal(amount), card=card, staff=staff, name="头皮护理")


def sessions(card: Card, *, qty: int = 1, price: str = "100.00", staff: Sequence[tuple[Employee, str]] = ()) -> Line:
    """A project of the package card paid by `qty` of its sessions (amount 0)."""
    project_id = card.sessions.order_by("id").values_list("project_id", flat=True)[0]
    return Line(
        LineType.PROJECT, project_id, ZERO, qty=qty, unit_price=Decimal(price), card=card, staff=staff, name="疗程"
    )


def card_bought(card_type: CardType, amount: str, *, qty: int = 1, staff: Sequence[tuple[Employee, str]] = ()) -> Line:
    return Line(LineType.CARD_TYPE, card_type.pk, Decimal(amount), qty=qty, staff=staff, name=card_type.name)


def top_up(card: Card, amount: str, *, staff: Sequence[tuple[Employee, str]] = ()) -> Line:
    return Line(LineType.TOP_UP, card.card_type_id, Decimal(amount), card=card, staff=staff, name="充值")


def order_of(*, store: OrgUnit, member: Member | None = None, lines: Sequence[Line]) -> Order:
    """An unpaid order of `store` for `member` (a walk-in without one) with these lines."""
    total = sum(((line.unit_price or line.amount) * line.qty for line in lines), ZERO)
    payable = sum((line.amount for line in lines), ZERO)
    order = Order.objects.create(
        order_no=f"SOT{next(_numbers):08d}",
        store=store,
        member=member,
        name=member.name if member else "路人",
        phone=member.phone if member else "13900000000",
        total=total,
        discount=total - payable,
        payable=payable,
        business_date=timezone.localdate(),
    )
    for line in lines:
        unit_price = line.unit_price if line.unit_price is not None else line.amount / line.qty
        item_id = line.item_id if line.item_id is not None else stocked(store, "1000").pk
        row = OrderLine.objects.create(
            order=order,
            type=line.type,
            item_id=item_id,
            name=line.name,
            qty=line.qty,
            unit_price=unit_price,
            discount=unit_price * line.qty - line.amount,
            amount=line.amount,
            card=line.card,
        )
        for employee, share in line.staff:
            OrderLineStaff.objects.create(line=row, employee=employee, share=Decimal(share))
    return order


def png(width: int = 4, height: int = 2) -> bytes:
    """A small valid PNG (grey, 8 bits), as a signature pad would send."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    pixels = b"".join(b"\x00" + b"\xff" * width for _ in range(height))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels)) + chunk(b"IEND", b"")


def data_url(image: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(image).decode()
