"""Safety stock (/safetyStock): set one or many per store (the system log for each change), the
below-safety list, and one task in the task centre when a product falls below it (only on the
crossing, one open per store and product until the stock is back at or above it)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.testing import api_client
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.inventory.choices import AuditAction, MoveKind
from apps.inventory.models import SafetyAlert, SafetyStock
from apps.inventory.safety import SafetyInput, safety_stock_set
from apps.inventory.services import MoveLine, record_moves
from apps.inventory.tests.factories import KEEPER, stocked
from apps.messaging.choices import TaskType
from apps.messaging.models import Task

pytestmark = pytest.mark.django_db

SET = "/rest/stock/safety/set"
LIVE = "/rest/stock/live"


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def client(chain, make_entry):
    return api_client(entry=make_entry(chain["store"], codes=["KCGL-0013"]))


def move(store, product, quantity: str) -> None:
    record_moves(
        actor=KEEPER,
        store=store,
        kind=MoveKind.STORE_USE if quantity.startswith("-") else MoveKind.RECEIPT,
        document_kind="test",
        document_id=1,
        lines=[MoveLine(product.pk, Decimal(quantity))],
    )


def tasks(store) -> list[Task]:
    return list(Task.objects.filter(store=store, type=TaskType.SAFETY_STOCK))


def test_a_move_that_takes_a_product_below_its_safety_stock_raises_one_task(store):
    product = stocked(store, "10", default_safety_stock=5, name="Shampoo")
    move(store, product, "-5")
    assert tasks(store) == []  # at 5: not below
    move(store, product, "-1")
    [task] = tasks(store)
    assert "Shampoo" in task.msg_name
    move(store, product, "-1")
    move(store, product, "-2")
    assert len(tasks(store)) == 1  # still below: no second task
    assert SafetyAlert.objects.get(store=store, product=product, closed_at__isnull=True).task_id == task.pk


def test_back_at_safety_closes_the_alert_and_the_next_fall_raises_a_new_task(store):
    product = stocked(store, "6", default_safety_stock=5)
    move(store, product, "-2")
    move(store, product, "1")  # back at 5
    assert not SafetyAlert.objects.filter(store=store, product=product, closed_at__isnull=True).exists()
    move(store, product, "-1")
    assert len(tasks(store)) == 2
    assert SafetyAlert.objects.filter(store=store, product=product).count() == 2


def test_safety_in_stock_units_counts_the_use_units(store):
    bottle = stocked(store, "1000", use_unit="ml", use_per_unit=Decimal("500"), default_safety_stock=2)
    move(store, bottle, "-15")  # 985 ml < 2 bottles
    assert len(tasks(store)) == 1


def test_a_product_without_a_safety_stock_never_raises_a_task(store):
    product = stocked(store, "1")
    move(store, product, "-1")
    assert tasks(store) == []


def test_a_move_that_crosses_nothing_adds_no_query_for_safety(store):
    product = stocked(store, "100", default_safety_stock=5)
    other = stocked(store, "100")
    with CaptureQueriesContext(connection) as plain:
        move(store, other, "-1")
    with CaptureQueriesContext(connection) as with_safety:
        move(store, product, "-1")
    assert len(with_safety) == len(plain)
    with CaptureQueriesContext(connection) as crossing:
        move(store, product, "-95")
    assert len(crossing) > len(plain)


def test_setting_safety_stock_above_the_stock_raises_the_task_and_writes_the_log(store):
    product = stocked(store, "3")
    changed = safety_stock_set(actor=KEEPER, store=store, items=[SafetyInput(product.pk, Decimal("4"))])
    assert changed == 1
    assert len(tasks(store)) == 1
    log = SystemLog.objects.get(action=AuditAction.SAFETY_STOCK_SET)
    assert log.detail == {"storeId": store.pk, "productId": product.pk, "before": None, "after": "4", "default": 0}
    # The same value again changes nothing, and raises nothing.
    assert safety_stock_set(actor=KEEPER, store=store, items=[SafetyInput(product.pk, Decimal("4"))]) == 0
    # Back to the default (0) closes the alert.
    assert safety_stock_set(actor=KEEPER, store=store, items=[SafetyInput(product.pk, None)]) == 1
    assert not SafetyStock.objects.filter(store=store, product=product).exists()
    assert not SafetyAlert.objects.filter(store=store, closed_at__isnull=True).exists()


def test_many_products_are_set_at_once_over_http_and_the_below_list_shows_them(store, client):
    low = stocked(store, "2", code="SF-1")
    high = stocked(store, "50", code="SF-2")
    body = {"items": [{"productId": low.pk, "quantity": "5"}, {"productId": high.pk, "quantity": "5.5"}]}
    assert assert_envelope(client.post(SET, body, format="json"), status=200) == {"changed": 2}
    below = assert_envelope(client.get(LIVE, {"belowSafety": "true", "search": "SF-"}), status=200)
    assert [row["code"] for row in below["list"]] == ["SF-1"]
    assert below["list"][0]["safetyStock"] == "5" and below["list"][0]["safetySet"] is True
    assert SystemLog.objects.filter(action=AuditAction.SAFETY_STOCK_SET).count() == 2
    assert len(tasks(store)) == 1


@pytest.mark.parametrize(
    "items",
    [
        [],
        [{"productId": 1, "quantity": "-1"}],
        [{"productId": 1, "quantity": "1.0005"}],
        [{"productId": 1, "quantity": "1"}, {"productId": 1, "quantity": "2"}],
        [{"productId": 999999, "quantity": "1"}],
    ],
)
def test_bad_input_is_refused_and_writes_nothing(store, client, items):
    stocked(store, "1")
    assert_envelope(client.post(SET, {"items": items}, format="json"), status=400, errcode="VALID-40000")
    assert not SafetyStock.objects.exists()
    assert not SystemLog.objects.filter(action=AuditAction.SAFETY_STOCK_SET).exists()


def test_another_stores_safety_stock_cannot_be_set(chain, client):
    product = stocked(chain["other_store"], "1")
    body = {"storeId": chain["other_store"].pk, "items": [{"productId": product.pk, "quantity": "5"}]}
    assert_envelope(client.post(SET, body, format="json"), status=404, errcode="SYS-40400")
    assert not SafetyStock.objects.exists()


def test_the_live_stock_role_alone_cannot_set_safety_stock(chain, make_entry):
    reader = api_client(entry=make_entry(chain["store"], codes=["KCGL-0007"]))
    product = stocked(chain["store"], "1")
    body = {"items": [{"productId": product.pk, "quantity": "5"}]}
    assert_envelope(reader.post(SET, body, format="json"), status=403, errcode="AUTH-40300")


def test_the_task_reads_in_the_readers_language_and_is_stored_in_the_chains(store, make_entry):
    product = stocked(store, "10", default_safety_stock=5, name="控油洗发水", code="P0001")
    move(store, product, "-6")
    [task] = tasks(store)
    reader = make_entry(store)
    shown = {}
    for language in ("en", "zh-hans"):
        client = api_client(entry=reader, language=language)
        [row] = assert_envelope(client.get("/rest/taskCenterRest/searchTaskStore"), status=200)["list"]
        detail = assert_envelope(client.get("/rest/taskCenterRest/getTaskDetailStore", {"id": task.pk}), status=200)
        shown[language] = (row["msgName"], detail["content"])
    assert shown["en"] == (
        "控油洗发水 is below its safety stock",
        f"The live stock of P0001 控油洗发水 in {store.name} is below its safety stock. "
        "See /safetyStock and order goods.",
    )
    assert shown["zh-hans"][0] == "控油洗发水 低于安全库存" and "低于安全库存" in shown["zh-hans"][1]
    assert (task.msg_name, task.text_code) == ("控油洗发水 低于安全库存", "inventory.below_safety")
