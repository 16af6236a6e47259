"""One migrated test database for a whole pytest-xdist run, cloned for each worker.

Each worker used to create its database and run all the migrations into it: about 15 s of CPU each,
nearly all of it Django rendering the models' states, the same work on every worker. Now the
controller starts one `migrate` into a template database as the run begins, beside the workers while
they collect the tests, and each worker makes its own database from it with `CREATE DATABASE …
TEMPLATE` (well under a second) before pytest-django's setup, which then finds the database made and
the migrations applied (`keepdb`), as with `--reuse-db`.

Without xdist (one process, `-p no:xdist`, `--reuse-db`) nothing here runs. A failed template
migration fails every worker with its output, never a half-migrated database.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import django
import psycopg
import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection

# Set by the controller for its workers (they inherit its environment): where the template's
# migration writes its exit status and output.
STATUS_ENV = "ERP_TEST_TEMPLATE_STATUS"
TEMPLATE_ENV = "ERP_TEST_TEMPLATE_DB"
_WAIT_SECONDS = 600
_STATUS_DIR = Path(settings.BASE_DIR) / "build" / "test-template"
_RUN = pytest.StashKey[tuple[str, Path, "subprocess.Popen[bytes]"]]()


def _test_database_name() -> str:
    # In a worker pytest-django has put its suffix in TEST's NAME by now (`test_erp_gw0`).
    configured = settings.DATABASES["default"].get("TEST", {}).get("NAME")
    return configured or f"test_{settings.DATABASES['default']['NAME']}"


def _server(dbname: str = "postgres") -> psycopg.Connection[Any]:
    database = settings.DATABASES["default"]
    return psycopg.connect(
        dbname=dbname,
        host=database.get("HOST") or None,
        port=database.get("PORT") or None,
        user=database.get("USER") or None,
        password=database.get("PASSWORD") or None,
        autocommit=True,
    )


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def wanted(config: pytest.Config) -> bool:
    """In the controller of an xdist run with workers (not in a worker, not with `-n 0`)."""
    return not hasattr(config, "workerinput") and bool(getattr(config.option, "numprocesses", None))


def start(config: pytest.Config) -> None:
    """In the xdist controller: (re)creates the empty template database and starts its migration
    in the background. Its workers learn the name and the status file from the environment."""
    template = f"{_test_database_name()}_template"
    _STATUS_DIR.mkdir(parents=True, exist_ok=True)
    status = _STATUS_DIR / f"{os.getpid()}.status"
    status.unlink(missing_ok=True)
    with _server() as server:
        server.execute(f"DROP DATABASE IF EXISTS {_quoted(template)} WITH (FORCE)")
        server.execute(f"CREATE DATABASE {_quoted(template)}")
    migration = subprocess.Popen(
        [sys.executable, "-m", "apps.core.tests.template_db", template, str(status)],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "erp.settings"},
    )
    config.stash[_RUN] = (template, status, migration)
    os.environ[TEMPLATE_ENV] = template
    os.environ[STATUS_ENV] = str(status)


def finish(config: pytest.Config) -> None:
    """In the controller, at the end: the template goes (the workers' databases stay, as with
    `--reuse-db`; the next run replaces them)."""
    if _RUN not in config.stash:
        return
    template, status, migration = config.stash[_RUN]
    migration.wait()
    status.unlink(missing_ok=True)
    with _server() as server:
        server.execute(f"DROP DATABASE IF EXISTS {_quoted(template)} WITH (FORCE)")


def in_use() -> bool:
    """In a worker: whether its controller made a template to clone."""
    return bool(os.environ.get(TEMPLATE_ENV)) and bool(os.environ.get("PYTEST_XDIST_WORKER"))


def clone_for_worker() -> None:
    """In a worker, before pytest-django's setup: waits for the template, then makes this worker's
    test database from it (after the xdist suffix was added to its name)."""
    status = Path(os.environ[STATUS_ENV])
    deadline = time.monotonic() + _WAIT_SECONDS
    while not status.exists():
        if time.monotonic() > deadline:
            raise RuntimeError(f"the test template database was not migrated within {_WAIT_SECONDS} s")
        time.sleep(0.2)
    code, _, output = status.read_text().partition("\n")
    if code != "0":
        raise RuntimeError(f"migrating the test template database failed:\n{output}")
    name = _test_database_name()
    with _server() as server:
        server.execute(f"DROP DATABASE IF EXISTS {_quoted(name)} WITH (FORCE)")
        for attempt in range(50):
            try:
                server.execute(f"CREATE DATABASE {_quoted(name)} TEMPLATE {_quoted(os.environ[TEMPLATE_ENV])}")
                break
            except psycopg.errors.ObjectInUse:
                # The other worker is copying the template this moment: PostgreSQL copies one at a time.
                if attempt == 49:
                    raise
                time.sleep(0.1)


def _migrate_template(template: str, status: Path) -> None:
    """The background process: migrates `template` as Django's test setup would (syncdb for apps
    without migrations, then the post-migrate receivers), and writes `code\\noutput` atomically."""
    django.setup()
    settings.DATABASES["default"]["NAME"] = template
    connection.settings_dict["NAME"] = template
    output = io.StringIO()
    code = 0
    try:
        with redirect_stdout(output), redirect_stderr(output):
            call_command("migrate", verbosity=0, interactive=False, run_syncdb=True)
    except BaseException as error:  # whatever it is, the waiting workers must hear of it
        code = 1
        output.write(f"{type(error).__name__}: {error}")
    finally:
        connection.close()
    written = status.with_suffix(".tmp")
    written.write_text(f"{code}\n{output.getvalue()}")
    written.replace(status)


if __name__ == "__main__":
    _migrate_template(sys.argv[1], Path(sys.argv[2]))
