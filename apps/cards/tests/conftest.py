import pytest

from apps.accounts.testing import api_client
from apps.core.role_codes import CARD_CODES

CARD_PAGES = ["ERP-HYGL-PAG-0003-0000", "ERP-KDJC-PAG-0003-0000"]
ALL_CARD_CODES = [*CARD_PAGES, *(button.code for button in CARD_CODES)]


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def other_store(chain):
    return chain["other_store"]


@pytest.fixture
def client(store, make_entry):
    """A principal of Store A with the card pages and every card button code."""
    return api_client(entry=make_entry(store, codes=ALL_CARD_CODES))


@pytest.fixture
def cashier_client(store, make_entry):
    """Store A staff with the card pages only (no button codes)."""
    return api_client(entry=make_entry(store, codes=CARD_PAGES))


@pytest.fixture
def other_client(other_store, make_entry):
    """A principal of Store B: the chain's members and cards are hers to read and serve too."""
    return api_client(entry=make_entry(other_store, codes=ALL_CARD_CODES))


@pytest.fixture
def head_office_client(chain, make_entry):
    return api_client(entry=make_entry(chain["head_office"], codes=ALL_CARD_CODES))
