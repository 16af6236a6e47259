"""Goods in (spec KCGL-0001/0002, §7.8 stockIn, scancodestock): a receipt from a supplier or from
head office, line by line, written with its moves by `document_create`. A product that tracks
batches needs its batch number and expiry date on every line."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from apps.catalog.models import Product
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput
from apps.core.transactions import use_case_atomic
from apps.inventory.choices import AuditAction, DocumentKind, DocumentType, MoveKind
from apps.inventory.models import StockDocument
from apps.inventory.services import DocumentLineInput, document_create
from apps.org.models import OrgUnit

# The types a person may pick for a receipt on /storageDetail; a loan's arrival is the loan flow's.
RECEIPT_TYPES = (DocumentType.SUPPLIER, DocumentType.HEAD_OFFICE)


def check_batches(lines: Sequence[DocumentLineInput]) -> None:
    """Every line of a product that tracks batches names its batch and its expiry date."""
    tracking = set(
        Product.objects.filter(pk__in={line.product_id for line in lines}, tracks_batches=True).values_list(
            "pk", flat=True
        )
    )
    for line in lines:
        if line.product_id not in tracking:
            continue
        if not line.batch_no.strip():
            raise InvalidInput(gettext("please enter the batch number"), field="batchNo")
        if line.expiry_date is None:
            raise InvalidInput(gettext("please enter the expiry date"), field="expiryDate")


def receipt_create(
    *,
    actor: Actor,
    store: OrgUnit,
    type: DocumentType,
    lines: Sequence[DocumentLineInput],
    supplier: str = "",
    remark: str = "",
    source_id: int | None = None,
) -> StockDocument:
    """A goods-in document of `store` and its moves in one transaction (services.document_create).
    A supplier's receipt names the supplier; batches as check_batches says."""
    if type not in RECEIPT_TYPES:
        raise InvalidInput(gettext("a goods-in is from a supplier or from head office"), field="type")
    if type == DocumentType.SUPPLIER and not supplier.strip():
        raise InvalidInput(gettext("please enter the supplier"), field="supplier")
    if len({(line.product_id, line.batch_no.strip()) for line in lines}) != len(lines):
        raise InvalidInput(gettext("a product appears twice with the same batch"), field="lines")
    with use_case_atomic():
        check_batches(lines)
        document = document_create(
            actor=actor,
            store=store,
            kind=DocumentKind.RECEIPT,
            type=type,
            lines=lines,
            move_kind=MoveKind.RECEIPT,
            outward=False,
            supplier=supplier.strip(),
            source_id=source_id,
            remark=remark,
        )
        audit_record(
            actor=actor,
            action=AuditAction.RECEIPT_CREATED,
            target=document,
            detail={"type": type, "lines": len(lines), "sourceId": source_id},
        )
    return document
