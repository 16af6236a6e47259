"""Reading and writing .xlsx files (openpyxl): the one place the project touches openpyxl.

Every export goes through `write_workbook`. Its columns carry the header a person reads (translated
when the file is written, so in the language of the request) and the kind of their cells: amounts
are numbers shown with two decimals, so sums work; dates and times are date cells shown as
2026-11-23 and 14:30; yes/no is written as the words of the language. The header row is frozen, has
auto-filters, and each column is as wide as its header and its longest cell (up to a limit).

Text is written as text: a cell whose text starts like
a formula (`= + - @`, tab, carriage return) is stored as a string with the style's quotePrefix, so
Excel neither evaluates it on opening nor turns it into a formula when someone edits the cell, and
the visible text stays what was entered (OWASP's "CSV injection", which applies to .xlsx as well).
A test holds that no module outside core imports openpyxl."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from io import BytesIO
from typing import IO, Any
from zipfile import BadZipFile

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import override, pgettext
from openpyxl import Workbook, load_workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import InvalidFileException

from apps.core.errors import InvalidInput
from apps.core.files import file_response

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

# Spec §5 / §9: an export of 100,000 rows or more is refused. Tests lower it with monkeypatch.
EXPORT_MAX_ROWS = 100_000

# What spreadsheet programs read as the start of a formula (or of a DDE payload after a tab/CR).
FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r")


# Column widths in characters: wide enough for a header or a phone, never a page-wide remark column.
_MIN_WIDTH, _MAX_WIDTH = 8, 50


class Kind(Enum):
    """How a column's cells are written and shown."""

    TEXT = "text"
    NUMBER = "number"  # a whole number or a count, shown as written
    MONEY = "money"  # a number with two decimals
    DATE = "date"
    DATETIME = "datetime"
    TIME = "time"
    YES_NO = "yes/no"


_FORMATS = {
    Kind.MONEY: "0.00",
    Kind.DATE: "yyyy-mm-dd",
    Kind.DATETIME: "yyyy-mm-dd hh:mm",
    Kind.TIME: "hh:mm",
}


@dataclass(frozen=True)
class Column:
    """One exported column: `key` names it for code and for the import, `label` is what a person
    reads at the top of it (a lazy translation, the same words as the page's column)."""

    key: str
    label: str | Promise
    kind: Kind = Kind.TEXT


def header_aliases(columns: Iterable[Column], languages: Iterable[str]) -> dict[str, str]:
    """Every header a column may carry in a file a person saved: its key, and its label in each of
    the languages, each mapped to the key (an import reads an export of any language)."""
    aliases: dict[str, str] = {}
    for column in columns:
        aliases[column.key] = column.key
        for language in languages:
            with override(language):
                aliases[str(column.label)] = column.key
    return aliases


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


def _typed(sheet: Any, kind: Kind, value: Any) -> Any:
    """A cell of the column's kind: the value converted to what a spreadsheet computes with."""
    if value is None or value == "":
        return None
    if isinstance(value, Promise):
        value = str(value)  # a translated label, in the request's language
    if kind is Kind.YES_NO:
        return pgettext("export cell", "Yes") if value else pgettext("export cell", "No")
    if kind is Kind.MONEY:
        value = Decimal(value)
    elif kind in (Kind.DATETIME, Kind.TIME) and isinstance(value, datetime.datetime):
        # A spreadsheet has no time zones: the store's local time is what the page shows.
        local = timezone.localtime(value) if timezone.is_aware(value) else value
        value = local.replace(tzinfo=None, second=0, microsecond=0)
        if kind is Kind.TIME:
            value = value.time()
    elif kind is Kind.DATE and isinstance(value, datetime.datetime):
        value = timezone.localdate(value) if timezone.is_aware(value) else value.date()
    elif kind is Kind.DATE and isinstance(value, str):
        value = datetime.date.fromisoformat(value)
    elif kind is not Kind.NUMBER or not isinstance(value, int | float | Decimal):
        return _cell(sheet, str(value) if kind is not Kind.TEXT else value)
    if kind not in _FORMATS:
        return value
    cell = WriteOnlyCell(sheet, value=value)
    cell.number_format = _FORMATS[kind]
    return cell


def _width(value: Any, kind: Kind) -> int:
    if kind in (Kind.DATETIME,):
        return 17
    if kind in (Kind.DATE, Kind.MONEY):
        return 12
    text = str(value) if value is not None else ""
    # A CJK character takes about two latin character widths in a spreadsheet's default font.
    return sum(2 if ord(character) > 0x2E80 else 1 for character in text) + 2


def write_workbook(title: str, headers: Sequence[str | Column], rows: Iterable[Sequence[Any]]) -> bytes:
    """One sheet of headers and rows as .xlsx bytes (module docstring). A header given as text is
    a text column; a `Column` is written as its kind and headed by its translated label."""
    columns = [header if isinstance(header, Column) else Column(header, header) for header in headers]
    kinds = [column.kind for column in columns]
    labels = [str(column.label) for column in columns]
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet(title=title[:31])
    table = [[_typed(sheet, kind, value) for kind, value in zip(kinds, row, strict=True)] for row in rows]
    widths = [_width(label, Kind.TEXT) for label in labels]
    for row in table:
        for index, (kind, cell) in enumerate(zip(kinds, row, strict=True)):
            value = cell.value if isinstance(cell, Cell) else cell
            widths[index] = max(widths[index], _width(value, kind))
    # Column widths, the frozen header and the filter must be set before the first row is written.
    for index, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = min(max(width, _MIN_WIDTH), _MAX_WIDTH)
    sheet.freeze_panes = "A2"
    if columns:
        sheet.auto_filter.ref = f"A1:{get_column_letter(len(columns))}{len(table) + 1}"
    bold = Font(bold=True)
    header_cells = []
    for label in labels:
        cell = _cell(sheet, label)
        cell = cell if isinstance(cell, Cell) else WriteOnlyCell(sheet, value=cell)
        cell.font = bold
        header_cells.append(cell)
    sheet.append(header_cells)
    for row in table:
        sheet.append(row)
    buffer = BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def xlsx_response(
    *,
    rows: QuerySet,
    render: Callable[[Iterable[Any]], list[dict[str, Any]]],
    headers: Sequence[str | Column],
    cells: Callable[[dict[str, Any]], list[Any]],
    name: str,
) -> HttpResponse:
    """The rows as an .xlsx download; spec §5 refuses 100,000 rows or more before any is read."""
    total = rows.count()
    if total >= EXPORT_MAX_ROWS:
        raise InvalidInput(_("export data cannot exceed 100,000 rows, please filter before exporting"))
    content = write_workbook(name, headers, (cells(row) for row in render(rows)))
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
    return file_response(content, content_type=XLSX_CONTENT_TYPE, name=f"{name}-{stamp}.xlsx")
