"""Reading and writing .xlsx files (openpyxl): the catalogue's import, and every list export."""

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
from openpyxl.utils.exceptions import InvalidFileException

from apps.catalog import choices
from apps.core.errors import InvalidInput

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


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


def write_workbook(title: str, headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet(title=title[:31])
    sheet.append(list(headers))
    for row in rows:
        sheet.append(list(row))
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
    if total >= choices.EXPORT_MAX_ROWS:
        raise InvalidInput(_("export data cannot exceed 100,000 rows, please filter before exporting"))
    content = write_workbook(name, headers, (cells(row) for row in render(rows)))
    response = HttpResponse(content, content_type=XLSX_CONTENT_TYPE)
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
    response["Content-Disposition"] = f'attachment; filename="{name}-{stamp}.xlsx"'
    return response
