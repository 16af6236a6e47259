"""Reads of live stock (/systemStorage, KCGL-0007), safety stock (/safetyStock, KCGL-0013) and a
product's move history in a store.

Live stock lists the catalogue's products (enabled ones, and any other the store still holds) with
the store's balance, its safety stock (the store's own or the product's default) and whether it is
below it. The balance and the safety stock are correlated subqueries on their unique (store,
product) indexes, so the first page in code order reads 20 of each and the total counts products
without reading either; a filter or sort on the stock reads them for the store's products only."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_DOWN, Decimal
from typing import Any

from django.db.models import (
    BooleanField,
    Case,
    CharField,
    DecimalField,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce

from apps.catalog.models import Product
from apps.core.audit import operator_name
from apps.core.money import money_to_wire
from apps.inventory.choices import DocumentKind, MoveKind
from apps.inventory.hooks import move_documents
from apps.inventory.models import ZERO, SafetyStock, StockBalance, StockDocument, StockMove
from apps.inventory.rows import MoveRow, ProductUnitsFields, StockRow
from apps.inventory.safety import is_below
from apps.inventory.services import DOCUMENT_MOVES

QUANTITY = DecimalField(max_digits=16, decimal_places=3)
# The sort orders of the live stock list: code (default), name, stock; "-" for descending.
LIVE_SORTS = ("code", "-code", "name", "-name", "stock", "-stock")


def _number(value: Decimal) -> str:
    """A quantity as a person reads it: 12, 12.5, never 12.000."""
    text = format(value.normalize(), "f") if value == value.to_integral() else format(value, "f").rstrip("0")
    return text.rstrip(".") if "." in text else text


def product_units(product: Product) -> ProductUnitsFields:
    return {
        "productId": product.pk,
        "code": product.code,
        "name": product.name,
        "barcode": product.barcode or "",
        "specification": product.specification,
        "unit": product.unit,
        "useUnit": product.use_unit or product.unit,
    }


def in_both_units(quantity: Decimal, unit: str, use_unit: str, use_per_unit: Decimal) -> str:
    """A quantity counted in use units as "9 瓶 485 ml": whole stock units and the use units left
    over; a product used whole reads "9 瓶". Negative stock keeps its sign on the whole ("-1 瓶 15 ml")."""
    if not use_unit or use_per_unit == 1:
        return f"{_number(quantity / use_per_unit)} {unit}".strip()
    sign = "-" if quantity < 0 else ""
    whole = (abs(quantity) / use_per_unit).to_integral_value(rounding=ROUND_DOWN)
    rest = abs(quantity) - whole * use_per_unit
    if whole and rest:
        return f"{sign}{whole} {unit} {_number(rest)} {use_unit}"
    if whole:
        return f"{sign}{whole} {unit}"
    return f"{sign}{_number(rest)} {use_unit}"


def _stock_and_safety(store_id: int) -> tuple[Any, Any, Any, Any]:
    """(stock, safety, safety_set, balance) expressions of a product row in a store."""
    # order_by(): without it the models' default ordering joins the store and the product in each subquery.
    balance = StockBalance.objects.filter(store_id=store_id, product_id=OuterRef("pk")).order_by()
    own_safety = SafetyStock.objects.filter(store_id=store_id, product_id=OuterRef("pk")).order_by()
    stock = Coalesce(Subquery(balance.values("quantity")[:1]), Value(ZERO), output_field=QUANTITY)
    safety = Coalesce(
        Subquery(own_safety.values("quantity")[:1]), Cast("default_safety_stock", QUANTITY), output_field=QUANTITY
    )
    return stock, safety, Exists(own_safety), balance


def stock_products(*, store_id: int) -> QuerySet[Product]:
    """The store's live stock rows: products annotated with `stock` (use units), `safety` (stock
    units), `safety_set` (the store set its own) and `below` (under its safety stock, which is above 0)."""
    stock, safety, safety_set, balance = _stock_and_safety(store_id)
    return (
        Product.objects.filter(Q(enabled=True) | Exists(balance.exclude(quantity=0)))
        .select_related("category")
        .annotate(stock=stock, safety=safety, safety_set=safety_set)
        .annotate(
            below=ExpressionWrapper(
                Q(safety__gt=0) & Q(stock__lt=F("safety") * F("use_per_unit")), output_field=BooleanField()
            )
        )
    )


def stock_search(
    rows: QuerySet[Product],
    *,
    search: str = "",
    category_id: int | None = None,
    brand: str = "",
    use_type: str = "",
    below_safety: bool = False,
    zero_only: bool = False,
    sort: str = "code",
) -> QuerySet[Product]:
    """The filters of /systemStorage and /safetyStock: code, name or barcode containing `search`; a
    category, brand or use type; only products below their safety stock; only those at 0 or below."""
    search = search.strip()
    if search:
        rows = rows.filter(Q(code__icontains=search) | Q(name__icontains=search) | Q(barcode__icontains=search))
    if category_id is not None:
        rows = rows.filter(category_id=category_id)
    if brand.strip():
        rows = rows.filter(brand=brand.strip())
    if use_type:
        rows = rows.filter(use_type=use_type)
    if below_safety:
        rows = rows.filter(Q(below=True))
    if zero_only:
        rows = rows.filter(Q(stock__lte=0))
    descending = sort.startswith("-")
    field = sort.lstrip("-") or "code"
    order = F(field).desc() if descending else F(field).asc()
    return rows.order_by(order, "code") if field != "code" else rows.order_by(order)


def stock_brands() -> list[str]:
    """The brands of the catalogue's products, for the brand filter."""
    return list(Product.objects.exclude(brand="").order_by("brand").values_list("brand", flat=True).distinct())


