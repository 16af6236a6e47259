"""Reading and writing .xlsx files (openpyxl; the download centre's streamed exports by a sheet
writer of its own, `stream_workbook`): the one place the project touches either.

Every export goes through `write_workbook`. Its columns carry the header a person reads (translated
when the file is written, so in the language of the request) and the kind of their cells: amounts
are numbers shown with two decimals, so sums work; dates and times are date cells shown as
2026-11-23 and 14:30; yes/no is written as the words of the language. The header row is frozen, has
auto-filters, and each column is as wide as its header and its longest cell (up to a limit).

Text is written as text: a cell whose text starts like
a formula (`= + - @`, tab, carriage return) is stored as a string with the style's quotePrefix, so
Excel neither evaluates it on opening nor turns it into a formula when someone edits the cell, and
the visible text stays what was entered (OWASP's "CSV injection", which applies to .xlsx as well).

Every uploaded workbook is read by `read_workbook`, within bounds whatever the file claims about
itself (issue 25; the bounds are listed above it and in docs/api.md). Tests hold that no module
outside core imports openpyxl and that none but this one calls its `load_workbook`."""

from __future__ import annotations

import datetime
import itertools
import lzma
import re
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from io import BytesIO
from typing import IO, Any, Protocol, TypeAlias, TypeVar
from xml.etree.ElementTree import ParseError
from xml.parsers.expat import ExpatError, ParserCreate
from zipfile import ZIP_DEFLATED, BadZipFile, ZipFile

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

from apps.core.files import file_response
from apps.core.hooks import Slot

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

# Spec §5 / §9: an immediate export holds fewer than 100,000 rows; one of that many or more goes to
# the download centre (issue 29 §5, the `large_exports` hook). Read at call time: tests lower it.
EXPORT_MAX_ROWS = 100_000
# Rows read from the server-side cursor, and rendered, at a time when an export is streamed.
EXPORT_STREAM_CHUNK = 2000
# zlib's level for a streamed sheet: the fastest, since the sheet's XML is most of an export's work
# after its query (a third larger file than level 6).
_STREAM_COMPRESSION = 1

# A row of an export, as its page renders it (each list has its own TypedDict).
RowT = TypeVar("RowT")

# One row of an uploaded sheet: a known column's key to whatever the person typed there (text, a
# number, a date), which the import reading it checks.
SheetCells: TypeAlias = dict[str, Any]

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


# What an uploaded workbook may be, whatever it claims about itself (issue 25). A sheet's
# `<dimension>` can claim a million rows of 16,384 columns in 1.7 KB; 20 KB of zip can inflate to a
# row of half a million cells or a shared-strings table of a million entries, each of which openpyxl
# parses in one go, for seconds to minutes. So the archive's declared sizes, then every XML part's
# elements (streamed through expat before openpyxl sees them), then the rows are bounded, all under
# one deadline. Tests lower these with monkeypatch.
WORKBOOK_MAX_UNPACKED_BYTES = 16 * 1024 * 1024
WORKBOOK_MAX_PARTS = 1_000
WORKBOOK_MAX_ROW_CELLS = 1_000
WORKBOOK_READ_SECONDS = 10.0
# Where the header row is looked for: a known column further right is "missing".
WORKBOOK_HEADER_COLUMNS = 100
# XML elements a workbook may hold for each row the import allows (the row, its cells and their
# values, its shared strings, some rich text), and what any workbook carries besides (the parts
# list, styles, theme). No part of an .xlsx nests deeper than a few levels or has a DTD.
_ELEMENTS_PER_ROW = 100
_ELEMENTS_OF_ANY_WORKBOOK = 20_000
_MAX_DEPTH = 64
_CHUNK = 64 * 1024

# What openpyxl, expat and zipfile raise on a file that is not a readable workbook: a broken or
# encrypted archive (BadZipFile, zlib/lzma errors, RuntimeError, NotImplementedError), a missing
# part (KeyError), XML that does not parse (ExpatError, ParseError) or parses into what openpyxl
# does not expect (ValueError, TypeError, AttributeError, IndexError for a shared string that is not
# there, ArithmeticError for a date beyond the calendar), and a truncated stream (EOFError, OSError).
_UNREADABLE = (
    InvalidFileException,
    BadZipFile,
    zlib.error,
    lzma.LZMAError,
    ExpatError,
    ParseError,
    KeyError,
    IndexError,
    ValueError,
    TypeError,
    AttributeError,
    ArithmeticError,
    EOFError,
    OSError,
    RuntimeError,
)


