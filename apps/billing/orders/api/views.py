"""Order and pricing calls (spec §7.8, contract §8, docs/api.md "Orders and pricing"): thin views
over apps.billing.orders: selectors (reads), lines and pricing (the live totals) and services (writes).
Everything is scoped to the chosen store; another store's order or reservation answers 404."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.billing.orders import order_checks, selectors, services, staff_change
from apps.billing.orders.api import serializers as io
from apps.billing.orders.api.drafts import draft_arguments, gifts_allowed, my_order
from apps.billing.orders.lines import LineInput, StaffShare
from apps.billing.orders.rows import OrderRow
from apps.core.api.base import ErpApi
from apps.core.api.downloads import XLSX_DOWNLOAD
from apps.core.api.lists import PagedListApi, without_page
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import NotFound
from apps.core.excel import Column, Kind, xlsx_response
from apps.core.files import file_response
from apps.core.idempotency import idempotent
from apps.core.page_registry import code_of
from apps.core.pagination import page_request_from, paginate
from apps.core.role_codes import CREDIT_MOVE
from apps.core.scoping import scoped_to_stores
from apps.org.selectors import store_acted_in

CASHIER = (code_of("/account"),)
BILLS = (code_of("/billingList"),)
ORDER_DETAILS = (code_of("/orderDetails"),)


class OrderCommitApi(ErpApi):
    required_codes = CASHIER

    @extend_schema(
        request=io.OrderDraftInputSerializer,
        responses={201: io.CommittedOrderOutputSerializer},
        summary="Commit an unpaid order priced by the server (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.OrderDraftInputSerializer, request.data)
        gifts_allowed(request, data)
        order = services.order_commit(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            reservation_id=data.get("reservation_id"),
            remark=data.get("remark", ""),
            **draft_arguments(data),
        )
        return EnvelopeResponse(selectors.committed_row(order), message=_("saved"), status=201)


class OrderCancelApi(ErpApi):
    required_codes = CASHIER

    @extend_schema(
        request=io.OrderIdInputSerializer,
        responses=io.OrderRowOutputSerializer,
        summary="Cancel an unpaid order that took no tender",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        order_id = self.parse(io.OrderIdInputSerializer, request.data)["order_id"]
        order = services.order_cancel(actor=self.actor(), order=my_order(request, order_id))
        return EnvelopeResponse(selectors.order_row(order), message=_("cancelled"))


class OrderDraftPriceApi(ErpApi):
    """The cashier's live totals: the draft priced as the commit would price it, nothing saved."""

    required_codes = CASHIER

    @extend_schema(
        request=io.OrderDraftInputSerializer,
        responses=io.PricedDraftOutputSerializer,
        summary="Price a draft order without saving it (the cashier's live totals)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.OrderDraftInputSerializer, request.data)
        gifts_allowed(request, data)
        draft = draft_arguments(data)
        priced = services.draft_price(
            store=store_acted_in(session_of(request)),
            member_id=draft["member_id"],
            lines=draft["lines"],
            coupon_ids=draft["coupon_ids"],
        )
        return EnvelopeResponse(selectors.priced_draft_row(priced))


class UsableCouponsApi(ErpApi):
    """The till's coupon picker: the member's coupons usable today, each tried alone on the draft's
    lines (what it would take off, or why not); nothing is used."""

    required_codes = CASHIER

    @extend_schema(
        request=io.OrderDraftInputSerializer,
        responses=io.UsableCouponOutputSerializer(many=True),
        summary="The member's usable coupons for a draft order, each with its discount or why it cannot apply",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.OrderDraftInputSerializer, request.data)
        draft = draft_arguments(data)
        fits = services.draft_coupon_fits(
            store=store_acted_in(session_of(request)), member_id=draft["member_id"], lines=draft["lines"]
        )
        return EnvelopeResponse(selectors.usable_coupon_rows(fits))


class OrderListApi(PagedListApi):
    required_codes = BILLS
    summary = "The chosen store's orders, newest first (the bills list)"
    filters = io.OrderListInputSerializer
    schema_parameters = [io.OrderListInputSerializer]
    page_output = io.OrderPageOutputSerializer

    def rows(self, request: Request, filters: dict[str, Any]) -> QuerySet[selectors.Order]:
        return selectors.order_search(scoped_to_stores(selectors.orders(), request), **filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.order_rows(window)

    def page(self, request: Request) -> EnvelopeResponse:
        # The totals cover every filtered order, not only the page's: the list answers them beside it.
        page = page_request_from(request.query_params)
        rows = self.rows(request, without_page(self.parse(io.OrderListInputSerializer, request.query_params)))
        return EnvelopeResponse({**paginate(rows, page, self.render_rows), "summary": selectors.order_summary(rows)})


def _column(key: str, words: str, kind: Kind = Kind.TEXT) -> Column:
    # The bills page's column headers (frontend bills.json "fields").
    return Column(key, pgettext_lazy("order column", words), kind)


ORDER_EXPORT = (
    _column("orderNo", "Order number"),
    _column("createdAt", "Created at", Kind.DATETIME),
    _column("name", "Customer"),
    _column("phone", "Phone"),
    _column("status", "Status"),
    _column("total", "Total", Kind.MONEY),
    _column("discount", "Discount", Kind.MONEY),
    _column("sessionsValue", "Paid by sessions", Kind.MONEY),
    _column("payable", "Payable", Kind.MONEY),
    _column("paid", "Paid (gross)", Kind.MONEY),
    _column("refunded", "Refunded", Kind.MONEY),
    _column("net", "Net", Kind.MONEY),
    _column("due", "Due", Kind.MONEY),
    _column("operatorName", "Operator"),
    _column("remark", "Remark"),
)


def _order_cells(row: OrderRow) -> list[Any]:
    # A refunded order reads as refunded (已退款, 部分退款), not as the payment it was.
    status = row["refundStatusName"] or row["statusName"]
    head = [row["orderNo"], row["createdAt"], row["name"], row["phone"], status]
    money = [row["total"], row["discount"], row["sessionsValue"], row["payable"]]
    money += [row["paid"], row["refunded"], row["net"], row["due"]]
    return [*head, *(Decimal(value) for value in money), row["operatorName"], row["remark"]]


class OrderExportApi(ErpApi):
    """The bills list's filtered orders as an .xlsx download (the list's filters, without the page)."""

    required_codes = BILLS

    @extend_schema(
        parameters=[io.OrderListInputSerializer],
        responses=XLSX_DOWNLOAD,
        summary="Export the filtered orders to Excel (100,000 rows or more: to the download centre)",
    )
    def get(self, request: Request) -> HttpResponse:
        filters = without_page(self.parse(io.OrderListInputSerializer, request.query_params))
        return xlsx_response(
            request=request,
            rows=selectors.order_search(scoped_to_stores(selectors.orders(), request), **filters),
            render=selectors.order_rows,
            headers=ORDER_EXPORT,
            cells=_order_cells,
            name="orders",
            title=pgettext_lazy("export name", "Bills"),
        )


class OrderDetailsApi(ErpApi):
    required_codes = ORDER_DETAILS

    @extend_schema(
        parameters=[io.OrderIdInputSerializer],
        responses=io.OrderDetailOutputSerializer,
        summary="One order with its lines, staff, discounts, tenders and refunds",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        order_id = self.parse(io.OrderIdInputSerializer, request.query_params)["order_id"]
        order = selectors.order_details(order_id, scoped_to_stores(selectors.orders(), request))
        if order is None:
            raise NotFound()
        return EnvelopeResponse(selectors.order_detail_row(order))


class SignatureImageApi(ErpApi):
    """The member's signature on an order, only through a signed-in call for the order's store: the
    file is never served from the media folder."""

    required_codes = ORDER_DETAILS

    @extend_schema(
        responses={
            (200, "image/png"): OpenApiResponse(
                OpenApiTypes.BINARY, description="the PNG; 404 (the envelope) when the order has no signature"
            )
        },
        summary="The member's signature on the order, as a PNG",
    )
    def get(self, request: Request, order_id: int) -> HttpResponse:
        order = my_order(request, order_id)
        if not order.signature:
            raise NotFound()
        with order.signature.open("rb") as image:
            content = image.read()
        return file_response(content, content_type="image/png", name=f"signature-{order.pk}.png", inline=True)


class OrderSearchApi(ErpApi):
    required_codes = BILLS

    @extend_schema(
        parameters=[io.OrderSearchInputSerializer],
        responses=io.OrderFoundOutputSerializer(many=True),
        summary="Orders by a whole phone or the start of an order number",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        keyword = self.parse(io.OrderSearchInputSerializer, request.query_params)["keyword"]
        return EnvelopeResponse(selectors.order_quick_search(scoped_to_stores(selectors.orders(), request), keyword))


class OrderPriceApi(ErpApi):
    required_codes = CASHIER
    with_lines = False

    @extend_schema(responses=io.PriceOutputSerializer, summary="What an order costs: payable, paid, due, discounts")
    def get(self, request: Request, order_id: int) -> EnvelopeResponse:
        order = my_order(request, order_id)
        return EnvelopeResponse(selectors.price_summary(order, with_lines=self.with_lines))


class OrderDetailPriceApi(OrderPriceApi):
    with_lines = True

    @extend_schema(responses=io.DetailPriceOutputSerializer, summary="pay/price with each line's price and discounts")
    def get(self, request: Request, order_id: int) -> EnvelopeResponse:
        return super().get(request, order_id)


class _ReservationDraftApi(ErpApi):
    required_codes = CASHIER

    def reservation(self, request: Request) -> selectors.Reservation:
        reservation_id = self.parse(io.ReservationIdInputSerializer, request.query_params)["reservation_id"]
        rows = scoped_to_stores(selectors.reservations(), request)
        reservation = selectors.reservation_for_order(reservation_id, rows)
        if reservation is None:
            raise NotFound()
        return reservation


class ReservationProjectDraftApi(_ReservationDraftApi):
    @extend_schema(
        parameters=[io.ReservationIdInputSerializer],
        responses=io.ReservationDraftOutputSerializer,
        summary="Draft lines from a reservation's projects, served by its nurse",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.reservation_project_draft(self.reservation(request)))


class ReservationPackageDraftApi(_ReservationDraftApi):
    @extend_schema(parameters=[io.ReservationIdInputSerializer], responses=io.ReservationPackageDraftOutputSerializer)
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.reservation_package_draft(self.reservation(request)))


class OrderSurplusApi(ErpApi):
    """isSurplusSize: do the member's package cards still hold the sessions the order's lines take?"""

    required_codes = CASHIER + ORDER_DETAILS

    @extend_schema(
        parameters=[io.OrderIdInputSerializer],
        responses=io.SurplusOutputSerializer,
        summary="Whether the package cards hold the sessions the order's project lines take",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        order_id = self.parse(io.OrderIdInputSerializer, request.query_params)["order_id"]
        return EnvelopeResponse(order_checks.surplus_row(my_order(request, order_id)))


class OrderJudgmentApi(ErpApi):
    """judgment: can the order be paid now, and everything that stands in the way."""

    required_codes = CASHIER + ORDER_DETAILS

    @extend_schema(
        parameters=[io.OrderIdInputSerializer],
        responses=io.JudgmentOutputSerializer,
        summary="Whether the order can be paid now, with every reason it cannot",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        order_id = self.parse(io.OrderIdInputSerializer, request.query_params)["order_id"]
        return EnvelopeResponse(order_checks.judgment_row(my_order(request, order_id)))


class OrderDiffApi(ErpApi):
    """diff: what the member pays beyond the package sessions and a stored-value card."""

    required_codes = CASHIER

    @extend_schema(
        parameters=[io.OrderDiffInputSerializer],
        responses=io.DiffOutputSerializer,
        summary="What the member pays beyond the package sessions and the stored-value card",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.OrderDiffInputSerializer, request.query_params)
        order = my_order(request, data["order_id"])
        return EnvelopeResponse(order_checks.diff_row(order, data.get("card_id")))


class CardCheckApi(ErpApi):
    """flagCard: the card check: can the member's card pay these lines."""

    required_codes = CASHIER

    @extend_schema(
        request=io.CardCheckInputSerializer,
        responses=io.CardCheckOutputSerializer,
        summary="Whether the member's card is usable and can pay each draft line",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CardCheckInputSerializer, request.data)
        member_id = services.active_member(data["member_id"]).pk
        lines = [LineInput(type=line["type"], qty=line["qty"], item_id=line.get("item_id")) for line in data["lines"]]
        return EnvelopeResponse(order_checks.card_check(member_id=member_id, card_id=data["card_id"], lines=lines))


class LineStaffChangeApi(ErpApi):
    """changeNurse: another employee (or shares) for an order's line; a paid line's credits move."""

    required_codes = CASHIER + ORDER_DETAILS

    @extend_schema(
        request=io.LineStaffChangeInputSerializer,
        responses=io.OrderDetailOutputSerializer,
        summary="Change the staff of an order's line (Idempotency-Key); a paid line's credits move with it",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.LineStaffChangeInputSerializer, request.data)
        order = my_order(request, data["order_id"])
        staff_change.line_staff_change(
            actor=self.actor(),
            order=order,
            line_id=data["line_id"],
            staff=[StaffShare(share["employee_id"], share["share"]) for share in data["staff"]],
            may_move_credits=CREDIT_MOVE.code in session_of(request).codes,
            reason=data.get("reason", ""),
        )
        detail = selectors.order_details(order.pk, scoped_to_stores(selectors.orders(), request))
        assert detail is not None  # read in scope just above
        return EnvelopeResponse(selectors.order_detail_row(detail), message=_("saved"))


class MemberGiftListApi(PagedListApi):
    """membergiftrest/list: what a member was given free with a sale, in the caller's stores."""

    required_codes = CASHIER + BILLS + ORDER_DETAILS
    filters = io.MemberGiftListInputSerializer
    page_output = io.GiftPageOutputSerializer
    summary = "The gifts given to a member with a sale, newest first"

    def rows(self, request: Request, filters: dict[str, Any]) -> QuerySet[Any]:
        return selectors.member_gifts(filters["member_id"], scoped_to_stores(selectors.orders(), request))

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.gift_rows(window)
