"""Importing move-ins from Excel (storerelocationupload/import): all or nothing with a row report."""

from __future__ import annotations

import time
from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from apps.accounts.testing import api_client
from apps.catalog.choices import CardKind
from apps.catalog.tests.factories import CardTypeFactory, ProjectFactory, ProjectPackageFactory
from apps.core.excel import header_aliases, read_workbook, write_workbook
from apps.core.testing import assert_envelope
from apps.core.tests import workbooks
from apps.members.models import MoveIn, MoveInLine
from apps.members.move_in_import import COLUMNS

MOVE_IN_PAGES = ["ERP-HYQR-PAG-0001-0000", "ERP-HYQR-PAG-0001-0001"]
IMPORT = "/rest/storerelocationupload/import"
TEMPLATE = "/rest/storerelocationupload/template"
KEYS = [column.key for column in COLUMNS]


@pytest.fixture
def client(chain, make_entry):
    return api_client(entry=make_entry(chain["store"], codes=MOVE_IN_PAGES), language="zh-hans")


@pytest.fixture
def catalogue(db):
    return {
        "stored": CardTypeFactory(code="GOLD"),
        "package": CardTypeFactory(
            code="CARE", kind=CardKind.PACKAGE, project_package=ProjectPackageFactory(), face_value=0
        ),
        "wash": ProjectFactory(code="P-WASH"),
        "scalp": ProjectFactory(code="P-SCALP"),
    }


def row(**cells) -> list:
    base = {
        "areaCode": "0086",
        "phone": "13912345678",
        "name": "李娜",
        "sourceBrand": "美发连锁",
        "sourceStore": "徐汇店",
        "oldCardName": "钻石卡",
        "oldCardNo": "A1",
        "kind": "储值卡",
        "oldBalance": "500.00",
        "coefficient": 0.9,
        "cardTypeCode": "GOLD",
    }
    base.update(cells)
    return [base.get(key) for key in KEYS]


def workbook(*rows) -> SimpleUploadedFile:
    content = write_workbook("move-ins", KEYS, rows)
    return SimpleUploadedFile("move-ins.xlsx", content)


def good_rows() -> list:
    return [
        row(),
        row(
            oldCardName="护理卡",
            oldCardNo="B1",
            kind="package",
            oldBalance=None,
            cardTypeCode="CARE",
            projectCode="P-WASH",
            sessions=5,
        ),
        row(
            oldCardName="护理卡",
            oldCardNo="B1",
            kind="package",
            oldBalance=None,
            cardTypeCode="CARE",
            projectCode="P-SCALP",
            sessions=3,
        ),
        row(phone="13800001111", name="张伟", oldBalance="120.50", coefficient=1),
    ]


def test_a_good_file_creates_every_move_in_as_a_draft(client, catalogue):
    answer = assert_envelope(client.post(IMPORT, {"file": workbook(*good_rows())}), status=201)
    assert answer["created"] == 2
    first, second = MoveIn.objects.order_by("id")
    assert (first.status, first.line_count, first.old_value, first.new_value, first.sessions) == (
        "draft",
        2,
        500,
        450,
        8,
    )
    assert (second.name, second.new_value) == ("张伟", 120.5)
    package = MoveInLine.objects.get(kind="package")
    assert sorted(package.sessions.values_list("project__code", "sessions")) == [("P-SCALP", 3), ("P-WASH", 5)]


def test_one_bad_row_writes_nothing_and_the_report_names_row_and_column(client, catalogue):
    rows = good_rows()
    rows.append(row(phone="13700002222", cardTypeCode="NOPE"))
    rows.append(row(phone="13700003333", coefficient=1.5))
    answer = client.post(IMPORT, {"file": workbook(*rows)})
    assert_envelope(answer, status=400, errcode="MEM-40010")
    errors = answer.json()["data"]["errors"]
    assert errors == [
        {"row": 6, "column": "cardTypeCode", "message": "本店没有启用该编码的卡类型"},
        {"row": 7, "column": "coefficient", "message": "系数须大于 0 且不超过 1"},
    ]
    assert not MoveIn.objects.exists()


def test_a_file_that_is_not_a_workbook_is_refused(client, catalogue):
    answer = client.post(IMPORT, {"file": SimpleUploadedFile("x.xlsx", b"not a workbook")})
    assert_envelope(answer, status=400, errcode="MEM-40010")
    assert not MoveIn.objects.exists()


def test_a_workbook_claiming_a_full_sheet_is_refused_within_a_second(client, catalogue):
    """Issue 25 §2: 5 KB whose <dimension> claims A1:XFD1048576 with a cell in the last row made
    openpyxl pad every claimed cell, for minutes; the row bound refuses it at once."""
    started = time.monotonic()
    answer = client.post(IMPORT, {"file": SimpleUploadedFile("x.xlsx", workbooks.claiming_a_full_sheet(tuple(KEYS)))})
    assert time.monotonic() - started < 1
    assert_envelope(answer, status=400, errcode="MEM-40010")
    assert answer.json()["data"]["errors"] == [
        {"row": 0, "column": "", "message": "文件第 4001 行以下仍有行（空行也计算在内）；一个文件最多 2000 行"}
    ]
    assert not MoveIn.objects.exists()


def test_a_workbook_whose_sheet_xml_is_malformed_is_not_a_workbook(client, catalogue):
    """Issue 25 §3: the XML parse error was not caught (a 500)."""
    answer = client.post(IMPORT, {"file": SimpleUploadedFile("x.xlsx", workbooks.malformed_sheet_xml(tuple(KEYS)))})
    assert_envelope(answer, status=400, errcode="MEM-40010")
    assert answer.json()["data"]["errors"] == [{"row": 0, "column": "", "message": "该文件不是 Excel 工作簿（.xlsx）"}]


def test_the_template_has_the_columns_in_the_readers_language(client):
    answer = client.get(TEMPLATE)
    assert answer.status_code == 200
    sheet = read_workbook(BytesIO(answer.content), columns=header_aliases(COLUMNS, ["zh-hans"]), max_rows=1)
    assert sheet.headers[:2] == ["区号", "手机号"] and sheet.rows == []