class WorkbookRefused(Exception):
    """An uploaded workbook the reader will not read; `message` says why in the request's language
    (each import puts it in its own error: the file itself, row 0)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotAWorkbook(WorkbookRefused):
    def __init__(self) -> None:
        super().__init__(_("the file is not an Excel workbook (.xlsx)"))


@dataclass(frozen=True)
class SheetRows:
    """The first sheet of an uploaded workbook: `headers` as written in its first row, `keys` the
    known columns found among them, `rows` its non-empty rows as (row number, {key: value})."""

    headers: list[str]
    keys: frozenset[str]
    rows: list[tuple[int, SheetCells]]


def _in_time(deadline: float) -> None:
    if time.monotonic() > deadline:
        raise WorkbookRefused(
            _("the file took more than %(seconds)d seconds to read; split it into smaller files")
            % {"seconds": WORKBOOK_READ_SECONDS}
        )


def _last_row(max_rows: int) -> int:
    """The last row a sheet may reach: blank rows are skipped but still walked (openpyxl yields one
    for each row number it jumps), so they are bounded too, as many as the data rows allowed."""
    return 1 + 2 * max_rows


def _too_far_down(max_rows: int) -> WorkbookRefused:
    return WorkbookRefused(
        _("the file has rows below row %(last)d (blank ones count too); at most %(n)d rows in one file")
        % {"last": _last_row(max_rows), "n": max_rows}
    )


class _XmlScreen:
    """Streams each XML part through expat, counting what openpyxl would then build: the elements
    of the whole workbook, the rows of each sheet and the cells of each row, the depth; a DTD (and
    so any entity expansion) is refused outright. Cheap next to openpyxl's own parse, and stoppable
    every chunk."""

    def __init__(self, *, max_rows: int, deadline: float) -> None:
        self.max_rows, self.deadline = max_rows, deadline
        self.max_elements = _ELEMENTS_PER_ROW * (max_rows + 1) + _ELEMENTS_OF_ANY_WORKBOOK
        self.elements = 0
        self.depth = 0
        self.rows = 0
        self.row_cells: int | None = None

    def part(self, stream: IO[bytes]) -> None:
        parser = ParserCreate(namespace_separator=" ")
        parser.StartDoctypeDeclHandler = self._doctype
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        self.depth, self.rows, self.row_cells = 0, 0, None
        elements_before = self.elements
        try:
            while chunk := stream.read(_CHUNK):
                _in_time(self.deadline)
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
        except ExpatError:
            if self.elements > elements_before:
                raise
            # No element before the error: a picture or another binary part, which openpyxl does
            # not parse either (it reads XML with the same expat, so nothing it would parse is let
            # through here unscreened).

    def _doctype(self, *_args: Any) -> None:
        raise NotAWorkbook()

    def _start(self, name: str, _attributes: Any) -> None:
        self.elements += 1
        self.depth += 1
        if self.elements > self.max_elements:
            raise WorkbookRefused(_("the file holds much more than %(n)d rows of data") % {"n": self.max_rows})
        if self.depth > _MAX_DEPTH:
            raise NotAWorkbook()
        local = name.rpartition(" ")[2]
        if local == "row":
            self.rows += 1
            if self.rows > _last_row(self.max_rows):
                raise _too_far_down(self.max_rows)
            self.row_cells = 0
        elif local == "c" and self.row_cells is not None:
            self.row_cells += 1
            if self.row_cells > WORKBOOK_MAX_ROW_CELLS:
                raise WorkbookRefused(_("a row of the file has more than %(n)d cells") % {"n": WORKBOOK_MAX_ROW_CELLS})

    def _end(self, name: str) -> None:
        self.depth -= 1
        if name.rpartition(" ")[2] == "row":
            self.row_cells = None


def _screen(file: IO[bytes], *, max_rows: int, deadline: float) -> None:
    """Refuses a zip whose parts would inflate beyond the bound before any part is inflated (the
    sizes are the central directory's, and zipfile never inflates a part past its declared size:
    it stops there and the part fails its CRC), then screens every XML part (_XmlScreen)."""
    try:
        with ZipFile(file) as archive:
            parts = archive.infolist()
            if len(parts) > WORKBOOK_MAX_PARTS or sum(part.file_size for part in parts) > WORKBOOK_MAX_UNPACKED_BYTES:
                raise WorkbookRefused(
                    _("the file is too large once unpacked (more than %(mb)d MB)")
                    % {"mb": WORKBOOK_MAX_UNPACKED_BYTES // (1024 * 1024)}
                )
            screen = _XmlScreen(max_rows=max_rows, deadline=deadline)
            for part in parts:
                with archive.open(part) as stream:
                    screen.part(stream)
    except _UNREADABLE:
        raise NotAWorkbook() from None


def _blank(value: Any) -> bool:
    return value is None or str(value).strip() == ""


def cell_text(value: Any) -> str:
    """A cell of a read workbook as the text a person typed: trimmed, empty for an empty cell, and
    a whole number without the ".0" the workbook may store it with (a code, a phone, a count)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def read_workbook(file: IO[bytes], *, columns: Mapping[str, str], max_rows: int) -> SheetRows:
    """The first sheet of an uploaded .xlsx, read within bounds whatever the file claims: only the
    columns `columns` knows (a header → its key, as `header_aliases` gives), at most `max_rows`
    non-empty rows after the header (one more refuses the file), in at most WORKBOOK_READ_SECONDS.
    Anything that is not a readable workbook is NotAWorkbook; a file beyond a bound is
    WorkbookRefused with the bound in its message. The only reader of uploaded workbooks (a test
    holds it)."""
    deadline = time.monotonic() + WORKBOOK_READ_SECONDS
    _screen(file, max_rows=max_rows, deadline=deadline)
    file.seek(0)
    try:
        workbook = load_workbook(file, read_only=True, data_only=True)
    except _UNREADABLE:
        raise NotAWorkbook() from None
    try:
        return _first_sheet(workbook, columns=columns, max_rows=max_rows, deadline=deadline)
    except _UNREADABLE:
        raise NotAWorkbook() from None
    finally:
        workbook.close()


