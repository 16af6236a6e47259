"""Orders for tests, committed through the service so each is priced and logged as the cashier's
would be. Payment tests start from `committed_order` and pay it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils import timezone

from apps.billing.closing.selectors import Day, cash_expected, tender_totals
from apps.billing.models import Order
from apps.billing.orders.lines import LineInput, StaffShare
from apps.billing.orders.services import WalkIn, order_commit
from apps.catalog.models import Product
from apps.core.audit import Actor
from apps.inventory.tests.factories import stocked
from apps.members.models import Member
from apps.members.tests.factories import MemberFactory
from apps.org.models import OrgUnit
from apps.org.tests.factories import StoreFactory

CASHIER = Actor(login_name="SY00002")


def line(
    type: str = "product",
    item: Any = None,
    *,
    qty: int = 1,
    card: Any = None,
    amount: str | None = None,
    staff: list[tuple[Any, str]] | None = None,
    gift: bool = False,
    gift_reason: str = "",
    package_line: int | None = None,
) -> LineInput:
    """A draft line: `item` a catalogue item (or its id), `card` a Card (or its id), `staff` as
    [(employee, "0.5"), ...], `package_line` the index of the package line whose session serves it."""
    return LineInput(
        type=type,
        qty=qty,
        item_id=getattr(item, "pk", item),
        card_id=getattr(card, "pk", card),
        amount=Decimal(amount) if amount is not None else None,
        staff=None if staff is None else tuple(StaffShare(getattr(e, "pk", e), Decimal(s)) for e, s in staff),
        gift=gift,
        gift_reason=gift_reason,
        package_line=package_line,
    )


def cash_in_till(store: OrgUnit) -> Decimal:
    """The cash the store's till should hold from today before a test takes any: the demo sells its
    cards through orders paid in cash (apps.billing.demo)."""
    return cash_expected(tender_totals(Day(store.pk, timezone.localdate())))


def committed_order(
    *,
    store: OrgUnit | None = None,
    member: Member | None = None,
    walk_in: bool = False,
    lines: list[LineInput] | None = None,
    reservation_id: int | None = None,
    actor: Actor = CASHIER,
    **kwargs: Any,
) -> Order:
    """An unpaid order at `store` for `member` (a new one unless `walk_in`), of `lines` (one product
    at 100.00 by default), committed through order_commit."""
    store = store or StoreFactory.create()
    if not walk_in and member is None:
        member = MemberFactory.create(home_store=store)
    if lines is None:
        product: Product = stocked(store, "1000", price=Decimal("100.00"))
        lines = [line("product", product)]
    return order_commit(
        actor=actor,
        store=store,
        member_id=member.pk if member is not None else None,
        walk_in=WalkIn(name="路人", area_code="0086", phone="13912345678") if walk_in else None,
        reservation_id=reservation_id,
        lines=lines,
        **kwargs,
    )
