"""The stock and group-buy benchmarks' tiny runs (`python -m bench stock --generate --audit --measure
--stores 2 --products 40`, `python -m bench groupbuy --generate --measure --stores 2 ...`) in the
suite: their generators write data every ledger audit accepts, and each HTTP figure (gunicorn on the
test database) carries the in-process call's statements replayed and the ratio."""

from __future__ import annotations

import importlib

import pytest

from apps.core.ledgers import audit_all
from apps.demo.tests.bench_runs import printed_figures, searches_unthrottled

# Imported by name, as test_bench_modules does: bench/ is outside mypy's files (mypy.ini).
stock_bench = importlib.import_module("bench.stock")
groupbuy_bench = importlib.import_module("bench.groupbuy")

pytestmark = [pytest.mark.bench, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _searches_unthrottled(monkeypatch: pytest.MonkeyPatch, settings) -> None:
    searches_unthrottled(monkeypatch, settings, "groupbuy")


def _with_baseline(figure: dict) -> bool:
    return figure["n"] > 0 and figure["sql_median_ms"] > 0 and figure["ratio"] > 0


def test_the_tiny_stock_benchmark_generates_audited_moves_and_measures_beside_the_replay(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(stock_bench, "OUT", tmp_path)
    printed = printed_figures(
        stock_bench, capsys, "--generate", "--audit", "--measure", "--stores", "2", "--products", "40",
        "--requests", "10", "--port", "8812",
    )  # fmt: skip

    assert printed["stock-generate"]["moves"] > 40 and printed["stock-audit"]["inventory_differences"] == 0
    results = printed["stock"]["results"]
    assert _with_baseline(results["live_stock"]) and _with_baseline(results["move_history"]), results
    assert audit_all() == []


def test_the_tiny_groupbuy_benchmark_generates_records_and_measures_beside_the_replay(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(groupbuy_bench, "OUT", tmp_path)
    printed = printed_figures(
        groupbuy_bench, capsys, "--generate", "--measure", "--stores", "2", "--members", "400", "--records", "400",
        "--other-records", "50", "--requests", "10", "--port", "8813",
    )  # fmt: skip

    assert printed["groupbuy-generate"]["records"] == 450
    results = printed["groupbuy"]["results"]
    for name in ("phone_prefix", "phone_whole", "unfiltered"):
        assert _with_baseline(results[name]), results[name]
    assert audit_all() == []
