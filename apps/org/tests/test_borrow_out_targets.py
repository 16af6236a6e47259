import pytest

from apps.accounts.testing import api_client
from apps.core.testing import assert_envelope, assert_list_queries_constant
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db


def test_lists_the_stores_a_store_may_lend_to(chain, make_entry):
    chain["store"].borrow_out_targets.add(chain["other_store"])
    client = api_client(entry=make_entry(chain["store"]))
    data = assert_envelope(client.get(f"/rest/shopDetail/findStoreListByBossId/{chain['store'].pk}"), status=200)
    assert data == [{"id": chain["other_store"].pk, "name": "Store B"}]


def test_a_store_without_targets_answers_an_empty_list(chain, make_entry):
    client = api_client(entry=make_entry(chain["store"]))
    assert assert_envelope(client.get(f"/rest/shopDetail/findStoreListByBossId/{chain['store'].pk}"), status=200) == []


def test_another_stores_targets_answer_not_found(chain, make_entry):
    client = api_client(entry=make_entry(chain["store"]))
    response = client.get(f"/rest/shopDetail/findStoreListByBossId/{chain['other_store'].pk}")
    assert_envelope(response, status=404, errcode="SYS-40400")


def test_targets_list_makes_constant_queries(chain, make_entry):
    client = api_client(entry=make_entry(chain["store"]))

    def add_targets(count):
        chain["store"].borrow_out_targets.add(*StoreFactory.create_batch(count, parent=chain["region"]))

    assert_list_queries_constant(client, f"/rest/shopDetail/findStoreListByBossId/{chain['store'].pk}", add_targets)
