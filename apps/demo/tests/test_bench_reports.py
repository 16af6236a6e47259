"""The reports benchmark's tiny run (`python -m bench reports --generate --measure --tiny`) in the
suite: a schema change that breaks the generators (a new required column, a new audit the generated
data fails) or the benchmark's calls fails here, not on the next measuring day."""

from __future__ import annotations

import argparse
import importlib
import json

import pytest

# Imported by name, as test_bench_modules does: bench/ is outside mypy's files (mypy.ini).
reports_bench = importlib.import_module("bench.reports")

pytestmark = [pytest.mark.bench, pytest.mark.django_db(transaction=True)]


def _args(**given: object) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    reports_bench.add_arguments(parser)
    args = parser.parse_args(["--generate", "--measure", "--tiny", "--port", "8791"])
    for name, value in given.items():
        setattr(args, name, value)
    return args


def test_the_tiny_reports_benchmark_generates_audited_data_and_measures_every_report(capsys):
    reports_bench.run(_args())

    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    generated, audited, measured = (
        {p["benchmark"]: p for p in printed}[f"reports{part}"] for part in ("-generate", "-audit", "")
    )
    assert {k: v for k, v in audited.items() if k.endswith("_differences") and v} == {}
    assert generated["rows_billing_order"] >= generated["target_orders"]
    # The stock top-up's rounds give a store and product 20 moves on average, not exactly.
    assert generated["rows_inventory_stockmove"] >= 0.8 * generated["target_stock_moves"]
    assert measured["errors"] == {}
    assert measured["reports"] and set(measured["results"]["store_month"]) == set(measured["reports"])
    timed = [key for key, result in measured["results"]["store_month"].items() if "p95_ms" in result]
    assert timed, measured["results"]["store_month"]
    assert measured["results"]["export"]["rows"] >= 100
    after = measured["results"]["summaries_after_the_day"]
    assert after["differences_yesterday_and_today"] == 0 and after["differences_whole_data_set"] == 0
    assert measured["results"]["checkout"]["rounds"][0]["concurrent"]["lost_or_doubled"] == 0
