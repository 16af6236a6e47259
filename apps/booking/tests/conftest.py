import datetime

import pytest

from apps.accounts.testing import api_client
from apps.catalog.tests.factories import ProjectFactory
from apps.core.role_codes import RESERVATION_FORCE, ROTA_EDIT
from apps.members.tests.factories import MemberFactory
from apps.staff.tests.factories import EmployeeFactory

BOARD = "ERP-YUKB-PAG-0001-0000"
ROTA = "PBGL-0001"


@pytest.fixture
def store(chain):
    store = chain["store"]
    store.open_time, store.close_time = datetime.time(10), datetime.time(22)
    store.save()
    return store


@pytest.fixture
def nurse(store):
    return EmployeeFactory(store=store, name="张敏")


@pytest.fixture
def other_nurse(store):
    return EmployeeFactory(store=store, name="吴佳怡")


@pytest.fixture
def project(db):
    return ProjectFactory(name="头皮深层清洁", duration_minutes=60)


@pytest.fixture
def member(store):
    return MemberFactory(home_store=store, name="王芳", phone="13912345678")


@pytest.fixture
def manager_entry(store, make_entry):
    return make_entry(store, codes=[BOARD, ROTA, ROTA_EDIT.code, RESERVATION_FORCE.code])


@pytest.fixture
def client(manager_entry):
    """A principal of Store A: the reservation pages, the rota and the force code."""
    return api_client(entry=manager_entry)


@pytest.fixture
def desk_client(store, make_entry):
    """Front desk of Store A: the reservation pages only."""
    return api_client(entry=make_entry(store, codes=[BOARD]))


@pytest.fixture
def other_client(chain, make_entry):
    return api_client(
        entry=make_entry(chain["other_store"], codes=[BOARD, ROTA, ROTA_EDIT.code, RESERVATION_FORCE.code])
    )
