"""Shop-owner authorization (spec §2.4): checkStoreMaster passes only with an owner's code."""

import pytest

from apps.accounts.store_master import authorization_code_set
from apps.accounts.testing import api_client
from apps.core.audit import SYSTEM_ACTOR
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db
URL = "/rest/acct/checkStoreMaster"


@pytest.fixture
def owner(chain, make_entry):
    entry = make_entry(chain["region"], kind="owner")
    authorization_code_set(actor=SYSTEM_ACTOR, user=entry.user, code="24680")
    return entry.user


def test_an_owners_code_passes_for_a_store_beneath_the_owner(chain, make_entry, owner):
    client = api_client(entry=make_entry(chain["store"]))
    response = client.post(URL, {"storeId": chain["store"].pk, "authorizationCode": "24680"}, format="json")
    data = assert_envelope(response, status=200)
    assert data["passed"] is True
    assert response.json()["errmsg"] == "authorization passed"
    assert SystemLog.objects.filter(action="account.store_master_checked", detail__passed=True).exists()


def test_a_wrong_code_is_refused_and_logged(chain, make_entry, owner):
    client = api_client(entry=make_entry(chain["store"]))
    response = client.post(URL, {"storeId": chain["store"].pk, "authorizationCode": "13579"}, format="json")
    assert_envelope(response, status=400, errcode="ACCT-40003")
    assert SystemLog.objects.filter(action="account.store_master_checked", detail__passed=False).exists()


def test_the_code_is_stored_hashed(owner):
    assert owner.authorization_code and "24680" not in owner.authorization_code


@pytest.mark.parametrize(
    ("code", "message"),
    [("", "please enter the authorization code"), ("x" * 21, "the authorization code has at most 20 characters")],
)
def test_code_required_and_at_most_twenty(chain, make_entry, owner, code, message):
    client = api_client(entry=make_entry(chain["store"]))
    response = client.post(URL, {"storeId": chain["store"].pk, "authorizationCode": code}, format="json")
    data = assert_envelope(response, status=400, errcode="VALID-40000")
    assert data["fields"]["authorizationCode"] == [message]


def test_another_stores_check_answers_not_found(chain, make_entry, owner):
    client = api_client(entry=make_entry(chain["store"]))
    response = client.post(URL, {"storeId": chain["other_store"].pk, "authorizationCode": "24680"}, format="json")
    assert_envelope(response, status=404, errcode="SYS-40400")
