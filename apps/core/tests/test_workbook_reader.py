"""The one reader of uploaded workbooks (apps.core.excel.read_workbook, issue 25): whatever a file
claims, it reads only the columns it knows, at most the import's rows plus one, within its bounds
and its time; anything else is refused with a message, never an exception of openpyxl's."""

from __future__ import annotations

import ast
import io
import random
import time
from pathlib import Path
from zipfile import ZIP_DEFLATED, ZipFile

import pytest
from django.utils import translation

from apps.core import excel
from apps.core.excel import NotAWorkbook, WorkbookRefused, read_workbook
from apps.core.tests import workbooks

HEADERS = ("phone", "name")
COLUMNS = {"phone": "phone", "name": "name", "手机号": "phone"}
APPS = Path(__file__).resolve().parents[2]
THE_READER = APPS / "core" / "excel.py"


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def read(content: bytes, max_rows: int = 2000) -> excel.SheetRows:
    return read_workbook(io.BytesIO(content), columns=COLUMNS, max_rows=max_rows)


def test_a_good_file_is_read_by_its_known_columns_in_any_order_and_language():
    content = excel.write_workbook(
        "t", ["remark", "name", "手机号"], [["a", "王芳", "13912345678"], [None, None, None]]
    )
    sheet = read(content)
    assert sheet.headers == ["remark", "name", "手机号"]
    assert sheet.keys == {"name", "phone"}
    assert sheet.rows == [(2, {"name": "王芳", "phone": "13912345678"})]


def test_a_sheet_claiming_a_full_sheet_is_read_as_the_rows_it_has_in_under_a_second():
    started = time.monotonic()
    sheet = read(workbooks.claiming_a_full_sheet_with_two_rows(HEADERS))
    assert time.monotonic() - started < 1
    assert [cells["phone"] for _number, cells in sheet.rows] == ["first", "second"]


def test_a_sheet_claiming_a_full_sheet_with_a_cell_in_its_last_row_is_refused_in_under_a_second():
    started = time.monotonic()
    with pytest.raises(WorkbookRefused, match="4001"):
        read(workbooks.claiming_a_full_sheet(HEADERS))
    assert time.monotonic() - started < 1


def test_one_row_more_than_the_import_allows_refuses_the_file_and_no_more_is_read():
    content = workbooks.good(HEADERS, *[[str(n)] for n in range(4)])
    assert len(read(content, max_rows=4).rows) == 4
    with pytest.raises(WorkbookRefused, match="at most 3 rows"):
        read(content, max_rows=3)


def test_blank_rows_are_skipped_but_count_towards_how_far_down_the_file_may_go():
    content = workbooks.good(HEADERS, ["a"], [None], [None], ["b"])
    assert [number for number, _cells in read(content, max_rows=2).rows] == [2, 5]
    with pytest.raises(WorkbookRefused, match="below row 3"):
        read(content, max_rows=1)


@pytest.mark.parametrize(
    "build, refusal",
    [
        (lambda: workbooks.malformed_sheet_xml(HEADERS), NotAWorkbook),
        (workbooks.a_zip_that_is_not_a_workbook, NotAWorkbook),
        (lambda: workbooks.entity_expansion(HEADERS), NotAWorkbook),
        (lambda: b"not a workbook", NotAWorkbook),
        (lambda: workbooks.real_rows(HEADERS), WorkbookRefused),
        (workbooks.zip_bomb, WorkbookRefused),
        (lambda: workbooks.one_row_of_many_cells(HEADERS), WorkbookRefused),
        (lambda: workbooks.many_shared_strings(HEADERS), WorkbookRefused),
    ],
    ids=["malformed XML", "a zip, not a workbook", "entity expansion", "text", "100,000 rows", "zip bomb",
         "a row of 500,000 cells", "600,000 shared strings"],
)  # fmt: skip
def test_a_hostile_file_is_refused_in_under_two_seconds(build, refusal):
    content = build()
    started = time.monotonic()
    with pytest.raises(refusal):
        read(content)
    assert time.monotonic() - started < 2


def test_a_part_that_starts_with_blank_space_is_screened_all_the_same():
    row = b'<row r="2">' + b"<c><v>1</v></c>" * 2000 + b"</row>"
    content = workbooks._repacked(
        workbooks.good(HEADERS),
        {workbooks.SHEET: lambda sheet: b" " * 200_000 + workbooks._rows_replaced(sheet, row)},
    )
    with pytest.raises(WorkbookRefused, match="more than 1000 cells"):
        read(content)


