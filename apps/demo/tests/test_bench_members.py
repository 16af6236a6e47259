"""The members benchmark's tiny run (`python -m bench members --generate --members 2000 --stores 2`,
then measured with a few requests a scenario through gunicorn on the test database) in the suite:
each HTTP figure carries the in-process call's statements replayed and the ratio."""

from __future__ import annotations

import argparse
import importlib
import json

import pytest

from apps.core.ledgers import audit_all
from apps.demo.tests.bench_runs import searches_unthrottled

# Imported by name, as test_bench_modules does: bench/ is outside mypy's files (mypy.ini).
members_bench = importlib.import_module("bench.members")

pytestmark = [pytest.mark.bench, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _searches_unthrottled(monkeypatch: pytest.MonkeyPatch, settings) -> None:
    searches_unthrottled(monkeypatch, settings, "members")


def _args(*given: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    members_bench.add_arguments(parser)
    return parser.parse_args([*given, "--members", "2000", "--stores", "2", "--requests", "8", "--port", "8814"])


def test_the_tiny_members_benchmark_generates_audited_members_and_measures_beside_the_replay(
    capsys, tmp_path, monkeypatch
):
    monkeypatch.setattr(members_bench, "OUT", tmp_path)
    members_bench.run(_args("--generate"))
    members_bench.run(_args())

    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    printed = {p["benchmark"]: p for p in lines}
    assert printed["members-generate"]["members"] == 2000
    http = printed["members"]["http"]
    assert set(http) == set(members_bench.P95_TARGETS_MS) | {"search_name_3_exact"}
    for name, figure in http.items():
        assert figure["n"] == 8 and figure["sql_median_ms"] > 0 and figure["ratio"] > 0, (name, figure)
    assert all(f["ratio"] > 0 for f in printed["members"]["in_process"].values())
    assert audit_all() == []
