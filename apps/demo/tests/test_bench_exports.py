"""The export benchmarks' tiny runs (`python -m bench export-writers --rows 200`, `python -m bench
export-job --generate --rows 300`) in the suite: each writer writes, and the download centre's export
runs end to end (in a process of its own, on the test database) beside its statements replayed."""

from __future__ import annotations

import importlib

import pytest

from apps.core.ledgers import audit_all
from apps.demo.tests.bench_runs import printed_lines

# Imported by name, as test_bench_modules does: bench/ is outside mypy's files (mypy.ini).
export_writers_bench = importlib.import_module("bench.export_writers")
export_job_bench = importlib.import_module("bench.export_job")


@pytest.mark.bench
def test_the_tiny_export_writers_benchmark_runs_every_writer(capsys):
    printed = printed_lines(export_writers_bench, capsys, "--rows", "200")

    assert [p.get("writer") for p in printed] == list(export_writers_bench.WRITERS)
    assert all(p["rows"] == 200 and "error" not in p and p["ratio"] == "n/a" for p in printed), printed


@pytest.mark.bench
@pytest.mark.django_db(transaction=True)
def test_the_tiny_export_job_benchmark_exports_beside_its_replay(capsys):
    [measured] = printed_lines(export_job_bench, capsys, "--generate", "--rows", "300")

    assert measured.get("rows") == 300 and measured["status"].lower().endswith("done"), measured
    assert measured["sql_seconds"] > 0 and measured["ratio"] > 0, measured
    assert audit_all() == []
