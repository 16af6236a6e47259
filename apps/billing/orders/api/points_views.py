"""Points exchange reads (docs/api.md "Payment", points exchange): the price of a draft or an order
in points, and the member's balance. Committing and paying are order/commit and pay/excute."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.billing.orders.api import serializers as io
from apps.billing.orders.api.drafts import draft_arguments, my_order
from apps.billing.orders.api.views import CASHIER, ORDER_DETAILS
from apps.billing.orders.points_exchange import order_points_price, points_draft_price
from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.page_registry import code_of
from apps.org.selectors import store_acted_in

# /paymentPoints is the cashier's code; /orderPointsDetails is the order details' code.
POINTS_ORDER = (*CASHIER, *ORDER_DETAILS, code_of("/orderPointsDetails"))


class PointsDraftPriceApi(ErpApi):
    """/accountPoints' live price: the draft priced as the commit would price it, in points."""

    required_codes = CASHIER

    @extend_schema(
        request=io.OrderDraftInputSerializer,
        responses=io.PointsDraftPriceOutputSerializer,
        summary="Price a member's draft order in points, with the member's balance (nothing saved)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        draft = draft_arguments(self.parse(io.OrderDraftInputSerializer, request.data))
        store = store_acted_in(session_of(request))
        return EnvelopeResponse(points_draft_price(store=store, member_id=draft["member_id"], lines=draft["lines"]))


class OrderPointsPriceApi(ErpApi):
    required_codes = POINTS_ORDER

    @extend_schema(
        responses=io.PointsOrderPriceOutputSerializer,
        summary="An order's price in points, the member's balance and the points entries naming it",
    )
    def get(self, request: Request, order_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(order_points_price(my_order(request, order_id)))
