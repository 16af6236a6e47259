"""Reads of goods out and loans: the outbound records of a store, the loans it lent or borrowed, one
document with its lines, and a scanned product with its live stock (spec §2.2 /outboundRecord,
/outboundDetail, /storageLendDetail; §7.8 stockOut, scancodeout)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Sum

from apps.catalog.models import Product
from apps.core.audit import operator_name
from apps.core.errors import NotFound
from apps.inventory.choices import DocumentKind, DocumentStatus, DocumentType
from apps.inventory.live_selectors import product_units
from apps.inventory.models import ZERO, StockBalance, StockDocument, StockDocumentLine
from apps.inventory.rows import (
    DocumentDetailRow,
    DocumentLineRow,
    DocumentRow,
    LoanTargetRow,
    OutboundTypesRow,
    ScannedProductRow,
)
from apps.org.selectors import borrow_out_targets_of

OUTBOUND_KINDS = (DocumentKind.OUTBOUND, DocumentKind.LOAN, DocumentKind.LOAN_RETURN)
LOAN_KINDS = (DocumentKind.LOAN, DocumentKind.LOAN_RETURN)
# The records page's type filter: the outbound types, and a loan given back (a loan_return document).
LOAN_RETURN_TYPE = "loan_return"
RECORD_TYPES = (DocumentType.STORE_USE, DocumentType.RETURN, DocumentType.LOAN_OUT, LOAN_RETURN_TYPE)


def _outstanding_line() -> Exists:
    return Exists(StockDocumentLine.objects.filter(document_id=OuterRef("pk"), returned__lt=F("quantity")))


def _open() -> Q:
    """A loan still open on either side: in transit, or received with goods not yet given back."""
    return Q(status=DocumentStatus.IN_TRANSIT) | Q(
        _outstanding_line(), kind=DocumentKind.LOAN, status=DocumentStatus.RECEIVED
    )


def outbound_documents(*, store_id: int) -> QuerySet[StockDocument]:
    """The store's goods-out documents (in-store use, returns, loans out, loans given back)."""
    return StockDocument.objects.filter(store_id=store_id, kind__in=OUTBOUND_KINDS)


def loans_of(*, store_id: int, direction: str = "") -> QuerySet[StockDocument]:
    """Loans and loan returns the store sent ("out"), received ("in"), or both."""
    sides = {"out": Q(store_id=store_id), "in": Q(other_store_id=store_id)}
    where = sides.get(direction, sides["out"] | sides["in"])
    return StockDocument.objects.filter(where, kind__in=LOAN_KINDS)


def document_search(
    documents: QuerySet[StockDocument],
    *,
    type: str = "",
    status: str = "",
    number: str = "",
    start_date: date | None = None,
    end_date: date | None = None,
    open_only: bool = False,
) -> QuerySet[StockDocument]:
    if type == LOAN_RETURN_TYPE:
        documents = documents.filter(kind=DocumentKind.LOAN_RETURN)
    elif type:
        documents = documents.filter(type=type).exclude(kind=DocumentKind.LOAN_RETURN)
    if status:
        documents = documents.filter(status=status)
    if number:
        documents = documents.filter(number__icontains=number)
    if start_date:
        documents = documents.filter(created_at__date__gte=start_date)
    if end_date:
        documents = documents.filter(created_at__date__lte=end_date)
    if open_only:
        documents = documents.filter(_open())
    return documents.select_related("store", "other_store").order_by("-id")


def _type_name(document: StockDocument) -> str:
    if document.kind == DocumentKind.LOAN_RETURN:
        return str(DocumentKind.LOAN_RETURN.label)
    return str(document.get_type_display())


def _record_type(document: StockDocument) -> str:
    return LOAN_RETURN_TYPE if document.kind == DocumentKind.LOAN_RETURN else document.type


def _row(document: StockDocument, *, lines: int, quantity: Decimal, outstanding: Decimal) -> DocumentRow:
    is_open = document.status == DocumentStatus.IN_TRANSIT or (
        document.kind == DocumentKind.LOAN and document.status == DocumentStatus.RECEIVED and outstanding > 0
    )
    return {
        "id": document.pk,
        "number": document.number or "",
        "kind": document.kind,
        "type": _record_type(document),
        "typeName": _type_name(document),
        "status": document.status,
        "statusName": str(document.get_status_display()),
        "storeId": document.store_id,
        "storeName": document.store.name,
        "otherStoreId": document.other_store_id,
        "otherStoreName": document.other_store.name if document.other_store else "",
        "supplier": document.supplier,
        "remark": document.remark,
        "sourceId": document.source_id,
        "lineCount": lines,
        "quantity": str(quantity),
        "outstanding": str(outstanding),
        "open": is_open,
        "createdAt": document.created_at,
        "createdByName": operator_name(document.created_by_name),
        "receivedByName": operator_name(document.received_by_name),
        "receivedAt": document.received_at,
    }


def document_rows(window: Iterable[StockDocument]) -> list[DocumentRow]:
    """A page of documents (read with their stores: document_search) as the records pages show them,
    with their lines counted: one query for the page, one for the lines' sums."""
    documents = list(window)
    if not documents:
        return []
    ids = [document.pk for document in documents]
    sums: dict[int, tuple[int, Decimal, Decimal]] = {
        document_id: (lines, quantity, returned)
        for document_id, lines, quantity, returned in StockDocumentLine.objects.filter(document_id__in=ids)
        .values("document_id")
        .annotate(lines=Count("id"), quantity=Sum("quantity"), returned=Sum("returned"))
        .values_list("document_id", "lines", "quantity", "returned")
    }
    rows = []
    for document in documents:
        lines, quantity, returned = sums.get(document.pk, (0, ZERO, ZERO))
        outstanding = quantity - returned if document.kind == DocumentKind.LOAN else ZERO
        rows.append(_row(document, lines=lines, quantity=quantity, outstanding=outstanding))
    return rows


