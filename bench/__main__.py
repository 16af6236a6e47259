"""Benchmarks on generated data: `python -m bench <name> [options]`.

Run them against PostgreSQL (DATABASE_URL) under production settings (DEBUG off, which records no
queries; PRODUCTION below gives the keys production needs, for the bench only); each prints its
figures as one JSON line so docs/performance.md can quote them.
"""

from __future__ import annotations

import argparse
import base64
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "erp.settings")

# What DEBUG off asks for, on a loopback bench: keys made for the run, plain HTTP (production's TLS
# ends in front of gunicorn).
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "bench-only-" + os.urandom(24).hex(),
    "HANDOVER_KEY": base64.urlsafe_b64encode(os.urandom(32)).decode(),
    "SECURE_SSL_REDIRECT": "0",
}

# Benchmarks that bring their own database: defaults applied before Django reads its settings.
ENVIRONMENT = {
    "members": {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/erp_bench_members",
        "REDIS_URL": "redis://127.0.0.1:6379/3",
        "DB_CONN_MAX_AGE": "600",
        # The benchmarks measure the searches, not the per-user limit of phone-fragment searches.
        "PHONE_FRAGMENT_SEARCH_RATE": "1000000/minute",
    },
    "booking": {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/erp_bench_booking",
        "REDIS_URL": "redis://127.0.0.1:6379/4",
        "DB_CONN_MAX_AGE": "600",
        "PHONE_FRAGMENT_SEARCH_RATE": "1000000/minute",
    },
    "closing": {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/erp_bench_closing",
        "REDIS_URL": "redis://127.0.0.1:6379/11",
    },
    "sales": {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/erp_bench_sales",
        "REDIS_URL": "redis://127.0.0.1:6379/5",
        "DB_CONN_MAX_AGE": "600",
    },
    "stock": {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/erp_bench_stock",
        "REDIS_URL": "redis://127.0.0.1:6379/10",
        "DB_CONN_MAX_AGE": "600",
    },
    "stocktake": {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/erp_bench_stocktake",
        "REDIS_URL": "redis://127.0.0.1:6379/9",
    },
    "groupbuy": {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/erp_bench_groupbuy",
        "REDIS_URL": "redis://127.0.0.1:6379/13",
        "DB_CONN_MAX_AGE": "600",
        "PHONE_FRAGMENT_SEARCH_RATE": "1000000/minute",
    },
    "export-job": {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/erp_bench_exports",
        "REDIS_URL": "redis://127.0.0.1:6379/4",
    },
    "reports": {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/erp_bench_reports",
        "REDIS_URL": "redis://127.0.0.1:6379/11",
        "DB_CONN_MAX_AGE": "600",
    },
    "summary-triggers": {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/erp_bench_summaries",
        "REDIS_URL": "redis://127.0.0.1:6379/5",
        "DB_CONN_MAX_AGE": "600",
    },
    "refunds": {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/erp_bench_sales",
        "REDIS_URL": "redis://127.0.0.1:6379/5",
        "DB_CONN_MAX_AGE": "600",
    },
    "settlement": {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/erp_bench_settlement",
        "REDIS_URL": "redis://127.0.0.1:6379/12",
        "DB_CONN_MAX_AGE": "600",
    },
}


def main(argv: list[str] | None = None) -> int:
    import django

    chosen = (argv if argv is not None else sys.argv[1:])[:1]
    for name, value in {**PRODUCTION, **ENVIRONMENT.get(chosen[0] if chosen else "", {})}.items():
        os.environ.setdefault(name, value)
    django.setup()
    from bench import (
        booking,
        closing,
        export_job,
        export_writers,
        groupbuy,
        login_info,
        members,
        refunds,
        reports,
        sales,
        settlement,
        stock,
        stocktake,
        summary_triggers,
    )

    benchmarks = {
        "login-info": login_info,
        "members": members,
        "booking": booking,
        "sales": sales,
        "closing": closing,
        "refunds": refunds,
        "reports": reports,
        "stock": stock,
        "stocktake": stocktake,
        "settlement": settlement,
        "groupbuy": groupbuy,
        "summary-triggers": summary_triggers,
        "export-writers": export_writers,
        "export-job": export_job,
    }
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    sub = parser.add_subparsers(dest="name", required=True)
    for name, module in benchmarks.items():
        module.add_arguments(sub.add_parser(name, help=module.__doc__))
    args = parser.parse_args(argv)
    benchmarks[args.name].run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
