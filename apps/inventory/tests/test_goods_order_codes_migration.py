"""The data migration that gives roles already in a database the goods-order button codes."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.apps import apps

from apps.accounts.tests.factories import RoleFactory
from apps.core.page_registry import code_of

pytestmark = pytest.mark.django_db

migration = import_module("apps.inventory.migrations.0007_goods_order_codes")


def codes_of(role) -> set[str]:
    return set(role.resources.values_list("code", flat=True))


def test_store_managers_may_place_orders_and_head_office_confirm_ship_and_mark_paid():
    page = code_of("/bookProdLst")
    principal = RoleFactory(kind="principal", codes=[page])
    material = RoleFactory(kind="material_builder_admin", codes=[page])
    nurse = RoleFactory(kind="store_employee", codes=[page])
    elsewhere = RoleFactory(kind="owner", codes=[code_of("/orderBoard")])
    migration.give_goods_order_codes(apps, None)
    assert codes_of(principal) == {page, "BTN-DHJL-ORDER-PLACE"}
    assert codes_of(material) == {page, "BTN-DHJL-ORDER-CONFIRM", "BTN-DHJL-ORDER-SHIP", "BTN-DHJL-ORDER-PAID"}
    assert codes_of(nurse) == {page}
    assert "BTN-DHJL-ORDER-PLACE" not in codes_of(elsewhere)
