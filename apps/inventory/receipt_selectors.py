"""Reads of goods in (/storageRecord, /storageDetail) and of the product pickers (commodity,
scancodestock): the store's receipts, one receipt with its lines, products by code, barcode or name
with the store's price, both units and the live stock."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.db.models import Count, DecimalField, F, QuerySet, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext

from apps.catalog.models import Product
from apps.catalog.selectors import product_search
from apps.core.audit import operator_name
from apps.core.money import money_to_wire
from apps.inventory.choices import DocumentKind, DocumentStatus, DocumentType
from apps.inventory.errors import BarcodeUnknown
from apps.inventory.goods_order_selectors import catalogue_product
from apps.inventory.models import ZERO, GoodsOrder, StockBalance, StockDocument, StockDocumentLine
from apps.inventory.rows import ReceiptDetailRow, ReceiptRow, StockProductRow

_AMOUNT = DecimalField(max_digits=20, decimal_places=2)


def _quantity(value: Decimal | None) -> str:
    return f"{(value or ZERO).normalize():f}"


def receipts(store_id: int) -> QuerySet[StockDocument]:
    """The store's goods-in documents, newest first, with their line count, quantity and value."""
    return (
        StockDocument.objects.filter(store_id=store_id, kind=DocumentKind.RECEIPT)
        .annotate(
            line_count=Count("lines"),
            total_quantity=Coalesce(Sum("lines__quantity"), Value(ZERO)),
            amount=Coalesce(
                Sum(F("lines__quantity") * F("lines__unit_cost"), output_field=_AMOUNT),
                Value(ZERO),
                output_field=_AMOUNT,
            ),
        )
        .order_by("-id")
    )


def receipt_search(
    rows: QuerySet[StockDocument],
    *,
    type: str = "",
    number: str = "",
    start_date: date | None = None,
    end_date: date | None = None,
) -> QuerySet[StockDocument]:
    if type:
        rows = rows.filter(type=type)
    if number.strip():
        rows = rows.filter(number__icontains=number.strip())
    if start_date is not None:
        rows = rows.filter(created_at__gte=timezone.make_aware(datetime.combine(start_date, time.min)))
    if end_date is not None:
        rows = rows.filter(created_at__lt=timezone.make_aware(datetime.combine(end_date + timedelta(days=1), time.min)))
    return rows


def receipt_row(document: StockDocument, order_numbers: dict[int, str] | None = None) -> ReceiptRow:
    source = document.source_id
    return {
        "id": document.pk,
        "number": document.number or "",
        "type": document.type,
        "typeName": str(DocumentType(document.type).label),
        "status": document.status,
        "statusName": str(DocumentStatus(document.status).label),
        "supplier": document.supplier,
        "sourceId": source,
        "sourceNumber": (order_numbers or {}).get(source, "") if source else "",
        "lineCount": getattr(document, "line_count", 0),
        "totalQuantity": _quantity(getattr(document, "total_quantity", ZERO)),
        "amount": money_to_wire(getattr(document, "amount", ZERO) or ZERO),
        "remark": document.remark,
        "createdByName": operator_name(document.created_by_name),
        "createdAt": document.created_at,
    }


def _order_numbers(documents: list[StockDocument]) -> dict[int, str]:
    ids = {d.source_id for d in documents if d.type == DocumentType.HEAD_OFFICE and d.source_id}
    rows = GoodsOrder.objects.filter(pk__in=ids).values_list("pk", "number") if ids else []
    return {pk: number or "" for pk, number in rows}


def receipt_rows(documents: Iterable[StockDocument]) -> list[ReceiptRow]:
    documents = list(documents)
    numbers = _order_numbers(documents)
    return [receipt_row(document, numbers) for document in documents]


def receipt_detail(document: StockDocument) -> ReceiptDetailRow:
    lines = list(StockDocumentLine.objects.filter(document=document).select_related("product", "product__category"))
    head = receipts(document.store_id).get(pk=document.pk)
    return {
        **receipt_row(head, _order_numbers([head])),
        "storeName": document.store.name,
        "lines": [
            {
                "lineId": line.pk,
                "productId": line.product_id,
                "code": line.product.code,
                "name": line.product.name,
                "barcode": line.product.barcode or "",
                "unit": line.product.unit,
                "useUnit": line.product.use_unit or line.product.unit,
                "quantity": _quantity(line.quantity),
                "useQuantity": _quantity(line.use_quantity),
                "unitCost": money_to_wire(line.unit_cost),
                "amount": money_to_wire((line.quantity * line.unit_cost).quantize(Decimal("0.01"))),
                "batchNo": line.batch_no,
                "expiryDate": line.expiry_date,
            }
            for line in lines
        ],
    }


# -- the product pickers ----------------------------------------------------------------------------


def stock_products(*, store_id: int, keyword: str = "") -> QuerySet[Product]:
    """Enabled products whose code, barcode or name holds `keyword`, with the store's state."""
    return product_search(store_id=store_id, keyword=keyword, enabled=True)


def stock_product_rows(products: Iterable[Product], store_id: int) -> list[StockProductRow]:
    products = list(products)
    live = dict(
        StockBalance.objects.filter(store_id=store_id, product_id__in=[p.pk for p in products]).values_list(
            "product_id", "quantity"
        )
    )
    return [
        {
            **catalogue_product(product),
            "liveStock": _quantity(live.get(product.pk, ZERO) / (product.use_per_unit or Decimal("1"))),
            "liveUseStock": _quantity(live.get(product.pk, ZERO)),
        }
        for product in products
    ]


def product_by_barcode(*, store_id: int, barcode: str) -> StockProductRow:
    """The enabled product carrying the scanned barcode, as the pickers show it; else BarcodeUnknown."""
    code = barcode.strip()
    product = stock_products(store_id=store_id).filter(barcode=code).first() if code else None
    if product is None:
        raise BarcodeUnknown(gettext("no product has the barcode %(barcode)s") % {"barcode": code[:32]})
    return stock_product_rows([product], store_id)[0]


def receipts_with_store() -> QuerySet[StockDocument]:
    """Every goods-in document with its store, for apps.core.scoping to pick one in scope."""
    return StockDocument.objects.filter(kind=DocumentKind.RECEIPT).select_related("store")


def receipt_detail_by_id(*, document_id: int) -> ReceiptDetailRow:
    """A goods-in document just written, read again with its store and shown with its lines."""
    return receipt_detail(StockDocument.objects.select_related("store").get(pk=document_id))
