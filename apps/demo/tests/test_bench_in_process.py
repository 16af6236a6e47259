"""The tiny runs of the benchmarks that measure services in process (closing, stocktake, the
summaries' triggers): a schema change that breaks their data or their calls fails here, the data
they leave passes every ledger audit, and each figure carries its raw-SQL replay and the ratio."""

from __future__ import annotations

import argparse
import importlib
import json
from types import ModuleType

import pytest

from apps.core.ledgers import audit_all

# Imported by name, as test_bench_modules does: bench/ is outside mypy's files (mypy.ini).
closing_bench = importlib.import_module("bench.closing")
stocktake_bench = importlib.import_module("bench.stocktake")
summary_triggers_bench = importlib.import_module("bench.summary_triggers")

pytestmark = [pytest.mark.bench, pytest.mark.django_db(transaction=True)]


def _run(module: ModuleType, capsys: pytest.CaptureFixture[str], *given: str) -> dict:
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)
    module.run(parser.parse_args(list(given)))
    [printed] = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    return printed


def _has_baseline(figure: dict) -> bool:
    return isinstance(figure["sql_median_ms"], float) and figure["ratio"] > 0


@pytest.fixture(autouse=True)
def _out(tmp_path, monkeypatch):
    # The full runs' figures under bench/out stay as they were.
    for module in (closing_bench, stocktake_bench):
        monkeypatch.setattr(module, "OUT", tmp_path)


def test_the_tiny_closing_benchmark_closes_a_busy_day_beside_its_replay(capsys):
    measured = _run(closing_bench, capsys, "--orders", "20", "--runs", "2")

    assert measured["figures_ms"]["n"] == 2 and measured["close_ms"]["n"] == 2
    assert _has_baseline(measured["figures_ms"]) and _has_baseline(measured["close_ms"])
    assert measured["close_ms"]["replay"].startswith("in a transaction rolled back")
    assert audit_all() == []


def test_the_tiny_stocktake_benchmark_approves_beside_its_replay(capsys):
    measured = _run(stocktake_bench, capsys, "--lines", "30", "--runs", "2")

    assert measured["lines"] == 30
    for name in ("freeze_ms", "count_all_ms", "approve_ms"):
        assert _has_baseline(measured[name]), measured[name]
    assert audit_all() == []


def test_the_tiny_summary_triggers_benchmark_keeps_the_summaries_right(capsys):
    measured = _run(summary_triggers_bench, capsys, "--checkouts", "8", "--round", "2", "--in-place")

    assert measured["checkout_with_triggers"]["n"] == 4 and measured["checkout_without_triggers"]["n"] == 4
    assert _has_baseline(measured["checkout_with_triggers"]) and _has_baseline(measured["checkout_without_triggers"])
    assert measured["summary_differences"] == 0 and measured["queue_rows_left"] == 0
    assert audit_all() == []
