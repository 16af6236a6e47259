import pytest

from apps.catalog import demo as catalog_demo
from apps.core.ledgers import audit_all
from apps.inventory import demo
from apps.inventory.choices import StocktakeStatus
from apps.inventory.models import StockMove, Stocktake
from apps.masterdata.demo import seed_master_lists
from apps.org import demo as org_demo

pytestmark = pytest.mark.django_db


def test_the_first_demo_store_has_an_approved_and_an_open_stocktake_once():
    chain = org_demo.seed_demo()
    seed_master_lists()
    catalog_demo.seed_demo(chain)
    demo.seed_demo(chain)
    demo.seed_demo(chain)
    first = chain.stores[0]
    assert sorted(Stocktake.objects.filter(store=first).values_list("status", flat=True)) == sorted(
        [StocktakeStatus.APPROVED, StocktakeStatus.COUNTING]
    )
    approved = Stocktake.objects.get(store=first, status=StocktakeStatus.APPROVED)
    assert StockMove.objects.filter(document_kind="stocktake", document_id=approved.pk).count() == 3
    assert not Stocktake.objects.exclude(store=first).exists()
    assert audit_all() == []
