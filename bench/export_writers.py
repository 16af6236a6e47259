"""The download centre's workbook writer (issue 29 §5, decisions 0042 and 0049): openpyxl's
write-only workbook, xlsxwriter's constant_memory mode and the streamed sheet the exports use
(apps.core.excel.stream_workbook), on the same generated rows (100,000 × 12 by default: text,
money, counts, dates, times). Each writer runs in a process of its own, so its peak
resident memory is its own; prints one JSON line per writer (seconds, peak MB, file MB). The
figures and the choice: docs/decisions/0042-report-framework-and-download-centre.md."""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

WRITERS = ("openpyxl", "xlsxwriter", "stream")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--writer", choices=WRITERS, help="run one writer in this process (used by the run)")


def _rows(count: int) -> Iterator[list[Any]]:
    start = datetime(2026, 1, 1, 9, 30)
    for n in range(count):
        yield [
            f"SO2026{n:08d}",
            f"会员{n % 9973}",
            f"Store {n % 500}",
            "=formula-looking remark" if n % 1000 == 0 else f"remark {n % 97}",
            Decimal(n % 100_000) / 100,
            Decimal((n * 7) % 50_000) / 100,
            n % 12,
            n,
            date(2026, 1, 1) + timedelta(days=n % 365),
            start + timedelta(minutes=n),
            f"nurse {n % 40}",
            Decimal(n % 3000) / 100,
        ]


def _columns() -> list[Any]:
    from apps.core.excel import Column, Kind

    kinds = [Kind.TEXT] * 4 + [Kind.MONEY, Kind.MONEY, Kind.NUMBER, Kind.NUMBER, Kind.DATE, Kind.DATETIME]
    return [Column(f"c{index}", f"Column {index}", kind) for index, kind in enumerate([*kinds, Kind.TEXT, Kind.MONEY])]


def _openpyxl(path: str, count: int) -> None:
    """openpyxl's write-only workbook, each cell typed as apps.core.excel types an export's cells."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    from apps.core.excel import _typed

    columns = _columns()
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet(title="bench")
    sheet.freeze_panes = "A2"
    sheet.auto_filter.ref = f"A1:L{count + 1}"
    header = []
    for column in columns:
        cell = WriteOnlyCell(sheet, value=str(column.label))
        cell.font = Font(bold=True)
        header.append(cell)
    sheet.append(header)
    for row in _rows(count):
        sheet.append([_typed(sheet, column.kind, value) for column, value in zip(columns, row, strict=True)])
    workbook.save(path)


def _xlsxwriter(path: str, count: int) -> None:
    """xlsxwriter's constant-memory mode, each cell typed as the streamed sheet types it (what the
    download centre wrote before decision 0049)."""
    import xlsxwriter

    from apps.core.excel import _FORMATS, FORMULA_LEADS, _stream_value

    columns = _columns()
    workbook = xlsxwriter.Workbook(path, {"constant_memory": True, "strings_to_formulas": False})
    sheet = workbook.add_worksheet("bench")
    formats = {kind: workbook.add_format({"num_format": number_format}) for kind, number_format in _FORMATS.items()}
    quoted = workbook.add_format({"quote_prefix": True})
    sheet.freeze_panes(1, 0)
    sheet.autofilter(0, 0, count, len(columns) - 1)
    bold = workbook.add_format({"bold": True})
    for index, column in enumerate(columns):
        sheet.write_string(0, index, str(column.label), bold)
    for number, row in enumerate(_rows(count), start=1):
        for index, (column, raw) in enumerate(zip(columns, row, strict=True)):
            value = _stream_value(column.kind, raw)
            if isinstance(value, str):
                sheet.write_string(number, index, value, quoted if value.startswith(FORMULA_LEADS) else None)
            elif isinstance(value, date):
                sheet.write_datetime(number, index, value, formats.get(column.kind))
            elif value is not None:
                sheet.write_number(number, index, float(value), formats.get(column.kind))
    workbook.close()


def _stream(path: str, count: int) -> None:
    """The streamed sheet the download centre writes (apps.core.excel.stream_workbook)."""
    from apps.core.excel import stream_workbook

    with open(path, "wb") as file:
        stream_workbook(file, title="bench", columns=_columns(), rows=_rows(count), total=count)


def _measure(writer: str, count: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "bench.xlsx")
        started, cpu_started = time.perf_counter(), time.process_time()
        {"openpyxl": _openpyxl, "xlsxwriter": _xlsxwriter, "stream": _stream}[writer](path, count)
        seconds = time.perf_counter() - started
        # The machine is shared: CPU time is what the writer itself cost, wall time what a person waited.
        cpu = time.process_time() - cpu_started
        size = os.path.getsize(path)
    # ru_maxrss is in kilobytes on Linux.
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "writer": writer,
        "rows": count,
        "columns": 12,
        "seconds": round(seconds, 2),
        "cpuSeconds": round(cpu, 2),
        "peakMB": round(peak, 1),
        "fileMB": round(size / 2**20, 1),
        # No SQL to set beside it: the writers write rows made in memory.
        "sql_seconds": "n/a",
        "ratio": "n/a",
        "replay": "n/a: no database work (the rows are made in memory)",
    }


def run(args: argparse.Namespace) -> None:
    if args.writer:
        print(json.dumps(_measure(args.writer, args.rows)))
        return
    for writer in WRITERS:
        done = subprocess.run(
            [sys.executable, "-m", "bench", "export-writers", "--rows", str(args.rows), "--writer", writer],
            capture_output=True,
            text=True,
        )
        print(done.stdout.strip() or json.dumps({"writer": writer, "error": done.stderr.strip().splitlines()[-1:]}))
