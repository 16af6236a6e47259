"""Benchmarks on generated data: `python -m bench <name> [options]`.

Run them against PostgreSQL (DATABASE_URL) with DEBUG=1; each prints its figures as one JSON line so
docs/performance.md can quote them.
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "erp.settings")


def main(argv: list[str] | None = None) -> int:
    import django

    django.setup()
    from bench import login_info

    benchmarks = {"login-info": login_info}
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    sub = parser.add_subparsers(dest="name", required=True)
    for name, module in benchmarks.items():
        module.add_arguments(sub.add_parser(name, help=module.__doc__))
    args = parser.parse_args(argv)
    benchmarks[args.name].run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
