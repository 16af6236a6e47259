"""The settlement benchmark's tiny run (`python -m bench settlement --generate`, then measured) in the
bench suite (`make bench-check`): a schema change that breaks its generator or its calls fails here,
and the data it writes passes the settlement's audit."""

from __future__ import annotations

import argparse
import importlib
import json

import pytest

from apps.settlement.audit import settlement_differences

# Imported by name, as test_bench_modules does: bench/ is outside mypy's files (mypy.ini).
settlement_bench = importlib.import_module("bench.settlement")

pytestmark = [pytest.mark.bench, pytest.mark.django_db(transaction=True)]


def _args(*given: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    settlement_bench.add_arguments(parser)
    return parser.parse_args(
        [*given, "--stores", "6", "--entries-a-day", "20", "--peak", "60", "--days", "8", "--runs", "2"]
    )


def test_the_tiny_settlement_benchmark_generates_audited_data_and_measures_the_statements(capsys):
    settlement_bench.run(_args("--generate"))
    settlement_bench.run(_args())

    printed = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    generated, measured = (
        {p["benchmark"]: p for p in printed}[f"settlement-{part}"] for part in ("generate", "measure")
    )
    assert generated["stores"] == 6 and generated["entries"] > 100 and generated["statements"] > 0
    assert measured["peak_day"]["entries"] > 40 and measured["peak_day"]["statements"] > 0
    assert measured["typical_day"]["statements_make"]["n"] == 2
    assert list(settlement_differences()) == []
