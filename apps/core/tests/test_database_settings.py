"""PostgreSQL is the only database: the settings refuse to load without it (issue 26).

The settings are read once per process, so each case loads them in a child process of its own.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[3]


def _load_settings(database_url: str | None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env["DEBUG"] = "1"
    if database_url is not None:
        env["DATABASE_URL"] = database_url
    return subprocess.run(
        [sys.executable, "-c", "import erp.settings"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_settings_without_a_database_url_say_how_to_get_one() -> None:
    result = _load_settings(None)

    assert result.returncode != 0
    assert "ImproperlyConfigured: DATABASE_URL is not set" in result.stderr
    assert "make run" in result.stderr and "PostgreSQL" in result.stderr


@pytest.mark.parametrize("database_url", ["sqlite:////tmp/erp.sqlite3", "mysql://erp@127.0.0.1/erp"])
def test_settings_refuse_a_database_other_than_postgresql(database_url: str) -> None:
    result = _load_settings(database_url)

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "PostgreSQL only" in result.stderr


def test_settings_take_a_postgresql_url_with_persistent_checked_connections() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import erp.settings as s; d = s.DATABASES['default']; "
            "print(d['ENGINE'], d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS'], getattr(s, 'SILENCED_SYSTEM_CHECKS', []))",
        ],
        cwd=BASE_DIR,
        env={**os.environ, "DEBUG": "1", "DATABASE_URL": "postgres://erp@127.0.0.1:5432/erp"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["apps.core.postgresql", "60", "True", "[]"]
