"""The one .xlsx writer: text that looks like a formula is written as text, and no module outside
core writes a workbook on its own."""

from __future__ import annotations

import ast
from io import BytesIO
from pathlib import Path

import pytest
from openpyxl import load_workbook

from apps.core.excel import write_workbook

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
