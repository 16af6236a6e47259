"""The system log reads in people's words (issue 28 §9): every action an app writes has a label,
every object shows its kind and its business name (SO…, PD…, a member's code and masked name, a
reservation at the store's time) in the reader's language, the system signs as 系统 / System; the
list and the export alike."""

from __future__ import annotations

import ast
import datetime
from importlib import import_module
from io import BytesIO
from pathlib import Path

import pytest
from django.apps import apps as installed
from django.db import models
from django.utils import timezone
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.billing.tests.factories import committed_order
from apps.booking.choices import AuditAction as BookingAction
from apps.booking.tests.factories import ReservationFactory
from apps.catalog.choices import AuditAction as CatalogAction
from apps.core.audit import SYSTEM_ACTOR, Actor, audit_record
from apps.core.role_codes import SYSTEM_LOG_VIEW
from apps.core.testing import assert_envelope, assert_matches_schema
from apps.inventory.stocktakes import stocktake_approve, stocktake_create, stocktake_submit
from apps.inventory.tests.factories import stocked
from apps.members.choices import AuditAction as MembersAction
from apps.members.tests.factories import MemberFactory
from apps.reports.system_log import OBJECT_NAMERS, action_labels

pytestmark = pytest.mark.django_db

LIST = "/rest/sysLog/list"
EXPORT = "/rest/sysLog/export"
APPS = Path(__file__).resolve().parents[2]


def _today() -> dict[str, str]:
    today = timezone.localdate().isoformat()
    return {"dateFrom": today, "dateTo": today}


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def principal(store):
    return Actor(login_name="SY00002", role_name="店长", store_id=store.pk, store_name=store.name)


@pytest.fixture
def reader(store, make_entry):
    return make_entry(store, codes=[SYSTEM_LOG_VIEW.code])


def _rows(reader, language: str) -> dict[str, dict]:
    response = api_client(entry=reader, language=language).get(LIST, _today())
    assert_matches_schema(response)
    return {row["action"]: row for row in assert_envelope(response, status=200)["list"]}


def _shown(row: dict) -> tuple[str, str, str]:
    return row["actionName"], row["objectTypeName"], row["objectName"]


def test_a_stocktake_an_order_and_a_member_read_by_their_numbers_in_both_languages(store, principal, reader):
    stocktake = stocktake_create(actor=principal, store=store)
    stocktake_submit(actor=principal, store=store, stocktake_id=stocktake.pk)
    stocktake_approve(actor=principal, store=store, stocktake_id=stocktake.pk)
    stocktake.refresh_from_db()
    order = committed_order(store=store, actor=principal)
    member = MemberFactory(name="王静", crm_code="HY0100021", phone="13812345678", home_store=store)
    audit_record(actor=principal, action=MembersAction.MEMBER_UPDATED, target=member)

    english, chinese = _rows(reader, "en"), _rows(reader, "zh-hans")

    assert stocktake.number.startswith("PD") and order.order_no.startswith("SO")
    assert _shown(english["inventory.stocktake_approved"]) == ("approved a stocktake", "stocktake", stocktake.number)
    assert _shown(chinese["inventory.stocktake_approved"]) == ("审批通过盘点", "盘点单", stocktake.number)
    assert _shown(english["billing.order_committed"]) == ("committed an order", "order", order.order_no)
    assert _shown(chinese["billing.order_committed"])[1:] == ("订单", order.order_no)
    assert _shown(english["member.updated"]) == ("edited a member", "member", "HY0100021 王*")
    assert _shown(chinese["member.updated"]) == ("修改会员", "会员", "HY0100021 王*")
    assert "王静" not in str(english) and "13812345678" not in str(chinese)


def test_a_reservation_reads_at_the_stores_time_with_the_customers_name_masked(store, principal, reader):
    start = datetime.datetime(2026, 12, 6, 6, 0, tzinfo=datetime.UTC)  # 14:00 in Shanghai
    reservation = ReservationFactory(store=store, name="李秀英", start=start)
    audit_record(actor=principal, action=BookingAction.RESERVATION_SAVED, target=reservation)
    row = _rows(reader, "zh-hans")[BookingAction.RESERVATION_SAVED]
    assert (row["objectTypeName"], row["objectName"]) == ("预约", "李*英 2026-12-06 14:00")


def test_what_the_system_did_is_signed_system_in_the_readers_language(store, reader):
    system_at_store = Actor(login_name=SYSTEM_ACTOR.login_name, store_id=store.pk, store_name=store.name)
    audit_record(actor=system_at_store, action=MembersAction.MEMBER_UPDATED, target=MemberFactory(home_store=store))
    assert _rows(reader, "en")["member.updated"]["loginName"] == "System"
    assert _rows(reader, "zh-hans")["member.updated"]["loginName"] == "系统"


def test_an_object_no_app_names_keeps_the_name_it_was_written_with(store, principal, reader):
    product = stocked(store, "1", name="控油洗发水", code="P0001")
    audit_record(actor=principal, action=CatalogAction.ITEM_SAVED, target=product)
    row = _rows(reader, "zh-hans")[CatalogAction.ITEM_SAVED]
    assert (row["objectTypeName"], row["objectName"]) == ("产品", "P0001 控油洗发水")


def test_the_export_has_the_objects_kind_and_business_name_in_the_readers_language(store, principal, reader):
    order = committed_order(store=store, actor=principal)
    response = api_client(entry=reader, language="zh-hans").get(EXPORT, _today())
    sheet = load_workbook(BytesIO(response.content)).active
    header, *rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    entry = dict(zip(header, next(row for row in rows if row[5] == "提交了订单"), strict=True))
    assert (entry["对象类型"], entry["对象"]) == ("订单", order.order_no)


def test_every_kind_the_log_names_is_a_model_of_the_project():
    for label in OBJECT_NAMERS:
        assert installed.get_model(label)._meta.label_lower == label


def test_every_action_choices_class_of_every_app_is_named_by_the_log():
    labels = action_labels()
    found = []
    for config in installed.get_app_configs():
        if not config.name.startswith("apps."):
            continue
        try:
            choices = import_module(f"{config.name}.choices")
        except ModuleNotFoundError:
            continue
        for name, value in vars(choices).items():
            if isinstance(value, type) and issubclass(value, models.TextChoices) and name.endswith("Action"):
                found.append(name)
                assert set(value.values) <= labels.keys(), f"{config.name}.choices.{name}"
    assert {"AuditAction", "OutboundAction", "MoveInAuditAction"} <= set(found)


def _literal_actions() -> list[str]:
    """Every audit_record call in app code whose action is written as a bare string: such an action
    is in no choices class, so the log could not name it."""
    found = []
    for path in APPS.rglob("*.py"):
        if "tests" in path.parts or "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "audit_record"):
                continue
            for keyword in node.keywords:
                if keyword.arg == "action" and isinstance(keyword.value, ast.Constant | ast.JoinedStr):
                    found.append(f"{path.relative_to(APPS)}:{node.lineno}")
    return found


def test_no_app_writes_an_action_the_log_cannot_name():
    assert _literal_actions() == []
