import pytest

from apps.accounts.testing import api_client
from apps.core.role_codes import MEMBER_CANCEL_DECIDE, MEMBER_PHONE_VIEW, MEMBER_POINTS_ADJUST
from apps.masterdata.demo import seed_master_lists

MEMBER_PAGES = ["ERP-HYGL-PAG-0002-0000", "ERP-HYGL-PAG-0003-0000"]
ALL_MEMBER_CODES = [*MEMBER_PAGES, MEMBER_PHONE_VIEW.code, MEMBER_POINTS_ADJUST.code, MEMBER_CANCEL_DECIDE.code]


@pytest.fixture
def master_lists(db):
    seed_master_lists()


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def other_store(chain):
    return chain["other_store"]


@pytest.fixture
def manager(store, make_entry):
    """A principal of Store A with every member page and button code."""
    return make_entry(store, codes=ALL_MEMBER_CODES)


@pytest.fixture
def client(manager):
    return api_client(entry=manager)


@pytest.fixture
def clerk_client(store, make_entry):
    """Store A staff with the member pages only (no button codes)."""
    return api_client(entry=make_entry(store, codes=MEMBER_PAGES))


@pytest.fixture
def other_client(other_store, make_entry):
    return api_client(entry=make_entry(other_store, codes=ALL_MEMBER_CODES))
