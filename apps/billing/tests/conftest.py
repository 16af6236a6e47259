import pytest

from apps.core.testing import api_client
from apps.members.tests.factories import MemberFactory
from apps.staff.tests.factories import EmployeeFactory

PAYMENT_PAGE = "ERP-KDJC-PAG-0003-0000"


@pytest.fixture(autouse=True)
def _signatures_in_a_temporary_folder(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def member(store):
    return MemberFactory(home_store=store, name="王芳", phone="13912345678")


@pytest.fixture
def nurse(store):
    return EmployeeFactory(store=store, name="张敏")


@pytest.fixture
def seller(store):
    return EmployeeFactory(store=store, name="吴佳怡")


@pytest.fixture
def cashier_entry(store, make_entry):
    return make_entry(store, codes=[PAYMENT_PAGE])


@pytest.fixture
def client(cashier_entry):
    """A cashier of Store A: the billing pages."""
    return api_client(entry=cashier_entry)


@pytest.fixture
def other_client(chain, make_entry):
    return api_client(entry=make_entry(chain["other_store"], codes=[PAYMENT_PAGE]))