def _first_sheet(workbook: Any, *, columns: Mapping[str, str], max_rows: int, deadline: float) -> SheetRows:
    _in_time(deadline)
    sheet = workbook.worksheets[0]
    # A sheet's <dimension> is the writer's claim, not the data: forgetting it, rows are as wide as
    # asked and end where the data ends.
    sheet.reset_dimensions()
    header_row = next(sheet.iter_rows(max_row=1, max_col=WORKBOOK_HEADER_COLUMNS, values_only=True), ())
    headers = [str(value).strip() if value is not None else "" for value in header_row]
    while headers and not headers[-1]:
        headers.pop()
    known = [(index, columns[header]) for index, header in enumerate(headers) if header in columns]
    rows: list[tuple[int, SheetCells]] = []
    if not known:
        return SheetRows(headers, frozenset(), rows)
    width = known[-1][0] + 1
    # A row yielded past the last row allowed is the file's, or openpyxl's filler before one of the
    # file's rows further down.
    last = _last_row(max_rows)
    for number, values in enumerate(
        sheet.iter_rows(min_row=2, max_row=last + 1, max_col=width, values_only=True), start=2
    ):
        _in_time(deadline)
        if number > last:
            raise _too_far_down(max_rows)
        if all(_blank(values[index]) for index, _key in known):
            continue
        if len(rows) == max_rows:
            raise WorkbookRefused(_("at most %(n)d rows in one file") % {"n": max_rows})
        rows.append((number, {key: values[index] for index, key in known}))
    return SheetRows(headers, frozenset(key for _index, key in known), rows)


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


# Default widths of a streamed sheet's columns, by kind: its rows are not all known when the widths
# must be written (before the first row).
_STREAM_WIDTHS = {Kind.TEXT: 18, Kind.NUMBER: 12}


def _stream_value(kind: Kind, value: Any) -> Any:
    """A cell's value as the streamed sheet writes it: what _typed would write, unwrapped."""
    if value is None or value == "":
        return None
    if isinstance(value, Promise):
        value = str(value)
    if kind is Kind.YES_NO:
        return pgettext("export cell", "Yes") if value else pgettext("export cell", "No")
    if kind is Kind.MONEY:
        return Decimal(value)
    if kind in (Kind.DATETIME, Kind.TIME) and isinstance(value, datetime.datetime):
        local = timezone.localtime(value) if timezone.is_aware(value) else value
        local = local.replace(tzinfo=None, second=0, microsecond=0)
        return local.time() if kind is Kind.TIME else local
    if kind is Kind.DATE and isinstance(value, datetime.datetime):
        return timezone.localdate(value) if timezone.is_aware(value) else value.date()
    if kind is Kind.DATE and isinstance(value, str):
        return datetime.date.fromisoformat(value)
    if kind is Kind.NUMBER and isinstance(value, int | float | Decimal):
        return int(value) if isinstance(value, bool) else value
    if kind in (Kind.DATE, Kind.DATETIME, Kind.TIME) and isinstance(value, datetime.date | datetime.time):
        return value
    return ILLEGAL_CHARACTERS_RE.sub("", value if isinstance(value, str) else str(value))


