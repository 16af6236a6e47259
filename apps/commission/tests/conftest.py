from decimal import Decimal

import pytest

from apps.catalog.tests.factories import ProjectFactory
from apps.inventory.tests.factories import stocked
from apps.staff.choices import EmployeePosition
from apps.staff.tests.factories import EmployeeFactory


@pytest.fixture(autouse=True)
def _signatures_in_a_temporary_folder(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def other_store(chain):
    return chain["other_store"]


@pytest.fixture
def nurse(store):
    return EmployeeFactory(store=store, name="张敏", position=EmployeePosition.NURSE)


@pytest.fixture
def desk(store):
    return EmployeeFactory(store=store, name="孙悦", position=EmployeePosition.FRONT_DESK)


@pytest.fixture
def product(store):
    """A product at 100.00 that Store A holds 1,000 of."""
    return stocked(store, "1000", name="洗发水", price=Decimal("100.00"))


@pytest.fixture
def project(db):
    return ProjectFactory(name="头皮护理", price=Decimal("300.00"))
