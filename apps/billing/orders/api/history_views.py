"""A member's history and a card's orders at the caller's stores (spec §7.7; docs/api.md "A member's
history"): thin views over apps.billing.orders.member_history. Orders of another store are not
there; a member or card that does not exist answers 404, as another store's order does."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.billing.orders import member_history, selectors
from apps.billing.orders.api import history_serializers as io
from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi, without_page
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import NotFound
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.pagination import page_request_from, paginate
from apps.core.scoping import scoped_to_stores
from apps.members.selectors import member_in_chain

# The member's account page, the till, the bills list and an order's details all show her history.
HISTORY_READERS = tuple(
    dict.fromkeys(code_of(route) for route in ("/personalAccount", "/account", "/billingList", "/orderDetails"))
)


def _orders(request: Request) -> QuerySet[selectors.Order]:
    return scoped_to_stores(selectors.orders(), request)


def _member_id(filters: ValidatedData) -> int:
    member_id: int = filters["member_id"]
    if member_in_chain(member_id) is None:
        raise NotFound()
    return member_id


class MemberConsumeListApi(PagedListApi):
    """member/findMemberConsume: a member's consumption, her paid orders with the card uses."""

    required_codes = HISTORY_READERS
    filters = io.MemberConsumeInputSerializer
    schema_parameters = [io.MemberConsumeInputSerializer]
    page_output = io.MemberConsumePageOutputSerializer
    summary = "A member's consumption at the caller's stores: paid orders, their items and card uses, newest first"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return member_history.member_consumption(
            _orders(request),
            member_id=_member_id(filters),
            start_time=filters.get("start_time"),
            end_time=filters.get("end_time"),
        )

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return member_history.consumption_rows(window)


def _buy_records(request: Request, filters: ValidatedData) -> QuerySet[Any]:
    return member_history.buy_records(
        _orders(request),
        member_id=_member_id(filters),
        type=filters.get("type", ""),
        start_time=filters.get("start_time"),
        end_time=filters.get("end_time"),
    )


class BuyRecordListApi(PagedListApi):
    """buyRecordRest/list: what a member bought (cards, packages, products, top-ups)."""

    required_codes = HISTORY_READERS
    filters = io.BuyRecordListInputSerializer
    schema_parameters = [io.BuyRecordListInputSerializer]
    page_output = io.BuyRecordPageOutputSerializer
    summary = "A member's purchase records at the caller's stores, newest first"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return _buy_records(request, filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return member_history.buy_record_rows(window)


class BuyRecordCountApi(ErpApi):
    required_codes = HISTORY_READERS

    @extend_schema(
        parameters=[io.BuyRecordFilterInputSerializer],
        responses=io.BuyRecordCountOutputSerializer,
        summary="How many purchase records a member has at the caller's stores, in all and by kind",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        filters = self.parse(io.BuyRecordFilterInputSerializer, request.query_params)
        return EnvelopeResponse(member_history.buy_record_count(_buy_records(request, filters)))


class BuyRecordDetailApi(ErpApi):
    required_codes = HISTORY_READERS

    @extend_schema(
        responses=io.BuyRecordDetailOutputSerializer,
        summary="One purchase record with its staff and refunds",
    )
    def get(self, request: Request, record_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(member_history.buy_record_detail(_orders(request), record_id=record_id))


# The member account page and the till show a card's orders, as they show its ledger.
CARD_ORDER_READERS = tuple(
    dict.fromkeys(code_of(route) for route in ("/personalAccount", "/account", "/changeCard", "/orderDetails"))
)


class UserCardOrderListApi(ErpApi):
    """usercard/getOrderList: the orders that touched a member card, at the caller's stores."""

    required_codes = CARD_ORDER_READERS

    @extend_schema(
        parameters=[io.UserCardOrdersInputSerializer],
        responses=io.CardOrderPageOutputSerializer,
        summary="The caller's stores' orders that sold, topped up, spent or used a card, newest first",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        page = page_request_from(request.query_params)
        card_id = without_page(self.parse(io.UserCardOrdersInputSerializer, request.query_params))["card_id"]
        orders = member_history.card_orders(_orders(request), card_id=card_id)
        return EnvelopeResponse(paginate(orders, page, member_history.card_order_rows(card_id)))


class UserCardOrderDetailsApi(ErpApi):
    """usercard/orderDetails: one order of a card, with what it wrote on the card."""

    required_codes = CARD_ORDER_READERS

    @extend_schema(
        parameters=[io.UserCardOrderInputSerializer],
        responses=io.CardOrderDetailOutputSerializer,
        summary="One order that touched a card: the order's details and its entries on the card",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        filters = self.parse(io.UserCardOrderInputSerializer, request.query_params)
        return EnvelopeResponse(
            member_history.card_order_detail(_orders(request), card_id=filters["card_id"], order_id=filters["order_id"])
        )