def _in_stock_units(quantity: Decimal, product: Product) -> Decimal:
    return (quantity / product.use_per_unit).quantize(Decimal("0.001"))


def _live_stock(store_id: int, product_ids: Iterable[int]) -> dict[int, Decimal]:
    return dict(
        StockBalance.objects.filter(store_id=store_id, product_id__in=list(product_ids)).values_list(
            "product_id", "quantity"
        )
    )


def visible_document(*, store_id: int, document_id: int) -> StockDocument:
    """A goods-out document of the store, or a loan (return) it sent or receives; else 404."""
    document = (
        StockDocument.objects.filter(
            Q(store_id=store_id, kind__in=OUTBOUND_KINDS) | Q(other_store_id=store_id, kind__in=LOAN_KINDS),
            pk=document_id,
        )
        .select_related("store", "other_store")
        .first()
    )
    if document is None:
        raise NotFound()
    return document


def document_detail(*, store_id: int, document: StockDocument) -> DocumentDetailRow:
    """A document with its lines (both units, what is still out of a loan, the viewing store's live
    stock of each product) and what the viewing store may do with it."""
    lines = list(StockDocumentLine.objects.filter(document=document).select_related("product").order_by("id"))
    stock = _live_stock(store_id, {line.product_id for line in lines})
    quantity = sum((line.quantity for line in lines), ZERO)
    returned = sum((line.returned for line in lines), ZERO)
    outstanding = quantity - returned if document.kind == DocumentKind.LOAN else ZERO
    receiving = document.other_store_id == store_id
    lines_out: list[DocumentLineRow] = [
        {
            "lineId": line.pk,
            "productId": line.product_id,
            "code": line.product.code,
            "name": line.product.name,
            "unit": line.product.unit,
            "useUnit": line.product.use_unit or line.product.unit,
            "quantity": str(line.quantity),
            "useQuantity": str(line.use_quantity),
            "returned": str(line.returned),
            "outstanding": str(line.quantity - line.returned if document.kind == DocumentKind.LOAN else ZERO),
            "batchNo": line.batch_no,
            "expiryDate": line.expiry_date,
            "stock": str(_in_stock_units(stock.get(line.product_id, ZERO), line.product)),
        }
        for line in lines
    ]
    return {
        **_row(document, lines=len(lines), quantity=quantity, outstanding=outstanding),
        "canConfirm": receiving and document.kind in LOAN_KINDS and document.status == DocumentStatus.IN_TRANSIT,
        "canReturn": (receiving and document.kind == DocumentKind.LOAN and document.status == DocumentStatus.RECEIVED)
        and outstanding > 0,
        "lines": lines_out,
    }


def _product_row(product: Product, stock: Decimal) -> ScannedProductRow:
    return {
        **product_units(product),
        "usePerUnit": str(product.use_per_unit),
        "tracksBatches": product.tracks_batches,
        "stock": str(_in_stock_units(stock, product)),
        "useStock": str(stock),
    }


def scanned_product(*, store_id: int, code: str) -> ScannedProductRow:
    """The enabled product a scanned barcode (or a typed product code) names, with the store's live
    stock of it; 404 when no product has it."""
    product = Product.objects.filter(Q(barcode=code) | Q(code=code), enabled=True).order_by("id").first()
    if product is None:
        raise NotFound()
    return _product_row(product, _live_stock(store_id, [product.pk]).get(product.pk, ZERO))


SEARCH_LIMIT = 20


def products_in_stock(*, store_id: int, keyword: str) -> list[ScannedProductRow]:
    """Up to 20 products the store holds (live stock above 0) whose name, code or barcode holds
    the keyword: what an outbound line can be picked from without a scanner."""
    balances = (
        StockBalance.objects.filter(store_id=store_id, quantity__gt=0, product__enabled=True)
        .filter(
            Q(product__name__icontains=keyword)
            | Q(product__code__icontains=keyword)
            | Q(product__barcode__icontains=keyword)
        )
        .select_related("product")
        .order_by("product__code")[:SEARCH_LIMIT]
    )
    return [_product_row(balance.product, balance.quantity) for balance in balances]


def outbound_types(*, store_id: int) -> OutboundTypesRow:
    """The outbound types the store may make, with its borrow-out targets (loan outbound only when
    it has some: spec §2.3)."""
    targets: list[LoanTargetRow] = [{"id": store.pk, "name": store.name} for store in borrow_out_targets_of(store_id)]
    types = [DocumentType.STORE_USE, DocumentType.RETURN] + ([DocumentType.LOAN_OUT] if targets else [])
    return {
        "types": [{"value": choice.value, "label": str(choice.label)} for choice in types],
        "recordTypes": [
            {"value": DocumentType(value).value, "label": str(DocumentType(value).label)}
            if value != LOAN_RETURN_TYPE
            else {"value": LOAN_RETURN_TYPE, "label": str(DocumentKind.LOAN_RETURN.label)}
            for value in RECORD_TYPES
        ],
        "borrowOutTargets": targets,
    }
