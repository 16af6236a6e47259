"""Stock for tests, put in through the ledger's one writer so balances and moves agree."""

from __future__ import annotations

from decimal import Decimal

from apps.catalog.models import Product
from apps.catalog.tests.factories import ProductFactory
from apps.core.audit import Actor
from apps.inventory.choices import MoveKind
from apps.inventory.services import MoveLine, record_moves
from apps.org.models import OrgUnit

KEEPER = Actor(login_name="SY00002")


def stocked(store: OrgUnit, quantity: str = "10", product: Product | None = None, **product_fields: object) -> Product:
    """A product with `quantity` of it received in `store` (document "test", id 0)."""
    item: Product = product or ProductFactory.create(**product_fields)
    record_moves(
        actor=KEEPER,
        store=store,
        kind=MoveKind.RECEIPT,
        document_kind="test",
        document_id=0,
        lines=[MoveLine(item.pk, Decimal(quantity))],
    )
    return item
