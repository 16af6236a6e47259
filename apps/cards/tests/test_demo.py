import pytest

from apps.cards import demo
from apps.cards.models import Card, CardEntry
from apps.catalog import demo as catalog_demo
from apps.core.ledgers import audit_all
from apps.masterdata.demo import seed_master_lists
from apps.members import demo as members_demo
from apps.org import demo as org_demo
from apps.staff import demo as staff_demo

pytestmark = pytest.mark.django_db


def test_demo_members_hold_a_stored_value_and_a_package_card_once():
    chain = org_demo.seed_demo()
    staff_demo.seed_demo(chain)
    seed_master_lists()
    catalog_demo.seed_demo(chain)
    members_demo.seed_demo(chain)
    demo.seed_demo(chain)
    counts = (Card.objects.count(), CardEntry.objects.count())
    demo.seed_demo(chain)
    assert counts == (Card.objects.count(), CardEntry.objects.count())
    for store in chain.stores:
        kinds = sorted(Card.objects.filter(store=store).values_list("kind", flat=True))
        assert kinds == ["package", "package", "storedValue", "storedValue"]
    assert audit_all() == []
