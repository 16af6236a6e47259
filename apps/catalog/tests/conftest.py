import pytest

from apps.accounts.testing import api_client
from apps.core.role_codes import COST_VIEW

ALL_CATALOG_CODES = [
    "CPGL-PAG-0001",
    "CPGL-0002",
    "XMGL-PAG-0001",
    "XMGL-0002",
    "KXGL-PAG-0001",
    "KXGL-0002",
    "KCXG-0001",
    "DWGL-0003",
]


@pytest.fixture
def store_entry(chain, make_entry):
    return make_entry(chain["store"], codes=ALL_CATALOG_CODES)


@pytest.fixture
def client(store_entry):
    """A principal of Store A with every catalogue code."""
    return api_client(entry=store_entry)


@pytest.fixture
def cost_client(chain, make_entry):
    """As `client`, with the code that reads cost prices (BTN-SPGL-COST-VIEW)."""
    return api_client(entry=make_entry(chain["store"], codes=[*ALL_CATALOG_CODES, COST_VIEW.code]))


@pytest.fixture
def other_client(chain, make_entry):
    return api_client(entry=make_entry(chain["other_store"], codes=ALL_CATALOG_CODES))


@pytest.fixture
def hq_client(chain, make_entry):
    return api_client(entry=make_entry(chain["head_office"], codes=ALL_CATALOG_CODES))