def test_a_picture_in_the_workbook_is_not_taken_for_broken_xml():
    content = workbooks._repacked(
        workbooks.good(HEADERS, ["a"]), {"xl/media/image1.png": lambda _none: b"\x89PNG\r\n\x1a\n" + bytes(5000)}
    )
    assert len(read(content).rows) == 1


def test_a_zip_bomb_is_refused_by_its_declared_sizes_before_anything_is_inflated(monkeypatch):
    inflated = []
    monkeypatch.setattr(excel._XmlScreen, "part", lambda self, stream: inflated.append(stream))
    with pytest.raises(WorkbookRefused, match="16 MB"):
        read(workbooks.zip_bomb())
    assert inflated == []


def test_a_file_read_past_the_time_budget_is_refused_with_the_budget_in_the_message(monkeypatch):
    monkeypatch.setattr(excel, "WORKBOOK_READ_SECONDS", 0)
    with pytest.raises(WorkbookRefused, match="more than 0 seconds to read; split it into smaller files"):
        read(workbooks.good(HEADERS, ["a"]))
    with translation.override("zh-hans"), pytest.raises(WorkbookRefused, match="文件读取超过 0 秒"):
        read(workbooks.good(HEADERS, ["a"]))


@pytest.mark.parametrize(
    "cell",
    [
        b'<c r="A2" t="s"><v>99</v></c>',  # a shared string that is not there
        b'<c r="A2" t="n"><v>not a number</v></c>',
        b'<c r="A2" t="d"><v>not a date</v></c>',
        b'<c r="A2" t="b"><v>x</v></c>',
        b'<c r="ZZZZZZ2"><v>1</v></c>',  # a column beyond any sheet
    ],
)
def test_well_formed_xml_that_openpyxl_cannot_read_is_not_a_workbook(cell):
    content = workbooks._repacked(
        workbooks.good(HEADERS),
        {workbooks.SHEET: lambda sheet: workbooks._rows_replaced(sheet, b'<row r="2">' + cell + b"</row>")},
    )
    with pytest.raises(NotAWorkbook):
        read(content)


def test_a_workbook_damaged_anywhere_is_read_or_refused_never_an_exception_of_the_parsers():
    """Seeded damage to every part of a good file (bytes flipped, cut short, dropped): each result
    reads or is refused; an exception of openpyxl or zipfile would be a 500 at an import."""
    content = workbooks.good(HEADERS, ["13912345678", "王芳"], ["13800001111", "张伟"])
    source = ZipFile(io.BytesIO(content))
    names = source.namelist()
    randomly = random.Random(25)
    for attempt in range(300):
        damaged_name = names[attempt % len(names)]
        out = io.BytesIO()
        with ZipFile(out, "w", ZIP_DEFLATED) as target:
            for name in names:
                data = bytearray(source.read(name))
                if name == damaged_name and data:
                    how = attempt % 3
                    if how == 0:
                        for _ in range(randomly.randint(1, 8)):
                            data[randomly.randrange(len(data))] = randomly.randrange(256)
                    elif how == 1:
                        data = data[: randomly.randrange(len(data))]
                    else:
                        continue  # the part is missing
                target.writestr(name, bytes(data))
        whole = out.getvalue()
        for candidate in (whole, whole[: randomly.randrange(len(whole))]):
            try:
                read(candidate)
            except WorkbookRefused:
                pass


def _names_load_workbook(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Name) and node.id == "load_workbook":
            return True
        if isinstance(node, ast.Attribute) and node.attr == "load_workbook":
            return True
        if isinstance(node, ast.alias) and node.name.split(".")[-1] == "load_workbook":
            return True
    return False


def test_no_module_but_the_reader_calls_openpyxl_load_workbook():
    """An upload read with openpyxl's own load_workbook skips every bound above; tests may read the
    exports they download with it."""
    offenders = [
        str(path.relative_to(APPS))
        for path in APPS.rglob("*.py")
        if path != THE_READER and "tests" not in path.parts and _names_load_workbook(path)
    ]
    assert offenders == []
    assert _names_load_workbook(THE_READER)