# The streamed sheet's cell styles, by their index in _STREAM_STYLES' cellXfs.
_STYLE_OF_KIND = {Kind.MONEY: 1, Kind.DATE: 2, Kind.DATETIME: 3, Kind.TIME: 4}
_BOLD, _QUOTED = 5, 6
_STREAM_STYLES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    '<numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>'
    '<numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm"/><numFmt numFmtId="166" formatCode="hh:mm"/></numFmts>'
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'
    '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>'
    "</fills>"
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/></cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    "</styleSheet>"
)
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE_PARTS = {
    "[Content_Types].xml": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        '<Override PartName="/xl/styles.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
        "</Types>"
    ),
    "_rels/.rels": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>'
        "</Relationships>"
    ),
    "xl/_rels/workbook.xml.rels": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{_RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>'
        f'<Relationship Id="rId2" Type="{_RELATIONSHIPS}/styles" Target="styles.xml"/>'
        "</Relationships>"
    ),
    "xl/styles.xml": _STREAM_STYLES,
}
# Text as XML character data: the markup characters escaped, and a carriage return kept as one
# (an XML reader would read a bare one as a line feed).
_XML_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
_XML_ATTRIBUTE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})
# A spreadsheet's day 0 (its serial numbers count days from it; the 1900 leap-year quirk only
# touches dates before March 1900).
_EXCEL_EPOCH = datetime.datetime(1899, 12, 30)
_SECONDS_A_DAY = 86400
# Rows of the sheet's XML written to the archive at a time.
_STREAM_BATCH_ROWS = 1000

CellXml: TypeAlias = Callable[[str, Any], str]


def _text_cell(ref: str, text: str) -> str:
    if not text.isprintable():
        # Tab, line feed and carriage return are text; other control characters cannot be in the
        # file's XML and are dropped.
        text = ILLEGAL_CHARACTERS_RE.sub("", text)
    style = f' s="{_QUOTED}"' if text.startswith(FORMULA_LEADS) else ""
    space = ' xml:space="preserve"' if text[:1].isspace() or text[-1:].isspace() else ""
    return f'<c r="{ref}"{style} t="inlineStr"><is><t{space}>{text.translate(_XML_TEXT)}</t></is></c>'


def _serial(value: datetime.date | datetime.time) -> str:
    """A date or time as the spreadsheet's number: days since its epoch, the time a day's fraction."""
    if isinstance(value, datetime.time):
        return repr((value.hour * 3600 + value.minute * 60 + value.second) / _SECONDS_A_DAY)
    if not isinstance(value, datetime.datetime):
        return str((value - _EXCEL_EPOCH.date()).days)
    since = value - _EXCEL_EPOCH
    return repr(since.days + (since.seconds + since.microseconds / 1e6) / _SECONDS_A_DAY)


def _any_cell(kind: Kind) -> CellXml:
    """A cell of any value the column may hold, as _stream_value reads it for the kind."""
    style = _STYLE_OF_KIND.get(kind)
    styled = f' s="{style}"' if style is not None else ""

    def cell(ref: str, raw: Any) -> str:
        value = _stream_value(kind, raw)
        if value is None:
            return ""
        if isinstance(value, str):
            return _text_cell(ref, value)
        if isinstance(value, datetime.date | datetime.time):
            return f'<c r="{ref}"{styled}><v>{_serial(value)}</v></c>'
        return f'<c r="{ref}"{styled}><v>{value}</v></c>'

    return cell


