"""Reading and writing .xlsx files (openpyxl): the one place the project touches openpyxl.

Every export goes through `write_workbook`, which writes text as text: a cell whose text starts like
a formula (`= + - @`, tab, carriage return) is stored as a string with the style's quotePrefix, so
Excel neither evaluates it on opening nor turns it into a formula when someone edits the cell, and
the visible text stays what was entered (OWASP's "CSV injection", which applies to .xlsx as well).
A test holds that no module outside core imports openpyxl."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from io import BytesIO
from typing import IO, Any
from zipfile import BadZipFile

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from openpyxl import Workbook, load_workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.utils.exceptions import InvalidFileException

from apps.core.errors import InvalidInput

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

# Spec §5 / §9: an export of 100,000 rows or more is refused. Tests lower it with monkeypatch.
EXPORT_MAX_ROWS = 100_000

# What spreadsheet programs read as the start of a formula (or of a DDE payload after a tab/CR).
FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r")


class NotAWorkbook(Exception):
    pass


def read_rows(file: IO[bytes]) -> tuple[list[str], list[tuple[int, dict[str, Any]]]]:
    """The first sheet's headers and its non-empty rows as (row number, {header: value})."""
    try:
        workbook = load_workbook(file, read_only=True, data_only=True)
    except (InvalidFileException, BadZipFile, OSError, KeyError, ValueError) as error:
        raise NotAWorkbook(str(error)) from None
    try:
        sheet = workbook.worksheets[0]
        rows = sheet.iter_rows(values_only=True)
        header_row = next(rows, None) or ()
        headers = [str(value).strip() if value is not None else "" for value in header_row]
        found = []
        for number, values in enumerate(rows, start=2):
            if values is None or all(value is None or str(value).strip() == "" for value in values):
                continue
            found.append((number, {header: value for header, value in zip(headers, values, strict=False) if header}))
        return headers, found
    finally:
        workbook.close()


def _cell(sheet: Any, value: Any) -> Any:
    """The value as openpyxl should write it: text is always a string cell, never a formula."""
    if not isinstance(value, str):
        return value
    # Control characters other than tab/LF/CR are not allowed in the file's XML; openpyxl would
    # raise on them and turn a stray character in a remark into a failed export.
    value = ILLEGAL_CHARACTERS_RE.sub("", value)
    if not value.startswith(FORMULA_LEADS):
        return value
    cell = WriteOnlyCell(sheet, value=value)
    cell.data_type = "s"  # openpyxl typed a leading "=" as a formula
    cell.quotePrefix = True
    return cell


def write_workbook(title: str, headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """One sheet of headers and rows as .xlsx bytes; text is written as text (module docstring)."""
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet(title=title[:31])
    sheet.append([_cell(sheet, value) for value in headers])
    for row in rows:
        sheet.append([_cell(sheet, value) for value in row])
    buffer = BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def xlsx_response(
    *,
    rows: QuerySet,
    render: Callable[[Iterable[Any]], list[dict[str, Any]]],
    headers: Sequence[str],
    cells: Callable[[dict[str, Any]], list[Any]],
    name: str,
) -> HttpResponse:
    """The rows as an .xlsx download; spec §5 refuses 100,000 rows or more before any is read."""
    total = rows.count()
    if total >= EXPORT_MAX_ROWS:
        raise InvalidInput(_("export data cannot exceed 100,000 rows, please filter before exporting"))
    content = write_workbook(name, headers, (cells(row) for row in render(rows)))
    response = HttpResponse(content, content_type=XLSX_CONTENT_TYPE)
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
    response["Content-Disposition"] = f'attachment; filename="{name}-{stamp}.xlsx"'
    return response
