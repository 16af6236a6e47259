"""Product consumption and the barcode database (issue 29 §2; docs/decisions/0043-stock-and-card-figures.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from apps.core.errors import InvalidInput
from apps.reports.barcodes import barcode_rows
from apps.reports.framework import Column, Drill, ExtraFilter, Report, ReportFilters, register_report
from apps.reports.stock_figures import ConsumptionRow, consumption_rows

# The sales behind a product's figures: the sales details of the product, in the same days and stores.
TO_SALES = Drill("SalesDetail", {"productId": "productId"})


def _product_id(f: ReportFilters) -> int | None:
    value = f.extra.get("productId")
    if value is None:
        return None
    if not value.isdigit() or int(value) < 1:
        raise InvalidInput(_("choose a product"), field="productId")
    return int(value)


@register_report
class ProductConsumption(Report):
    """By product: what the orders sold and gave, what came back with refunds, what projects and
    the store used, and the stock at the start and the end by the ledger, with the difference a
    person checking shrinkage looks for (apps.reports.stock_figures)."""

    key = "ProductConsumption"
    route = "/productConsumption"
    title = _("Product consumption")
    max_days = 366
    default_days = 30
    filters = frozenset({"store", "region", "category"})
    extra_filters = (ExtraFilter("productId", _("Product")),)

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("productCode", _("Product code")),
            Column("productName", _("Product")),
            Column("specification", _("Specification"), sortable=False),
            Column("categoryName", _("Category")),
            Column("unit", _("Unit"), sortable=False),
            Column("openingStock", _("Stock at start"), "number"),
            Column("goodsIn", _("Goods in and out"), "number"),
            Column("sold", _("Sold"), "number", drill=TO_SALES),
            Column("given", _("Given away"), "number", drill=TO_SALES),
            Column("refundedBack", _("Refunded back"), "number"),
            Column("consumedByProjects", _("Used by projects"), "number"),
            Column("storeUse", _("In-store use"), "number"),
            Column("closingStock", _("Stock at end"), "number"),
            Column("difference", _("Difference"), "number"),
            Column("differenceValue", _("Difference at cost"), "money", total=True),
        ]

    def rows(self, f: ReportFilters) -> Sequence[ConsumptionRow]:
        return consumption_rows(
            store_ids=f.stores,
            date_from=f.date_from,
            date_to=f.date_to,
            category_id=f.category_id,
            product_id=_product_id(f),
        )


@register_report
class Barcodes(Report):
    """Every product with its barcode, for the scanners (undated)."""

    key = "Barcodes"
    route = "/barcodeDatabase"
    title = _("Barcode database")
    uses_dates = False
    filters = frozenset({"store", "category"})
    extra_filters = (ExtraFilter("keyword", _("Barcode, code or name")),)

    def columns(self, f: ReportFilters) -> list[Column]:
        return [
            Column("barcode", _("Barcode")),
            Column("productCode", _("Product code")),
            Column("productName", _("Product")),
            Column("brand", _("Brand")),
            Column("specification", _("Specification"), sortable=False),
            Column("unit", _("Unit"), sortable=False),
            Column("categoryName", _("Category")),
            Column("salePrice", _("Price"), "money"),
            Column("status", _("Status")),
        ]

    def rows(self, f: ReportFilters) -> QuerySet[Any]:
        return barcode_rows(store_ids=f.stores, category_id=f.category_id, keyword=f.extra.get("keyword", ""))
