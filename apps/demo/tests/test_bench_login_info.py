"""The loginInfo benchmark's tiny run (`python -m bench login-info --requests 20`) in the suite:
seeded, served by Django's threaded server, and its latency beside the call's statements replayed."""

from __future__ import annotations

import argparse
import importlib
import json

import pytest

from apps.core.ledgers import audit_all

# Imported by name, as test_bench_modules does: bench/ is outside mypy's files (mypy.ini).
login_info_bench = importlib.import_module("bench.login_info")

pytestmark = [pytest.mark.bench, pytest.mark.django_db(transaction=True)]


def test_the_tiny_login_info_benchmark_measures_the_call_beside_its_replay(capsys):
    parser = argparse.ArgumentParser()
    login_info_bench.add_arguments(parser)
    login_info_bench.run(parser.parse_args(["--requests", "20", "--port", "8811"]))

    [measured] = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert measured["n"] == 20 and 0 < measured["queries"] <= 5
    assert measured["sql_median_ms"] > 0 and measured["ratio"] > 0 and measured["replay"] == "as sent"
    assert audit_all() == []
