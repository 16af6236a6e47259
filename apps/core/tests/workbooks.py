"""Hostile .xlsx files, built in memory, for the tests of the workbook reader and of every import
(issue 25): each takes the import's column keys so that the file reaches as far into the reading as
it can. Each is built once per run."""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable
from zipfile import ZIP_DEFLATED, ZipFile

from apps.core.excel import write_workbook

SHEET = "xl/worksheets/sheet1.xml"
STRINGS = "xl/sharedStrings.xml"


def good(headers: tuple[str, ...], *rows: list[object]) -> bytes:
    return write_workbook("import", list(headers), [list(row) + [None] * (len(headers) - len(row)) for row in rows])


def _repacked(content: bytes, changes: dict[str, Callable[[bytes], bytes]]) -> bytes:
    source, out = ZipFile(io.BytesIO(content)), io.BytesIO()
    with ZipFile(out, "w", ZIP_DEFLATED) as target:
        for part in source.infolist():
            data = source.read(part.filename)
            target.writestr(part.filename, changes.get(part.filename, lambda same: same)(data))
        for name in changes.keys() - set(source.namelist()):
            target.writestr(name, changes[name](b""))
    return out.getvalue()


def _rows_replaced(sheet: bytes, rows: bytes) -> bytes:
    """The sheet with every row after the header replaced by `rows`."""
    head, _rest = sheet.split(b"</row>", 1)
    return head + b"</row>" + rows + b"</sheetData></worksheet>"


@functools.cache
def claiming_a_full_sheet(headers: tuple[str, ...]) -> bytes:
    """The probe's 1.7 KB file: its <dimension> claims A1:XFD1048576, and one cell in the sheet's
    last row and column makes openpyxl walk (and pad) every row in between."""

    def claim(sheet: bytes) -> bytes:
        sheet = re.sub(rb"<dimension [^>]*/>", b"", sheet)
        sheet = sheet.replace(b"<sheetViews", b'<dimension ref="A1:XFD1048576"/><sheetViews', 1)
        return sheet.replace(
            b"</sheetData>",
            b'<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData>',
        )

    return _repacked(good(headers, ["first"]), {SHEET: claim})


@functools.cache
def claiming_a_full_sheet_with_two_rows(headers: tuple[str, ...]) -> bytes:
    """The same claim over a file that really has a header and two rows: those are what is read."""

    def claim(sheet: bytes) -> bytes:
        sheet = re.sub(rb"<dimension [^>]*/>", b"", sheet)
        return sheet.replace(b"<sheetViews", b'<dimension ref="A1:XFD1048576"/><sheetViews', 1)

    return _repacked(good(headers, ["first"], ["second"]), {SHEET: claim})


@functools.cache
def malformed_sheet_xml(headers: tuple[str, ...]) -> bytes:
    """A sheet whose XML breaks after its first row (an unclosed element, an undefined entity)."""
    return _repacked(
        good(headers, ["first"]),
        {SHEET: lambda sheet: sheet.replace(b"</sheetData>", b"<row r='3'><c r='A3'><v>&xxe;</c></sheetData>")},
    )


@functools.cache
def a_zip_that_is_not_a_workbook() -> bytes:
    out = io.BytesIO()
    with ZipFile(out, "w", ZIP_DEFLATED) as archive:
        archive.writestr("readme.txt", "not a workbook")
    return out.getvalue()


@functools.cache
def real_rows(headers: tuple[str, ...], count: int = 100_000) -> bytes:
    """`count` rows with a value in the first column (written as XML: openpyxl would take seconds)."""
    rows = b"".join(
        b'<row r="%d"><c r="A%d" t="inlineStr"><is><t>%d</t></is></c></row>' % (n, n, n) for n in range(2, count + 2)
    )
    return _repacked(good(headers, ["first"]), {SHEET: lambda sheet: _rows_replaced(sheet, rows)})


@functools.cache
def zip_bomb(megabytes: int = 300) -> bytes:
    """A workbook whose sheet inflates to `megabytes` MB (blank space inside its sheetData) from a
    few hundred KB, written chunk by chunk so that the test itself never holds it."""
    content = good(("first",), ["first"])
    source, out = ZipFile(io.BytesIO(content)), io.BytesIO()
    with ZipFile(out, "w", ZIP_DEFLATED) as target:
        for part in source.infolist():
            if part.filename != SHEET:
                target.writestr(part.filename, source.read(part.filename))
                continue
            head, tail = source.read(SHEET).split(b"</sheetData>")
            with target.open(SHEET, "w", force_zip64=True) as sheet:
                sheet.write(head)
                blank = b" " * (1024 * 1024)
                for _ in range(megabytes):
                    sheet.write(blank)
                sheet.write(b"</sheetData>" + tail)
    return out.getvalue()


@functools.cache
def one_row_of_many_cells(headers: tuple[str, ...], cells: int = 500_000) -> bytes:
    """A row of half a million cells: 8 MB of XML in 20 KB of zip, which openpyxl parses in one go."""
    row = b'<row r="2"><c t="inlineStr"><is><t>x</t></is></c>' + b"<c><v>1</v></c>" * cells + b"</row>"
    return _repacked(good(headers, ["first"]), {SHEET: lambda sheet: _rows_replaced(sheet, row)})


@functools.cache
def many_shared_strings(headers: tuple[str, ...], strings: int = 600_000) -> bytes:
    """A shared-strings table of 600,000 entries (10 MB of XML, a few KB of zip), which openpyxl
    reads whole before the first row."""
    table = (
        b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">'
        % (strings, strings)
        + b"<si><t>x</t></si>" * strings
        + b"</sst>"
    )
    override = (
        b'<Override PartName="/xl/sharedStrings.xml" '
        b'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>'
    )
    return _repacked(
        good(headers, ["first"]),
        {STRINGS: lambda _old: table, "[Content_Types].xml": lambda types: types.replace(b"</Types>", override)},
    )


@functools.cache
def entity_expansion(headers: tuple[str, ...]) -> bytes:
    """ "Billion laughs" in the sheet: a DTD whose entities expand to gigabytes."""
    entities = b'<!ENTITY a0 "xxxxxxxxxx">' + b"".join(
        b'<!ENTITY a%d "%s">' % (n, b"&a%d;" % (n - 1) * 10) for n in range(1, 10)
    )

    def laughs(sheet: bytes) -> bytes:
        declaration, rest = sheet.split(b"?>", 1) if sheet.startswith(b"<?xml") else (b"", sheet)
        prologue = (declaration + b"?>" if declaration else b"") + b"<!DOCTYPE worksheet [" + entities + b"]>"
        return prologue + rest.replace(
            b"</sheetData>", b"<row r='3'><c r='A3' t='inlineStr'><is><t>&a9;</t></is></c></row></sheetData>"
        )

    return _repacked(good(headers, ["first"]), {SHEET: laughs})


def hostile(headers: tuple[str, ...]) -> dict[str, bytes]:
    """Every hostile file, by name, for an import whose columns are `headers`."""
    return {
        "claiming a full sheet": claiming_a_full_sheet(headers),
        "malformed sheet XML": malformed_sheet_xml(headers),
        "a zip that is not a workbook": a_zip_that_is_not_a_workbook(),
        "100,000 real rows": real_rows(headers),
        "a zip bomb": zip_bomb(),
        "one row of half a million cells": one_row_of_many_cells(headers),
        "600,000 shared strings": many_shared_strings(headers),
        "entity expansion": entity_expansion(headers),
        "plain text": b"not a workbook",
    }
