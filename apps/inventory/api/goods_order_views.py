"""Ordering goods from head office (spec DHJL-*, docs/api.md "Ordering goods"): thin views over
apps.inventory.goods_orders and apps.inventory.goods_order_selectors. A store sees its own orders;
head office (a level above the stores) sees the orders of the stores under it."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import NotFound
from apps.core.idempotency import idempotent
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.role_codes import GOODS_ORDER_CONFIRM, GOODS_ORDER_MARK_PAID, GOODS_ORDER_PLACE, GOODS_ORDER_SHIP
from apps.core.scoping import chosen_store_id, get_in_scope, scoped_to_stores
from apps.inventory import goods_order_selectors as selectors
from apps.inventory import receipt_selectors
from apps.inventory.api import receipt_serializers as io
from apps.inventory.goods_orders import (
    OrderLineInput,
    ReceiveLineInput,
    goods_order_cancel,
    goods_order_confirm,
    goods_order_mark_paid,
    goods_order_receive,
    goods_order_save,
    goods_order_ship,
    goods_order_submit,
)
from apps.inventory.rows import GoodsOrderDetailRow
from apps.org.selectors import store_acted_in

LISTS = (code_of("/bookProdLst"),)
DETAILS = (code_of("/bookProdDetail"),)
CATALOGUE = (code_of("/bookProdLst"), code_of("/bookProdDetail"))
# Receiving a shipped order is goods in: the goods-in page's code.
RECEIVE = (code_of("/storageDetail"),)


def _order(request: Request, order_id: int) -> selectors.GoodsOrder:
    return get_in_scope(selectors.goods_orders_with_store(), request, pk=order_id)


def _detail(order: selectors.GoodsOrder) -> GoodsOrderDetailRow:
    return selectors.goods_order_detail_by_id(order_id=order.pk)


class _OrderListApi(PagedListApi):
    required_codes = LISTS
    filters = io.GoodsOrderListInputSerializer
    schema_parameters = [io.GoodsOrderListInputSerializer]
    page_output = io.GoodsOrderPageOutputSerializer

    def orders(self, request: Request) -> QuerySet[selectors.GoodsOrder]:
        raise NotImplementedError

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[selectors.GoodsOrder]:
        store_id = filters.get("storeId")
        if store_id is not None and store_id not in session_of(request).store_ids:
            raise NotFound()
        return selectors.goods_order_search(
            self.orders(request),
            status=filters.get("status", ""),
            payment_status=filters.get("paymentStatus", ""),
            number=filters.get("number", ""),
            store_id=store_id,
            start_date=filters.get("startDate"),
            end_date=filters.get("endDate"),
        )

    def render_rows(self, window: Any) -> list[Any]:
        return selectors.goods_order_rows(window)


class GoodsOrderListApi(_OrderListApi):
    summary = "The chosen store's goods orders, newest first (/bookProdLst)"

    def orders(self, request: Request) -> QuerySet[selectors.GoodsOrder]:
        return selectors.store_goods_orders(store_id=store_acted_in(session_of(request)).pk)


class GoodsOrderHeadOfficeListApi(_OrderListApi):
    summary = "The goods orders of every store under the chosen level, drafts left out (/bookProdLstNew)"

    def orders(self, request: Request) -> QuerySet[selectors.GoodsOrder]:
        return selectors.head_office_orders(scoped_to_stores(selectors.goods_orders(), request))


class GoodsOrderDetailApi(ErpApi):
    required_codes = DETAILS

    @extend_schema(
        parameters=[io.GoodsOrderIdInputSerializer],
        responses=io.GoodsOrderDetailOutputSerializer,
        summary="One goods order with its lines, amounts and payment status",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        order_id = self.parse(io.GoodsOrderIdInputSerializer, request.query_params)["id"]
        return EnvelopeResponse(selectors.goods_order_detail(_order(request, order_id)))


class CatalogueApi(PagedListApi):
    required_codes = CATALOGUE
    summary = "Head office's catalogue to order from, with the chosen store's suggested quantities"
    filters = io.CatalogueInputSerializer
    schema_parameters = [io.CatalogueInputSerializer]
    page_output = io.CataloguePageOutputSerializer

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[selectors.Product]:
        self.store_id = chosen_store_id(request)
        return selectors.catalogue(
            store_id=self.store_id, keyword=filters.get("keyword", ""), use_type=filters.get("useType", "")
        )

    def render_rows(self, window: Any) -> list[Any]:
        return selectors.catalogue_rows(window, self.store_id)


class CatalogueProductApi(ErpApi):
    required_codes = DETAILS

    @extend_schema(
        parameters=[io.CatalogueProductInputSerializer],
        responses=io.CatalogueRowOutputSerializer,
        summary="One catalogue product as a store orders it (/structureProductDetail, /aestheticProductDetail)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        product_id = self.parse(io.CatalogueProductInputSerializer, request.query_params)["productId"]
        store_id = chosen_store_id(request)
        row = selectors.catalogue_product_row(store_id=store_id, product_id=product_id)
        if row is None:
            raise NotFound()
        return EnvelopeResponse(row)


class GoodsOrderSaveApi(ErpApi):
    required_codes = (GOODS_ORDER_PLACE.code,)

    @extend_schema(
        request=io.GoodsOrderSaveInputSerializer,
        responses=io.GoodsOrderDetailOutputSerializer,
        summary="Create a draft goods order of the chosen store, or change its draft's lines (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.GoodsOrderSaveInputSerializer, request.data)
        order_id = data.get("id")
        if order_id is not None:
            _order(request, order_id)  # another store's order is a missing one
        order = goods_order_save(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            order_id=order_id,
            remark=data.get("remark", ""),
            lines=[OrderLineInput(line["productId"], line["quantity"]) for line in data["lines"]],
        )
        return EnvelopeResponse(_detail(order), message=_("saved"))


class GoodsOrderSubmitApi(ErpApi):
    required_codes = (GOODS_ORDER_PLACE.code,)

    @extend_schema(
        request=io.GoodsOrderIdInputSerializer,
        responses=io.GoodsOrderDetailOutputSerializer,
        summary="Send a draft goods order to head office",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        order_id = self.parse(io.GoodsOrderIdInputSerializer, request.data)["id"]
        order = goods_order_submit(actor=self.actor(), order=_order(request, order_id))
        return EnvelopeResponse(_detail(order), message=_("the goods order is submitted"))


class GoodsOrderCancelApi(ErpApi):
    required_codes = (GOODS_ORDER_PLACE.code, GOODS_ORDER_CONFIRM.code)

    @extend_schema(
        request=io.GoodsOrderCancelInputSerializer,
        responses=io.GoodsOrderDetailOutputSerializer,
        summary="Cancel a goods order (a store until head office confirms it; head office until it ships)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.GoodsOrderCancelInputSerializer, request.data)
        by_head_office = chosen_store_id(request) is None
        order = goods_order_cancel(
            actor=self.actor(),
            order=_order(request, data["id"]),
            by_head_office=by_head_office,
            reason=data.get("reason", ""),
        )
        return EnvelopeResponse(_detail(order), message=_("the goods order is cancelled"))


class GoodsOrderConfirmApi(ErpApi):
    required_codes = (GOODS_ORDER_CONFIRM.code,)

    @extend_schema(
        request=io.GoodsOrderConfirmInputSerializer,
        responses=io.GoodsOrderDetailOutputSerializer,
        summary="Head office confirms a submitted order, possibly changing its quantities",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.GoodsOrderConfirmInputSerializer, request.data)
        order = goods_order_confirm(
            actor=self.actor(),
            order=_order(request, data["id"]),
            quantities={line["lineId"]: line["quantity"] for line in data.get("lines", [])},
        )
        return EnvelopeResponse(_detail(order), message=_("the goods order is confirmed"))


class GoodsOrderShipApi(ErpApi):
    required_codes = (GOODS_ORDER_SHIP.code,)

    @extend_schema(
        request=io.GoodsOrderIdInputSerializer,
        responses=io.GoodsOrderDetailOutputSerializer,
        summary="Head office ships a confirmed order (the confirmed quantities)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        order_id = self.parse(io.GoodsOrderIdInputSerializer, request.data)["id"]
        order = goods_order_ship(actor=self.actor(), order=_order(request, order_id))
        return EnvelopeResponse(_detail(order), message=_("the goods order is shipped"))


class GoodsOrderMarkPaidApi(ErpApi):
    required_codes = (GOODS_ORDER_MARK_PAID.code,)

    @extend_schema(
        request=io.GoodsOrderPaidInputSerializer,
        responses=io.GoodsOrderDetailOutputSerializer,
        summary="Head office records the store's payment of a confirmed, shipped or received order",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.GoodsOrderPaidInputSerializer, request.data)
        order = goods_order_mark_paid(
            actor=self.actor(), order=_order(request, data["id"]), reference=data.get("reference", "")
        )
        return EnvelopeResponse(_detail(order), message=_("the goods order is marked paid"))


class GoodsOrderReceiveApi(ErpApi):
    required_codes = RECEIVE

    @extend_schema(
        request=io.GoodsOrderReceiveInputSerializer,
        responses={201: io.GoodsOrderReceivedOutputSerializer},
        summary="The store receives a shipped order as goods in (Idempotency-Key; a second receipt: 409 STOCK-40904)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.GoodsOrderReceiveInputSerializer, request.data)
        order = _order(request, data["id"])
        if chosen_store_id(request) != order.store_id:
            raise NotFound()  # only the store itself receives its goods
        order, document = goods_order_receive(
            actor=self.actor(),
            order=order,
            remark=data.get("remark", ""),
            lines=[
                ReceiveLineInput(line["lineId"], line.get("batchNo", ""), line.get("expiryDate"))
                for line in data.get("lines", [])
            ],
        )
        receipt = receipt_selectors.receipt_detail_by_id(document_id=document.pk)
        return EnvelopeResponse({"order": _detail(order), "receipt": receipt}, message=_("goods received"), status=201)