def stock_row(product: Any, *, with_cost: bool) -> StockRow:
    stock: Decimal = product.stock
    per: Decimal = product.use_per_unit
    safety: Decimal = product.safety
    row: StockRow = {
        "productId": product.pk,
        "code": product.code,
        "name": product.name,
        "barcode": product.barcode or "",
        "brand": product.brand,
        "categoryId": product.category_id,
        "categoryName": product.category.name,
        "specification": product.specification,
        "useType": product.use_type,
        "useTypeName": str(product.get_use_type_display()),
        "unit": product.unit,
        "useUnit": product.use_unit,
        "usePerUnit": _number(per),
        "quantity": _number(stock),
        "stockQuantity": _number((stock / per).quantize(Decimal("0.001"))),
        "display": in_both_units(stock, product.unit, product.use_unit, per),
        "safetyStock": _number(safety),
        "safetyDefault": product.default_safety_stock,
        "safetySet": bool(product.safety_set),
        "belowSafety": bool(product.below),
        "enabled": product.enabled,
        "cost": None,
        "value": None,
    }
    if with_cost:
        row["cost"] = money_to_wire(product.cost)
        row["value"] = money_to_wire((stock / per * product.cost).quantize(Decimal("0.01")))
    return row


def stock_rows(products: Iterable[Any], *, with_cost: bool) -> list[StockRow]:
    return [stock_row(product, with_cost=with_cost) for product in products]


def stock_product(*, store_id: int, product_id: int) -> Product | None:
    """One product's live stock row in a store (the history's heading), by its primary key: the
    list's row without the list's filter and ordering."""
    stock, safety, safety_set, _balance = _stock_and_safety(store_id)
    product = (
        Product.objects.select_related("category")
        .annotate(stock=stock, safety=safety, safety_set=safety_set)
        .filter(pk=product_id)
        .order_by()
        .first()
    )
    if product is not None:
        product.below = is_below(product.stock, product.safety * product.use_per_unit)  # type: ignore[attr-defined]
    return product


# -- a product's move history ----------------------------------------------------------------------


def product_moves(*, store_id: int, product_id: int) -> QuerySet[StockMove]:
    """A product's moves in a store, newest first (the index stock_move_product_newest), each with
    its stock document's number and kind (`document_number`, `stock_document_kind`; empty for a move
    of another flow) and its other store's name, read in the same query for the page's rows only."""
    document = StockDocument.objects.filter(pk=OuterRef("document_id")).order_by()

    def of_document(field: str) -> Case:
        return Case(
            When(document_kind=DOCUMENT_MOVES, then=Subquery(document.values(field)[:1])),
            default=Value(""),
            output_field=CharField(),
        )

    return (
        StockMove.objects.filter(store_id=store_id, product_id=product_id)
        .annotate(
            document_number=of_document("number"),
            stock_document_kind=of_document("kind"),
            other_store_name=Coalesce(F("other_store__name"), Value(""), output_field=CharField()),
        )
        .order_by("-id")
    )


def _document_names(moves: list[Any]) -> dict[tuple[str, int], tuple[str, str]]:
    """(kind, id) -> (the document's kind name, its number) in the reader's language: a stock
    document by its own kind (goods in, goods out, loan), the other flows by what registered them
    (apps.inventory.hooks.move_documents), one query per flow on the page."""
    names: dict[tuple[str, int], tuple[str, str]] = {}
    by_kind: dict[str, set[int]] = {}
    for move in moves:
        if move.document_kind == DOCUMENT_MOVES and move.stock_document_kind in DocumentKind.values:
            kind_name = str(DocumentKind(move.stock_document_kind).label)
            names[(DOCUMENT_MOVES, move.document_id)] = (kind_name, move.document_number or f"#{move.document_id}")
        else:
            by_kind.setdefault(move.document_kind, set()).add(move.document_id)
    for kind, ids in by_kind.items():
        document = move_documents.get(kind)
        kind_name = str(document.name) if document is not None else kind
        numbers = document.numbers(ids) if document is not None else {}
        names.update({(kind, pk): (kind_name, numbers.get(pk, f"#{pk}")) for pk in ids})
    return names


def move_rows(window: Iterable[StockMove], product: Product) -> list[MoveRow]:
    moves: list[Any] = list(window)
    unit, use_unit, per = product.unit, product.use_unit, product.use_per_unit
    documents = _document_names(moves)
    rows: list[MoveRow] = []
    for move in moves:
        document_kind = move.stock_document_kind or ""
        kind_name, number = documents[(move.document_kind, move.document_id)]
        rows.append(
            {
                "id": move.pk,
                "kind": move.kind,
                "kindName": str(MoveKind(move.kind).label) if move.kind in MoveKind.values else move.kind,
                "quantity": _number(move.quantity),
                "quantityDisplay": in_both_units(move.quantity, unit, use_unit, per),
                "after": _number(move.quantity_after),
                "afterDisplay": in_both_units(move.quantity_after, unit, use_unit, per),
                "documentKind": move.document_kind,
                "documentKindName": kind_name,
                "documentId": move.document_id,
                "documentNumber": number,
                "stockDocumentKind": document_kind if document_kind in DocumentKind.values else None,
                "batchNo": move.batch_no,
                "expiryDate": move.expiry_date,
                "otherStoreId": move.other_store_id,
                "otherStoreName": move.other_store_name,
                "remark": move.remark,
                "operatorName": operator_name(move.operator_name),
                "createdAt": move.created_at,
            }
        )
    return rows
