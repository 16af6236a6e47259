"""The loans' part of the inventory ledger audit: every loan (and loan return) is open or closed on
both sides. The sending store's moves of the document are its lines, out; a received document has
the receiving store's moves equal to them, in; one in transit has none in the receiving store; and
no line has more given back than was lent. Loans are few beside the moves, so the document's moves
are summed per document and product in the database and compared here."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from decimal import Decimal

from django.db.models import F, Sum

from apps.core.ledgers import Difference
from apps.inventory.choices import DocumentKind, DocumentStatus
from apps.inventory.models import ZERO, StockDocument, StockDocumentLine, StockMove
from apps.inventory.services import DOCUMENT_MOVES

LOAN_KINDS = (DocumentKind.LOAN, DocumentKind.LOAN_RETURN)


def loan_differences() -> Iterator[Difference]:
    loans = {
        pk: (store_id, other_store_id, status)
        for pk, store_id, other_store_id, status in StockDocument.objects.filter(kind__in=LOAN_KINDS).values_list(
            "pk", "store_id", "other_store_id", "status"
        )
    }
    if not loans:
        return
    lent: dict[tuple[int, int], Decimal] = defaultdict(lambda: ZERO)
    for document_id, product_id, total in (
        StockDocumentLine.objects.filter(document_id__in=loans)
        .values("document_id", "product_id")
        .annotate(total=Sum("use_quantity"))
        .values_list("document_id", "product_id", "total")
    ):
        lent[document_id, product_id] = total
    moved: dict[tuple[int, int, int], Decimal] = defaultdict(lambda: ZERO)
    for document_id, store_id, product_id, total in (
        StockMove.objects.filter(document_kind=DOCUMENT_MOVES, document_id__in=list(loans))
        .values("document_id", "store_id", "product_id")
        .annotate(total=Sum("quantity"))
        .values_list("document_id", "store_id", "product_id", "total")
    ):
        moved[document_id, store_id, product_id] = total
    products = {(document_id, product_id) for document_id, _store, product_id in moved} | set(lent)
    for (document_id, store_id, product_id), total in moved.items():
        if store_id not in loans[document_id][:2]:
            yield Difference(
                "inventory", f"loan {document_id} product {product_id}", f"moves of store {store_id}", total, ZERO
            )
    for document_id, product_id in sorted(products):
        store_id, other_store_id, status = loans[document_id]
        record = f"loan {document_id} product {product_id}"
        line = lent.get((document_id, product_id), ZERO)
        sent = moved.get((document_id, store_id, product_id), ZERO)
        if sent != -line:
            yield Difference("inventory", record, "sent", -sent, line)
        received = moved.get((document_id, other_store_id, product_id), ZERO) if other_store_id else ZERO
        expected = line if status == DocumentStatus.RECEIVED else ZERO
        if received != expected:
            yield Difference("inventory", record, f"received ({status})", received, expected)
    over = StockDocumentLine.objects.filter(document_id__in=loans, returned__gt=F("quantity"))
    for pk, returned, quantity in over.values_list("pk", "returned", "quantity"):
        yield Difference("inventory", f"loan line {pk}", "returned", returned, quantity)