def _cell_writer(kind: Kind) -> CellXml:
    """The column's cell writer, chosen once: the value the column usually holds takes a short path
    (text as text, an amount as a Decimal, a day as a date), anything else _any_cell's."""
    other = _any_cell(kind)
    if kind is Kind.TEXT:

        def text(ref: str, value: Any) -> str:
            if value.__class__ is str:
                return _text_cell(ref, value) if value else ""
            return other(ref, value)

        return text
    if kind is Kind.MONEY:
        money = f' s="{_STYLE_OF_KIND[Kind.MONEY]}"'

        def amount(ref: str, value: Any) -> str:
            if value.__class__ is Decimal and value.is_finite():
                return f'<c r="{ref}"{money}><v>{value}</v></c>'
            return other(ref, value)

        return amount
    if kind is Kind.NUMBER:

        def number(ref: str, value: Any) -> str:
            if value.__class__ is int:
                return f'<c r="{ref}"><v>{value}</v></c>'
            return other(ref, value)

        return number
    if kind is Kind.DATE:
        day = f' s="{_STYLE_OF_KIND[Kind.DATE]}"'
        epoch = _EXCEL_EPOCH.date()

        def date(ref: str, value: Any) -> str:
            if value.__class__ is datetime.date:
                return f'<c r="{ref}"{day}><v>{(value - epoch).days}</v></c>'
            return other(ref, value)

        return date
    return other


def _sheet_head(columns: Sequence[Column], widths: Sequence[int], labels: Sequence[str]) -> str:
    cols = "".join(
        f'<col min="{index}" max="{index}" width="{width}" customWidth="1"/>'
        for index, width in enumerate(widths, start=1)
    )
    header = "".join(
        f'<c r="{get_column_letter(index)}1" s="{_BOLD}" t="inlineStr"><is><t xml:space="preserve">'
        f"{ILLEGAL_CHARACTERS_RE.sub('', label).translate(_XML_TEXT)}</t></is></c>"
        for index, label in enumerate(labels, start=1)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<worksheet xmlns="{_MAIN}" xmlns:r="{_RELATIONSHIPS}">'
        '<sheetViews><sheetView tabSelected="1" workbookViewId="0">'
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
        '<sheetFormatPr defaultRowHeight="15"/>'
        f"{f'<cols>{cols}</cols>' if columns else ''}"
        f'<sheetData><row r="1">{header}</row>'
    )


def _workbook_xml(title: str, filter_ref: str | None) -> str:
    name = title.translate(_XML_ATTRIBUTE)
    quoted = "'" + title.replace("'", "''") + "'"
    defined = (
        '<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'
        f"{(quoted + '!' + filter_ref).translate(_XML_TEXT)}</definedName></definedNames>"
        if filter_ref
        else ""
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<workbook xmlns="{_MAIN}" xmlns:r="{_RELATIONSHIPS}">'
        f'<sheets><sheet name="{name}" sheetId="1" r:id="rId1"/></sheets>{defined}</workbook>'
    )


def _sheet_title(title: str) -> str:
    """A valid sheet name: at most 31 characters, none of those a sheet name may not hold."""
    return re.sub(r"[\[\]:*?/\\]", " ", ILLEGAL_CHARACTERS_RE.sub("", title))[:31].strip("'") or "Sheet1"


