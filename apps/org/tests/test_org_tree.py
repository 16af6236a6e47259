import pytest
from django.core.exceptions import ValidationError

from apps.org.choices import OrgUnitKind
from apps.org.models import OrgUnit, Store
from apps.org.selectors import store_ids_under, stores_under_units
from apps.org.tests.factories import HeadOfficeFactory, RegionFactory, StoreFactory

pytestmark = pytest.mark.django_db


def test_path_is_the_chain_of_ids(chain):
    store = chain["store"]
    assert store.path == f"/{chain['head_office'].pk}/{chain['region'].pk}/{store.pk}/"


def test_moving_a_region_moves_its_stores(chain):
    new_office = HeadOfficeFactory()
    region = chain["region"]
    region.parent = new_office
    region.save()
    chain["store"].refresh_from_db()
    assert chain["store"].path.startswith(f"/{new_office.pk}/{region.pk}/")
    assert store_ids_under(new_office) == {chain["store"].pk, chain["other_store"].pk}


def test_stores_under_a_level_and_under_a_store(chain):
    assert store_ids_under(chain["head_office"]) == {chain["store"].pk, chain["other_store"].pk}
    assert store_ids_under(chain["store"]) == {chain["store"].pk}


def test_stores_under_several_units_are_listed_once(chain):
    stores = stores_under_units([chain["head_office"], chain["region"], chain["store"]])
    assert sorted(store.pk for store in stores) == sorted([chain["store"].pk, chain["other_store"].pk])


def test_a_store_cannot_sit_under_a_store(chain):
    unit = OrgUnit(kind=OrgUnitKind.STORE, name="Nested", code="NESTED", parent=chain["store"])
    with pytest.raises(ValidationError):
        unit.full_clean()


def test_a_unit_cannot_sit_under_its_own_descendant(chain):
    region = chain["region"]
    region.parent = RegionFactory(parent=region)
    with pytest.raises(ValidationError):
        region.full_clean()


def test_store_proxy_lists_only_stores(chain):
    assert set(Store.objects.all()) == {chain["store"], chain["other_store"]}
    assert StoreFactory._meta.model.objects.stores().count() == 2
