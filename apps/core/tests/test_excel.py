"""The .xlsx writers: text that looks like a formula is written as text, the streamed sheet types
its cells as the immediate one does, and no module outside core writes a workbook on its own."""

from __future__ import annotations

import ast
import datetime
from decimal import Decimal
from io import BytesIO
from pathlib import Path

import pytest
from django.utils import timezone, translation
from openpyxl import load_workbook

from apps.core.excel import Column, Kind, stream_workbook, write_workbook

APPS = Path(__file__).resolve().parents[2]
THE_WRITER = APPS / "core" / "excel.py"


def _cells(content: bytes):
    return next(load_workbook(BytesIO(content)).worksheets[0].iter_rows(min_row=2))


@pytest.mark.parametrize(
    "text",
    ['=HYPERLINK("http://x","click")', "+1+1", "-2+3", "@SUM(A1)", "\t=1+1", "\r=1+1", '=cmd|"/c calc"!A1'],
)
def test_text_that_starts_like_a_formula_is_written_as_a_string_with_its_visible_text_unchanged(text):
    (cell,) = _cells(write_workbook("t", ["name"], [[text]]))
    assert cell.data_type == "s"
    assert cell.value == text.replace("\r", "\n")  # XML reads a lone carriage return as a line feed
    assert cell.quotePrefix is True


def test_ordinary_text_numbers_and_empty_cells_are_written_as_they_were():
    name, amount, debt, empty = _cells(write_workbook("t", ["a", "b", "c", "d"], [["王芳", 168, -5, None]]))
    assert (name.value, name.data_type, name.quotePrefix) == ("王芳", "s", False)
    assert (amount.value, amount.data_type) == (168, "n")
    assert (debt.value, debt.data_type) == (-5, "n")
    assert empty.value is None


def test_a_header_that_starts_like_a_formula_is_text_too():
    header = load_workbook(BytesIO(write_workbook("t", ["=1+1"], []))).worksheets[0]["A1"]
    assert (header.value, header.data_type) == ("=1+1", "s")


def test_control_characters_the_file_cannot_hold_are_dropped_instead_of_failing_the_export():
    (cell,) = _cells(write_workbook("t", ["remark"], [["a\x00b\x01c\x1f"]]))
    assert cell.value == "abc"


def _imports_openpyxl(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import) and any(alias.name.split(".")[0] == "openpyxl" for alias in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "openpyxl":
            return True
    return False


def test_no_module_outside_the_core_writer_imports_openpyxl():
    """Every export goes through apps.core.excel, so every export writes formulas as text; tests
    may read and build workbooks."""
    offenders = [
        str(path.relative_to(APPS))
        for path in APPS.rglob("*.py")
        if path != THE_WRITER and "tests" not in path.parts and _imports_openpyxl(path)
    ]
    assert offenders == []
    assert _imports_openpyxl(THE_WRITER)


def _streamed(columns, rows):
    buffer = BytesIO()
    written = stream_workbook(buffer, title="销售明细", columns=columns, rows=iter(rows), total=len(rows))
    buffer.seek(0)
    return written, load_workbook(buffer).worksheets[0]


def test_a_streamed_sheet_writes_each_kind_as_a_spreadsheet_computes_with_it():
    columns = [
        Column("day", "business day", Kind.DATE),
        Column("at", "paid at", Kind.DATETIME),
        Column("time", "time", Kind.TIME),
        Column("amount", "amount", Kind.MONEY),
        Column("qty", "quantity", Kind.NUMBER),
        Column("gift", "gift", Kind.YES_NO),
        Column("name", "name", Kind.TEXT),
    ]
    paid_at = timezone.make_aware(datetime.datetime(2026, 11, 23, 14, 30, 59))
    rows = [
        [datetime.date(2026, 11, 23), paid_at, paid_at, Decimal("199.50"), 3, True, "王芳"],
        ["2026-11-24", None, datetime.time(9, 5), "-0.10", Decimal("2.5"), False, 42],
    ]

    with translation.override("en"):
        written, sheet = _streamed(columns, rows)

    assert written == 2
    assert [cell.value for cell in sheet[1]] == [
        "business day",
        "paid at",
        "time",
        "amount",
        "quantity",
        "gift",
        "name",
    ]
    assert all(cell.font.b for cell in sheet[1])
    (day, at, time_, amount, qty, gift, name), (day2, at2, time2, amount2, qty2, gift2, name2) = sheet.iter_rows(
        min_row=2
    )
    assert (day.value, day.number_format) == (datetime.datetime(2026, 11, 23), "yyyy-mm-dd")
    assert (at.value, at.number_format) == (datetime.datetime(2026, 11, 23, 14, 30), "yyyy-mm-dd hh:mm")
    assert (time_.value, time_.number_format) == (datetime.time(14, 30), "hh:mm")
    assert (amount.value, amount.data_type, amount.number_format) == (199.5, "n", "0.00")
    assert (qty.value, qty.data_type) == (3, "n")
    assert (gift.value, gift2.value) == ("Yes", "No")
    assert (name.value, name.data_type) == ("王芳", "s")
    assert (day2.value, at2.value, time2.value) == (datetime.datetime(2026, 11, 24), None, datetime.time(9, 5))
    assert (amount2.value, qty2.value, name2.value) == (-0.1, 2.5, "42")
    assert (sheet.freeze_panes, sheet.auto_filter.ref, sheet.title) == ("A2", "A1:G3", "销售明细")


@pytest.mark.parametrize("text", ['=HYPERLINK("http://x","click")', "+1+1", "-2+3", "@SUM(A1)", "\t=1+1", "\r=1+1"])
def test_streamed_text_that_starts_like_a_formula_is_a_quoted_string_with_its_text_unchanged(text):
    _written, sheet = _streamed([Column("name", "name")], [[text]])
    cell = sheet["A2"]
    assert (cell.value, cell.data_type, cell.quotePrefix) == (text, "s", True)


def test_streamed_text_keeps_its_markup_and_spaces_and_drops_what_the_file_cannot_hold():
    _written, sheet = _streamed(
        [Column("remark", "remark"), Column("other", "other")], [[" a & <b> \n", "a\x00b\x01c\x1f"], ["", None]]
    )
    assert [sheet["A2"].value, sheet["B2"].value] == [" a & <b> \n", "abc"]
    assert [sheet["A3"].value, sheet["B3"].value, sheet["A3"].quotePrefix] == [None, None, False]
