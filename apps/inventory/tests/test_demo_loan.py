"""The demo's loan: one in transit from the first demo store to its borrow-out target, made once."""

import pytest

from apps.catalog import demo as catalog_demo
from apps.core.ledgers import audit_all
from apps.inventory import demo
from apps.inventory.choices import DocumentKind, DocumentStatus
from apps.inventory.models import StockDocument
from apps.masterdata.demo import seed_master_lists
from apps.org import demo as org_demo

pytestmark = pytest.mark.django_db


def test_the_first_demo_store_has_one_loan_in_transit_to_its_borrow_out_target():
    chain = org_demo.seed_demo()
    seed_master_lists()
    catalog_demo.seed_demo(chain)
    demo.seed_demo(chain)
    demo.seed_demo(chain)
    loans = list(StockDocument.objects.filter(kind=DocumentKind.LOAN))
    assert [(loan.store_id, loan.other_store_id, loan.status) for loan in loans] == [
        (chain.stores[0].pk, chain.stores[1].pk, DocumentStatus.IN_TRANSIT)
    ]
    assert loans[0].lines.count() == 2
    assert audit_all() == []
