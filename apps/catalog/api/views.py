"""Catalogue calls (issue 4 §4): lists and details of head office's items with the acting store's
switch and price, the store's switch/price command, promotions, time periods, and the Excel export
of the product and project lists. Thin: parse, call a selector or a service, answer.

The acting store is `storeId` when given (a store the role acts in, else 404 as for a missing
record), otherwise the chosen store; a head-office role without `storeId` sees head office's state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Any, TypeVar

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.catalog import selectors, services
from apps.catalog.api import serializers as s
from apps.catalog.choices import CategoryKind, ItemType, UseType
from apps.catalog.rows import CatalogItemStateRow, ProductRow, ProjectRow
from apps.catalog.services import PRODUCT_EXPORT, PROJECT_EXPORT, STORE_STATE_EXPORT, PeriodInput
from apps.core.api.base import ErpApi
from apps.core.api.downloads import XLSX_DOWNLOAD
from apps.core.api.lists import PagedListApi, without_page
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import InvalidInput, PermissionRefused
from apps.core.excel import xlsx_response
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.role_codes import COST_VIEW
from apps.core.scoping import named_store_id, store_in_scope

PRODUCT_LIST = (code_of("/productList"),)
PRODUCT_DETAIL = (code_of("/productDetail"), code_of("/productList"))
PROJECT_LIST = (code_of("/projectList"),)
PROJECT_DETAIL = (code_of("/projectDetail"), code_of("/projectList"))
CARD_TYPE_LIST = (code_of("/projectList"), code_of("/couponList"))
COUPON_LIST = (code_of("/couponList"),)
COUPON_DETAIL = (code_of("/couponDetailA"), code_of("/couponList"))
PROMOTION = (code_of("/promotion"),)
TIME_PERIOD = (code_of("/timeperiodConfig"),)
# The billing pages (the cashier, points billing, card to card, transfer) pick items and card types
# from these lists, and the change-card page picks the target card type: they read, never write.
BILLING_PICK = (code_of("/account"),)
CHANGE_CARD_PICK = (code_of("/changeCard"),)

# POST storeItem: the list code of the item's kind.
STORE_ITEM_CODES: dict[str, tuple[str, ...]] = {
    ItemType.PRODUCT: PRODUCT_LIST,
    ItemType.PRODUCT_PACKAGE: PRODUCT_LIST,
    ItemType.PROJECT: PROJECT_LIST,
    ItemType.PROJECT_PACKAGE: PROJECT_LIST,
    ItemType.CARD_TYPE: CARD_TYPE_LIST,
    ItemType.COUPON_TEMPLATE: COUPON_LIST,
}


def _choose_a_store() -> InvalidInput:
    # A head-office role names the store a store-level write or read is for.
    return InvalidInput(_("choose a store"), field="storeId")


# -- products ------------------------------------------------------------------------------------


def _products(request: Request, filters: ValidatedData) -> QuerySet[Any]:
    return selectors.product_search(store_id=named_store_id(request, filters.pop("store_id", None)), **filters)


class ProductListApi(PagedListApi):
    """Products, by code, with the acting store's switch and price."""

    required_codes = PRODUCT_LIST + BILLING_PICK
    filters = s.ProductSearchInputSerializer
    schema_parameters = [s.ProductSearchInputSerializer]
    page_output = s.ProductPageOutputSerializer
    summary = "Products"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return _products(request, filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.product_rows(window, with_cost=sees_cost(self.request))


# The detail row of whichever item the selector reads.
_Detail = TypeVar("_Detail")


def _item_detail(api: ErpApi, selector: Callable[..., _Detail], **selection: int | bool) -> _Detail:
    """One item as the acting store sees it (its price and switch, the price history it may read)."""
    filters = dict(api.parse(s.CatalogStoreInputSerializer, api.request.query_params))
    return selector(
        **selection,
        store_id=named_store_id(api.request, filters.pop("store_id", None)),
        store_ids=session_of(api.request).store_ids,
    )


class ProductDetailApi(ErpApi):
    required_codes = PRODUCT_DETAIL

    @extend_schema(
        parameters=[s.CatalogStoreInputSerializer],
        responses=s.ProductDetailOutputSerializer,
        summary="One product with its price history",
    )
    def get(self, request: Request, product_id: int) -> EnvelopeResponse:
        product = _item_detail(self, selectors.product_detail, product_id=product_id, with_cost=sees_cost(request))
        return EnvelopeResponse(product)


class ProductPackageListApi(PagedListApi):
    required_codes = PRODUCT_LIST + BILLING_PICK
    filters = s.CatalogSearchInputSerializer
    schema_parameters = [s.CatalogSearchInputSerializer]
    page_output = s.ProductPackagePageOutputSerializer
    summary = "Product packages"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return selectors.product_package_search(
            store_id=named_store_id(request, filters.pop("store_id", None)), **filters
        )

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.product_package_rows(window)


class ProductPackageDetailApi(ErpApi):
    required_codes = PRODUCT_DETAIL

    @extend_schema(
        parameters=[s.CatalogStoreInputSerializer],
        responses=s.ProductPackageDetailOutputSerializer,
        summary="One product package with its price history",
    )
    def get(self, request: Request, package_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(_item_detail(self, selectors.product_package_detail, package_id=package_id))


# -- projects ------------------------------------------------------------------------------------


def _projects(request: Request, filters: ValidatedData) -> QuerySet[Any]:
    return selectors.project_search(store_id=named_store_id(request, filters.pop("store_id", None)), **filters)


class ProjectListApi(PagedListApi):
    required_codes = PROJECT_LIST + BILLING_PICK
    filters = s.ProjectSearchInputSerializer
    schema_parameters = [s.ProjectSearchInputSerializer]
    page_output = s.ProjectPageOutputSerializer
    summary = "Projects"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return _projects(request, filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.project_rows(window)


class ProjectDetailApi(ErpApi):
    required_codes = PROJECT_DETAIL

    @extend_schema(
        parameters=[s.CatalogStoreInputSerializer],
        responses=s.ProjectDetailOutputSerializer,
        summary="One project with its consumed products and price history",
    )
    def get(self, request: Request, project_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(_item_detail(self, selectors.project_detail, project_id=project_id))


class ProjectPackageListApi(PagedListApi):
    required_codes = PROJECT_LIST + BILLING_PICK
    filters = s.CatalogSearchInputSerializer
    schema_parameters = [s.CatalogSearchInputSerializer]
    page_output = s.ProjectPackagePageOutputSerializer
    summary = "Project packages"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return selectors.project_package_search(
            store_id=named_store_id(request, filters.pop("store_id", None)), **filters
        )

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.project_package_rows(window)


class ProjectPackageDetailApi(ErpApi):
    required_codes = PROJECT_DETAIL

    @extend_schema(
        parameters=[s.CatalogStoreInputSerializer],
        responses=s.ProjectPackageDetailOutputSerializer,
        summary="One project package with its price history",
    )
    def get(self, request: Request, package_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(_item_detail(self, selectors.project_package_detail, package_id=package_id))


# -- cards and coupons ---------------------------------------------------------------------------


class CardTypeListApi(PagedListApi):
    required_codes = CARD_TYPE_LIST + BILLING_PICK + CHANGE_CARD_PICK
    filters = s.CardTypeSearchInputSerializer
    schema_parameters = [s.CardTypeSearchInputSerializer]
    page_output = s.CardTypePageOutputSerializer
    summary = "Card types (stored-value and package cards)"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return selectors.card_type_search(store_id=named_store_id(request, filters.pop("store_id", None)), **filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.card_type_rows(window)


class CouponTemplateListApi(PagedListApi):
    required_codes = COUPON_LIST
    filters = s.CouponTemplateSearchInputSerializer
    schema_parameters = [s.CouponTemplateSearchInputSerializer]
    page_output = s.CouponTemplatePageOutputSerializer
    summary = "Coupon templates of kind A, B or C"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return selectors.coupon_template_search(
            store_id=named_store_id(request, filters.pop("store_id", None)), **filters
        )

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.coupon_template_rows(window)


class CouponTemplateDetailApi(ErpApi):
    required_codes = COUPON_DETAIL

    @extend_schema(
        parameters=[s.CatalogStoreInputSerializer],
        responses=s.CouponTemplateOutputSerializer,
        summary="One coupon template",
    )
    def get(self, request: Request, coupon_id: int) -> EnvelopeResponse:
        filters = dict(self.parse(s.CatalogStoreInputSerializer, request.query_params))
        return EnvelopeResponse(
            selectors.coupon_template_detail(
                coupon_id=coupon_id, store_id=named_store_id(request, filters.pop("store_id", None))
            )
        )


# -- a store's switch and price ------------------------------------------------------------------


class StoreItemSaveApi(ErpApi):
    """A store switches an item on or off and, where head office allows, sets its own price. The
    caller needs the list code of the item's kind."""

    required_codes = PRODUCT_LIST + PROJECT_LIST + COUPON_LIST

    @extend_schema(
        request=s.StoreItemInputSerializer,
        responses=s.StoreItemOutputSerializer,
        summary="Switch an item on or off in a store, or set the store's own price",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        change = dict(self.parse(s.StoreItemInputSerializer, request.data))
        if session_of(request).codes.isdisjoint(STORE_ITEM_CODES[change["item_type"]]):
            raise PermissionRefused()
        store = store_in_scope(selectors.stores(), request, change.pop("store_id", None), when_none=_choose_a_store())
        row = services.store_item_save(actor=self.actor(), store=store, **change)
        return EnvelopeResponse(selectors.store_item_row(row, store_id=store.pk), message=_("saved"))


# -- promotions ----------------------------------------------------------------------------------


class PromotionListApi(PagedListApi):
    """Promotions of the acting stores (or of every store), newest start first."""

    required_codes = PROMOTION
    filters = s.PromotionSearchInputSerializer
    schema_parameters = [s.PromotionSearchInputSerializer]
    page_output = s.PromotionPageOutputSerializer
    summary = "Promotions"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return selectors.promotion_search(store_ids=session_of(request).store_ids, **filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.promotion_rows(window)


class PromotionDetailApi(ErpApi):
    required_codes = PROMOTION

    @extend_schema(responses=s.PromotionDetailOutputSerializer, summary="One promotion with its lines")
    def get(self, request: Request, promotion_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(
            selectors.promotion_detail(promotion_id=promotion_id, store_ids=session_of(request).store_ids)
        )


# -- time periods --------------------------------------------------------------------------------


class TimePeriodListApi(ErpApi):
    required_codes = TIME_PERIOD

    @extend_schema(
        parameters=[s.TimePeriodListInputSerializer],
        responses=s.TimePeriodOutputSerializer(many=True),
        summary="A store's bookable time periods",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(s.TimePeriodListInputSerializer, request.query_params)
        store = store_in_scope(selectors.stores(), request, data.get("store_id"), when_none=_choose_a_store())
        return EnvelopeResponse(selectors.time_period_rows(store_id=store.pk))


class TimePeriodSaveApi(ErpApi):
    required_codes = TIME_PERIOD

    @extend_schema(
        request=s.TimePeriodSaveInputSerializer,
        responses=s.TimePeriodOutputSerializer(many=True),
        summary="Replace a store's time periods",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(s.TimePeriodSaveInputSerializer, request.data)
        store = store_in_scope(selectors.stores(), request, data.get("store_id"), when_none=_choose_a_store())
        periods = [
            PeriodInput(weekday=p.get("weekday"), start=p["start"], end=p["end"], capacity=p["capacity"])
            for p in data["periods"]
        ]
        services.time_periods_save(actor=self.actor(), store=store, periods=periods)
        return EnvelopeResponse(selectors.time_period_rows(store_id=store.pk), message=_("saved"))


# -- Excel export --------------------------------------------------------------------------------


def _number(value: str | None) -> Decimal | None:
    return None if value is None else Decimal(value)


def _state_cells(row: CatalogItemStateRow) -> list[Any]:
    return [row["storeEnabled"], _number(row["storePrice"]), _number(row["effectivePrice"])]


def _product_cells(row: ProductRow, *, with_cost: bool) -> list[Any]:
    return [
        row["code"],
        row["name"],
        row["brand"],
        row["categoryName"],
        row["specification"],
        row["unit"],
        row["barcode"],
        UseType(row["useType"]).label,
        _number(row["price"]),
        *([_number(row["cost"])] if with_cost else []),
        row["defaultSafetyStock"],
        row["enabled"],
        row["storePriceAllowed"],
        *_state_cells(row),
    ]


def _project_cells(row: ProjectRow) -> list[Any]:
    return [
        row["code"],
        row["name"],
        row["categoryName"],
        row["durationMinutes"],
        _number(row["price"]),
        row["requiredSkill"],
        row["enabled"],
        row["storePriceAllowed"],
        *_state_cells(row),
    ]


def sees_cost(request: Request) -> bool:
    """Cost prices are head office's business: only a role holding the cost code reads them."""
    return COST_VIEW.code in session_of(request).codes


class ProductExportApi(ErpApi):
    """The filtered product list as an .xlsx download; the same columns the admin import reads."""

    required_codes = PRODUCT_LIST

    @extend_schema(
        parameters=[s.ProductSearchInputSerializer],
        responses=XLSX_DOWNLOAD,
        summary="Export the filtered products to Excel (100,000 rows or more: to the download centre)",
    )
    def get(self, request: Request) -> HttpResponse:
        filters = dict(self.parse(s.ProductSearchInputSerializer, request.query_params))
        with_cost = sees_cost(request)
        columns = [column for column in PRODUCT_EXPORT if with_cost or column.key != "cost"]
        return xlsx_response(
            request=request,
            rows=_products(request, without_page(filters)),
            render=lambda window: selectors.product_rows(window, with_cost=with_cost),
            headers=(*columns, *STORE_STATE_EXPORT),
            cells=lambda row: _product_cells(row, with_cost=with_cost),
            name="products",
            title=pgettext_lazy("export name", "Products"),
        )


class ProjectExportApi(ErpApi):
    required_codes = PROJECT_LIST

    @extend_schema(
        parameters=[s.ProjectSearchInputSerializer],
        responses=XLSX_DOWNLOAD,
        summary="Export the filtered projects to Excel (100,000 rows or more: to the download centre)",
    )
    def get(self, request: Request) -> HttpResponse:
        filters = dict(self.parse(s.ProjectSearchInputSerializer, request.query_params))
        return xlsx_response(
            request=request,
            rows=_projects(request, without_page(filters)),
            render=selectors.project_rows,
            headers=PROJECT_EXPORT + STORE_STATE_EXPORT,
            cells=_project_cells,
            name="projects",
            title=pgettext_lazy("export name", "Projects"),
        )


class _FilterOptionsApi(ErpApi):
    kind: str = ""

    @extend_schema(
        responses=inline_serializer(
            "CatalogFilterOptions",
            {
                "categories": inline_serializer(
                    "CatalogCategoryOption",
                    {"categoryId": serializers.IntegerField(), "categoryName": serializers.CharField()},
                    many=True,
                ),
                "brands": serializers.ListField(child=serializers.CharField()),
            },
        ),
        summary="The category (and brand) choices of a list page's filters",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.filter_options(kind=self.kind))


class ProductFilterOptionsApi(_FilterOptionsApi):
    required_codes = PRODUCT_LIST
    kind = CategoryKind.PRODUCT


class ProjectFilterOptionsApi(_FilterOptionsApi):
    required_codes = PROJECT_LIST
    kind = CategoryKind.PROJECT