def stream_workbook(
    file: IO[bytes],
    *,
    title: str,
    columns: Sequence[Column],
    rows: Iterable[Sequence[Any]],
    total: int,
    every: int = 1000,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Writes one sheet of `rows` into `file` as they come: the sheet's XML is written straight
    into the archive, a batch of rows at a time, so memory does not grow with the rows, and each
    column's cells are made by a writer chosen once for its kind (decision 0049: about eight times
    less CPU than xlsxwriter's constant-memory mode, which wrote it before). Typed and headed as
    write_workbook writes, in the active language: amounts as numbers shown with two decimals,
    dates and times as date cells, text always as a string cell (inline), with the quote prefix on
    text that starts like a formula; the header row frozen, with auto-filters over the rows written.
    `total` is the rows expected (the filter's range); `progress(rows written)` is called every
    `every` rows. Answers the rows written."""
    kinds = [column.kind for column in columns]
    labels = [str(column.label) for column in columns]
    widths = [
        min(max(max(_width(label, Kind.TEXT), _STREAM_WIDTHS.get(kind) or _width(None, kind)), _MIN_WIDTH), _MAX_WIDTH)
        for kind, label in zip(kinds, labels, strict=True)
    ]
    writers = [(_cell_writer(kind), get_column_letter(n)) for n, kind in enumerate(kinds, start=1)]
    sheet_title = _sheet_title(title)
    written = 0
    with ZipFile(file, "w", ZIP_DEFLATED, compresslevel=_STREAM_COMPRESSION) as archive:
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as sheet:
            sheet.write(_sheet_head(columns, widths, labels).encode())
            batch: list[str] = []
            for written, row in enumerate(rows, start=1):
                number = written + 1
                cells = "".join(
                    [
                        write(f"{letter}{number}", value)
                        for (write, letter), value in zip(writers, row, strict=True)
                        if value is not None
                    ]
                )
                batch.append(f'<row r="{number}">{cells}</row>')
                if len(batch) == _STREAM_BATCH_ROWS:
                    sheet.write("".join(batch).encode())
                    batch.clear()
                if progress is not None and written % every == 0:
                    progress(written)
            filter_ref = f"$A$1:${get_column_letter(len(columns))}${written + 1}" if columns else None
            tail = f'<autoFilter ref="{filter_ref.replace("$", "")}"/>' if filter_ref else ""
            sheet.write(f"{''.join(batch)}</sheetData>{tail}</worksheet>".encode())
        for name, content in _PACKAGE_PARTS.items():
            archive.writestr(name, content)
        archive.writestr("xl/workbook.xml", _workbook_xml(sheet_title, filter_ref))
    return written


class LargeExport(Protocol):
    """Takes over an immediate export of EXPORT_MAX_ROWS rows or more: queues it in the download
    centre, to be made again from the request's view by a task (apps.reports.list_exports), and
    answers the call (202 with the job)."""

    def __call__(self, *, request: Any, name: str, title: str | Promise, total: int) -> HttpResponse: ...


large_exports: Slot[LargeExport] = Slot("large export queue", registered_by="apps.reports")


@dataclass
class StreamedExport:
    """Where a replayed export writes its file (`streamed_export`), and what it wrote."""

    file: IO[bytes]
    # Told (rows written, rows expected) every `every` rows.
    progress: Callable[[int, int], None] | None = None
    every: int = EXPORT_STREAM_CHUNK
    written: bool = False
    rows: int = 0


_streamed: ContextVar[StreamedExport | None] = ContextVar("streamed_export", default=None)


@contextmanager
def streamed_export(
    file: IO[bytes], *, progress: Callable[[int, int], None] | None = None, every: int = EXPORT_STREAM_CHUNK
) -> Iterator[StreamedExport]:
    """While open, `xlsx_response` streams whatever rows it is given into `file` (no cap, read
    through a server-side cursor) instead of answering them: the download centre's task runs the
    export's view again inside it."""
    target = StreamedExport(file, progress=progress, every=every)
    token = _streamed.set(target)
    try:
        yield target
    finally:
        _streamed.reset(token)


def _windows(rows: QuerySet[Any]) -> Iterator[list[Any]]:
    # iterator() reads through a server-side cursor on PostgreSQL and runs the queryset's
    # prefetches chunk by chunk; each window is then rendered as a page of the list is.
    source = rows.iterator(chunk_size=EXPORT_STREAM_CHUNK)
    while window := list(itertools.islice(source, EXPORT_STREAM_CHUNK)):
        yield window


def xlsx_response(
    *,
    request: Any,
    rows: QuerySet[Any],
    render: Callable[[Iterable[Any]], Sequence[RowT]],
    headers: Sequence[str | Column],
    cells: Callable[[RowT], list[Any]] | None = None,
    name: str,
    title: str | Promise,
) -> HttpResponse:
    """The rows as an .xlsx download, `name` its file's and sheet's name. Spec §5 caps an immediate
    export below EXPORT_MAX_ROWS, counted before any row is read: a larger one is handed to the
    `large_exports` hook (the download centre, where `title` names it). Inside `streamed_export`
    the rows are streamed into its file instead, whatever their number. Without `cells`, a row (a
    mapping) gives the values of the columns' keys, in their order."""
    total = rows.count()
    target = _streamed.get()
    if target is None and total >= EXPORT_MAX_ROWS:
        return large_exports.get()(request=request, name=name, title=title, total=total)
    if cells is None:
        keys = [column.key for column in headers if isinstance(column, Column)]
        if len(keys) != len(headers):
            raise TypeError("an export with plain-text headers says how a row becomes cells")

        def cells(row: Any) -> list[Any]:
            return [row[key] for key in keys]

    if target is not None:
        columns = [header if isinstance(header, Column) else Column(header, header) for header in headers]
        tell = target.progress
        target.rows = stream_workbook(
            target.file,
            title=name,
            columns=columns,
            rows=(cells(row) for window in _windows(rows) for row in render(window)),
            total=total,
            every=target.every,
            progress=None if tell is None else lambda written: tell(written, total),
        )
        target.written = True
        return HttpResponse(status=204)
    content = write_workbook(name, headers, (cells(row) for row in render(rows)))
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
    return file_response(content, content_type=XLSX_CONTENT_TYPE, name=f"{name}-{stamp}.xlsx")
