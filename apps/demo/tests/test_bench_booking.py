"""The booking benchmark's tiny run (`python -m bench booking --generate --stores 1 --days-past 7`,
then measured with a few requests and a second of concurrent bookings through gunicorn on the test
database) in the suite: the generated reservations hold the no-overlap rule, and each read's HTTP
figure carries its in-process statements replayed and the ratio."""

from __future__ import annotations

import argparse
import importlib
import json

import pytest

from apps.core.ledgers import audit_all
from apps.demo.tests.bench_runs import searches_unthrottled

# Imported by name, as test_bench_modules does: bench/ is outside mypy's files (mypy.ini).
booking_bench = importlib.import_module("bench.booking")

pytestmark = [pytest.mark.bench, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _searches_unthrottled(monkeypatch: pytest.MonkeyPatch, settings) -> None:
    searches_unthrottled(monkeypatch, settings, "booking")


def _args(*given: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    booking_bench.add_arguments(parser)
    tiny = ["--stores", "1", "--days-past", "7", "--at-least", "500", "--requests", "8", "--seconds", "1"]
    return parser.parse_args([*given, *tiny, "--port", "8817"])


def test_the_tiny_booking_benchmark_generates_and_measures_beside_the_replay(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(booking_bench, "OUT", tmp_path)
    booking_bench.run(_args("--generate"))
    booking_bench.run(_args())

    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    printed = {p["benchmark"]: p for p in lines}
    generated, measured = printed["booking-generate"], printed["booking"]
    assert generated["reservations"] >= 500 and generated["schema_identical"]
    assert generated["orphan_lines"] == generated["nurse_of_other_store"] == generated["active_overlaps"] == 0
    for name in ("board", "history_phone", "history_last4"):
        assert measured[name]["sql_median_ms"] > 0 and measured[name]["ratio"] > 0, measured[name]
    assert measured["targets"]["no_double_booking"] and measured["targets"]["no_lost_booking"], measured["booking"]
    assert audit_all() == []
