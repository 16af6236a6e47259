"""The sales and refunds benchmarks' tiny runs in the suite: `python -m bench sales --generate --audit
--measure` on a few hundred cards and orders (a handful of checkouts, a second of concurrent ones,
gunicorn on the test database), then `python -m bench refunds` on that data. Their generators write
data every ledger audit accepts; a schema change that breaks them or the measured calls fails here."""

from __future__ import annotations

import importlib

import pytest

from apps.core.ledgers import audit_all
from apps.demo.tests.bench_runs import printed_figures

# Imported by name, as test_bench_modules does: bench/ is outside mypy's files (mypy.ini).
sales_bench = importlib.import_module("bench.sales")
refunds_bench = importlib.import_module("bench.refunds")

pytestmark = [pytest.mark.bench, pytest.mark.django_db(transaction=True)]
TINY_DATA = ("--members", "1500", "--stores", "2", "--cards", "300", "--orders", "600")


@pytest.fixture(autouse=True)
def _out(tmp_path, monkeypatch):
    # The full runs' figures under bench/out stay as they were.
    for module in (sales_bench, refunds_bench):
        monkeypatch.setattr(module, "OUT", tmp_path)


def test_the_tiny_sales_benchmark_generates_audited_sales_and_measures_checkouts(capsys):
    printed = printed_figures(
        sales_bench, capsys, "--generate", "--audit", "--measure", *TINY_DATA,
        "--requests", "5", "--clients", "2", "--seconds", "1", "--port", "8815",
    )  # fmt: skip

    assert printed["sales-generate"]["rows_billing_order"] == 600
    audited = printed["sales-audit"]
    assert {k: v for k, v in audited.items() if k.endswith("_differences") and v} == {}
    results = printed["sales"]["results"]
    assert results["checkout"]["failures"] == 0 and results["checkout_concurrent"]["lost_or_doubled"] == 0
    for name in ("billing_list", "member_cards"):
        assert results[name]["sql_median_ms"] > 0 and results[name]["ratio"] > 0, results[name]
    assert audit_all() == []


def test_the_tiny_refunds_benchmark_refunds_closes_and_notifies(capsys):
    printed_figures(sales_bench, capsys, "--generate", *TINY_DATA)
    printed = printed_figures(
        refunds_bench, capsys, "--refunds", "5", "--orders", "20", "--runs", "1", "--intents", "20",
        "--clients", "2", "--port", "8816",
    )  # fmt: skip

    results = printed["refunds"]["results"]
    assert results["refund"]["failures"] == {} and results["refund"]["ratio"] > 0, results["refund"]
    assert results["closing"]["close_ms"]["ratio"] > 0, results["closing"]
    assert printed["refunds"]["targets"]["no_double_credit"], results["notifications"]
    assert audit_all() == []
