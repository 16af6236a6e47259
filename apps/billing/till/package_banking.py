"""Banking the project packages sold before packages were banked (decision 0038, `manage.py
bank_package_sales`): such a sale took the money and gave the member nothing to use later. Each paid
package line of a member that names no card gets its package cards now, as its payment would issue
them today: one per unit, with the package's sessions, valid for the package's days from today,
their sale entries naming the order, dated today at the order's store.

Not a data migration: a card entry is dated the day it is written, which must be an open day of its
store (a closed day never changes, and a deployment after the evening's closing finds today closed),
and the card of a sale months old should still be usable for the package's days from when the member
got it. So the cashier's supervisor runs it once after the deployment, and again for what it left:

- a store whose today is closed is left for the next day (reported);
- a line already refunded in any part is left to the store to settle by hand (reported): its money
  went back as a plain line's, and sessions issued now would be a second settlement.

A line's order is locked first and the line read again under the lock, so two runs at once bank it
once; a run again finds nothing left."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import timezone

from apps.billing.choices import LineType, OrderStatus
from apps.billing.models import Order, OrderLine, RefundLine
from apps.billing.till.checkout import cards_issued
from apps.catalog.services import package_card_type
from apps.core.audit import Actor
from apps.core.errors import DayClosed
from apps.core.transactions import use_case_atomic
from apps.members.services import member_lock


@dataclass
class Banked:
    """What a run did: the lines banked, and those it left with why."""

    banked: list[OrderLine] = field(default_factory=list)
    day_closed: list[OrderLine] = field(default_factory=list)
    refunded: list[OrderLine] = field(default_factory=list)


def unbanked_package_lines() -> list[OrderLine]:
    """The paid package lines of members that issued no card, oldest first."""
    return list(
        OrderLine.objects.filter(
            type=LineType.PROJECT_PACKAGE,
            card__isnull=True,
            order__status=OrderStatus.PAID,
            order__member__isnull=False,
        )
        .select_related("order__store")
        .order_by("order_id", "id")
    )


def _line_banked(actor: Actor, line_id: int) -> bool:
    """Issues one line's cards under its order's and member's locks; False when it has them already."""
    with use_case_atomic():
        line = OrderLine.objects.select_related("order__store").get(pk=line_id)
        order = Order.objects.select_for_update(no_key=True, of=("self",)).select_related("store").get(pk=line.order_id)
        line.refresh_from_db(fields=["card"])
        if line.card_id is not None:
            return False
        assert order.member_id is not None  # unbanked_package_lines
        member_lock(member_id=order.member_id)
        card_type = package_card_type(actor=actor, package_id=line.item_id)
        cards_issued(actor, order, line, card_type, timezone.localdate())
    return True


def package_sales_banked(*, actor: Actor) -> Banked:
    """Banks every unbanked package sale it may (see the module's doc)."""
    done = Banked()
    lines = unbanked_package_lines()
    refunded = set(RefundLine.objects.filter(order_line__in=lines).values_list("order_line_id", flat=True))
    for line in lines:
        if line.pk in refunded:
            done.refunded.append(line)
            continue
        try:
            if _line_banked(actor, line.pk):
                done.banked.append(line)
        except DayClosed:
            done.day_closed.append(line)
    return done
