"""Points exchange (积分开单, spec §2.2 /accountPoints, /paymentPoints, /orderPointsDetails): a member
exchanges points for products or projects. It is an ordinary order (`order/commit`) paid only by the
points tender (`pay/excute`, method `points`, at POINTS_PER_YUAN_PAID): those two calls already run
once per Idempotency-Key and refuse short points with MEM-40904, so what the pages lack is only the
price in points and what the member holds, which the browser must not work out from a rate it does
not know. These reads answer that (docs/api.md "Payment", points exchange)."""

from __future__ import annotations

from decimal import ROUND_CEILING, Decimal
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from apps.billing.models import Order
from apps.billing.orders.draft_pricing import draft_priced
from apps.billing.orders.lines import LineInput
from apps.billing.orders.rows import PointsDraftPriceRow, PointsQuoteRow
from apps.billing.orders.selectors import price_summary, priced_draft_row
from apps.billing.orders.services import active_member
from apps.core.errors import InvalidInput
from apps.members.models import Member, PointsEntry
from apps.members.selectors import points_entry_rows
from apps.org.models import OrgUnit


def points_quote(member: Member, amount: Decimal) -> PointsQuoteRow:
    """What `amount` costs in points and whether the member holds that many. Rounded up to a whole
    point: a points tender never pays less than the amount."""
    rate = settings.POINTS_PER_YUAN_PAID
    points = int((amount * rate).to_integral_value(rounding=ROUND_CEILING))
    return {
        "memId": member.pk,
        "memberName": member.name,
        "pointsPerYuan": rate,
        "points": points,
        "memberPoints": member.points,
        "enough": member.points >= points,
    }


def points_draft_price(*, store: OrgUnit, member_id: int | None, lines: list[LineInput]) -> PointsDraftPriceRow:
    """`pricingEngine/pointsPrice`: a member's draft priced as the commit would price it, and what
    it costs in points against the member's balance. Points are a member's: none for a walk-in."""
    if member_id is None:
        raise InvalidInput(_("points are a member's: choose the member"), field="memId")
    member = active_member(member_id)
    # Short stock is the commit's to refuse; points pay a whole order, without coupons.
    priced = draft_priced(store=store, member_id=member.pk, lines=lines, stock_checked=False).priced
    return {**priced_draft_row(priced), **points_quote(member, priced.payable)}


def points_order_member(order: Order) -> Member:
    """A points order is a member's: a walk-in holds no points (400)."""
    if order.member_id is None:
        raise InvalidInput(_("a walk-in's order cannot be paid by points"), field="orderId")
    return Member.objects.get(pk=order.member_id)


def order_points_price(order: Order) -> dict[str, Any]:
    """`pay/pointsPrice`: pay/price with the lines, the points that pay what is due, the member's
    balance, and the points ledger entries that name the order (spent on it, earned by it)."""
    member = points_order_member(order)
    entries = PointsEntry.objects.filter(order_id=order.pk).select_related("member", "store").order_by("id")
    return {
        **price_summary(order, with_lines=True),
        **points_quote(member, order.due),
        "entries": points_entry_rows(entries),
    }
