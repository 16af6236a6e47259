"""What the order, till and points views read from a request alike: a draft body as the services'
arguments, the gift permission a draft with a free line needs, and an order of the caller's stores.
Their views import these from here, not from one another."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.billing.orders import selectors, services
from apps.billing.orders.lines import LineInput
from apps.core.errors import PermissionRefused
from apps.core.json_types import ValidatedData
from apps.core.role_codes import ORDER_GIFT
from apps.core.scoping import get_in_scope


def gifts_allowed(request: Request, data: ValidatedData) -> None:
    """A gift line (given free with the sale) needs BTN-KDJC-ORDER-GIFT, for pricing as for the commit."""
    if any(line.get("gift") for line in data["lines"]) and ORDER_GIFT.code not in session_of(request).codes:
        raise PermissionRefused(_("giving an item free needs the gift permission"))


def draft_arguments(data: ValidatedData) -> dict[str, Any]:
    """The service's keyword arguments from a parsed draft body."""
    walk_in = data.get("walk_in")
    return {
        "member_id": data.get("member_id"),
        "walk_in": services.WalkIn(**walk_in) if walk_in is not None else None,
        "lines": [LineInput.from_wire(line) for line in data["lines"]],
        "coupon_ids": data.get("coupon_ids", []),
    }


def my_order(request: Request, order_id: int) -> selectors.Order:
    return get_in_scope(selectors.orders(), request, pk=order_id)
