"""The HTTP side every benchmark shares: gunicorn serving the project on the bench database, the
demo principal's sign-in, and envelope GETs."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import IO, Any

from django.conf import settings
from django.db import connection


def database_url() -> str:
    """The database this process works on (under the test suite, its test database)."""
    params = connection.settings_dict
    user = f"{params['USER']}:{params['PASSWORD']}" if params["PASSWORD"] else params["USER"]
    return f"postgres://{user}@{params['HOST']}:{params['PORT'] or 5432}/{params['NAME']}"


def gunicorn_env(redis_url: str) -> dict[str, str]:
    """The server's environment: this process's database, production settings, persistent connections."""
    return {
        **os.environ,
        # Production settings (no query is recorded), with this process's keys: a token it signs is
        # good at the server. Plain HTTP on the loopback: production's TLS ends in front of gunicorn.
        "DEBUG": "0",
        "SECRET_KEY": settings.SECRET_KEY,
        "JWT_SIGNING_KEY": settings.SIMPLE_JWT["SIGNING_KEY"],
        "HANDOVER_KEY": os.environ.get("HANDOVER_KEY") or base64.urlsafe_b64encode(os.urandom(32)).decode(),
        "SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": database_url(),
        "DB_CONN_MAX_AGE": "600",  # persistent connections, as production runs
        "REDIS_URL": os.environ.get("REDIS_URL", redis_url),  # one role-code cache for both workers
    }


def start_gunicorn(
    port: int, workers: int, env: dict[str, str], log: IO[str] | int = subprocess.DEVNULL, threads: int = 1
) -> subprocess.Popen:
    """gunicorn with sync workers (or threaded ones, as gunicorn.conf.py runs production, given
    `threads` above 1), once it answers /rest/health."""
    command = [
        str(Path(sys.executable).with_name("gunicorn")), "erp.wsgi", "--bind", f"127.0.0.1:{port}",
        "--workers", str(workers), "--worker-class", "gthread" if threads > 1 else "sync",
        "--threads", str(threads), "--log-level", "warning",
    ]  # fmt: skip
    server = subprocess.Popen(command, env=env, cwd=settings.BASE_DIR, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/rest/health", timeout=10):
                return server
        except (OSError, urllib.error.URLError):  # refused while booting, or slow while Django imports
            if server.poll() is not None:
                raise SystemExit("gunicorn exited; is the port taken?") from None
            time.sleep(0.3)
    server.terminate()
    raise SystemExit("gunicorn did not answer /rest/health within 60 s")


def post_form(base: str, path: str, form: str, headers: dict[str, str] | None = None) -> dict:
    request = urllib.request.Request(base + path, data=form.encode(), headers=headers or {}, method="POST")
    with urllib.request.urlopen(request) as response:
        return json.load(response)["data"]


def sign_in(base: str, account: str = "2", store_id: int | None = None) -> dict[str, str]:
    """SY0000<account> (by default the principal SY00002) acting in its first role entry (or its
    entry at `store_id`): the call headers. The tokens are issued in this process, which the server
    trusts (gunicorn_env gives it this process's signing key), not through /rest/auth/login: under
    the suite the passwords are hashed with a test-only hasher the server does not know. The sign-in
    itself is not what a benchmark measures."""
    from apps.accounts.models import UserRole
    from apps.accounts.tokens import issue_tokens

    entries = UserRole.objects.select_related("user").filter(user__login_name=f"SY{int(account):05d}")
    if store_id is not None:
        entries = entries.filter(hier_id=store_id)
    entry = entries.order_by("id").first()
    if entry is None:
        raise SystemExit(f"SY{int(account):05d} has no role entry{f' at store {store_id}' if store_id else ''}")
    issued = issue_tokens(user=entry.user, user_role=entry)
    return {"Authorization": f"Bearer {issued['access']}", "X-Account-Version": issued["accountVersion"]}


def get_envelope(base: str, path: str, query: dict[str, str], headers: dict[str, str]) -> dict[str, Any]:
    """A GET that must succeed: the envelope, or the run stops with the answer."""
    url = f"{base}{path}?{urllib.parse.urlencode(query)}"
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
        body = json.load(response)
    if body.get("errcode") != "0":
        raise SystemExit(f"{url}: {body}")
    return body
