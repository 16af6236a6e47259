"""The HTTP side every benchmark shares: gunicorn serving the project on the bench database as
gunicorn.conf.py runs production, the demo principal's sign-in, and requests on kept connections."""

from __future__ import annotations

import argparse
import base64
import http.client
import json
import os
import subprocess
import sys
import threading
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


def add_server_arguments(parser: argparse.ArgumentParser, port: int) -> None:
    """--port, and --workers and --threads for gunicorn, which default to gunicorn.conf.py's (production's)."""
    parser.add_argument("--port", type=int, default=port)
    parser.add_argument("--workers", type=int, help="gunicorn workers (default gunicorn.conf.py's: 3 with Redis)")
    parser.add_argument(
        "--threads", type=int, help="threads a worker (default gunicorn.conf.py's: 4; 1 for sync workers)"
    )


def start_gunicorn(
    port: int, env: dict[str, str], log: IO[str] | int = subprocess.DEVNULL, workers: int | None = None,
    threads: int | None = None,
) -> subprocess.Popen:  # fmt: skip
    """gunicorn with gunicorn.conf.py, as production runs it (threaded workers, the access log),
    bound to the loopback port, once it answers /rest/health. `workers` and `threads` override the
    file's; one thread makes sync workers."""
    command = [
        str(Path(sys.executable).with_name("gunicorn")), "erp.wsgi", "--config", "gunicorn.conf.py",
        "--bind", f"127.0.0.1:{port}", "--log-level", "warning",
    ]  # fmt: skip
    if workers is not None:
        command += ["--workers", str(workers)]
    if threads is not None:
        command += ["--threads", str(threads), "--worker-class", "gthread" if threads > 1 else "sync"]
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


def server_figures(args: argparse.Namespace) -> dict[str, int | str]:
    """How the measured server ran, for the printed figures."""
    return {"workers": args.workers or "gunicorn.conf.py", "threads": args.threads or "gunicorn.conf.py"}


# A browser or a till keeps its connection to the server between calls; so does each bench client
# (one connection per thread and server), or every figure would carry a TCP connect and close.
_kept = threading.local()


def _kept_connection(base: str) -> http.client.HTTPConnection:
    connections: dict[str, http.client.HTTPConnection] = _kept.__dict__.setdefault("by_base", {})
    if base not in connections:
        address = urllib.parse.urlsplit(base)
        connections[base] = http.client.HTTPConnection(address.hostname or "127.0.0.1", address.port, timeout=300)
    return connections[base]


def call(
    base: str, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[int, bytes]:
    """One request on this thread's kept connection to `base`: the status and the body. http.client
    opens the connection again after an answer that closed it (sync workers close every one); a
    connection the server closed while idle (after gunicorn's keep-alive) is opened again once."""
    connection = _kept_connection(base)
    for attempt in (1, 2):
        try:
            connection.request(method, path, body, headers or {})
            response = connection.getresponse()
            return response.status, response.read()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            connection.close()
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def post_json(base: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
    """A JSON POST: the status and the decoded answer (None for an empty body)."""
    status, answer = call(
        base, "POST", path, json.dumps(body).encode(), {**headers, "Content-Type": "application/json"}
    )
    return status, (json.loads(answer) if answer else None)


def post_form(base: str, path: str, form: str, headers: dict[str, str] | None = None) -> dict:
    """A form POST that must succeed: the envelope's data."""
    form_headers = {**(headers or {}), "Content-Type": "application/x-www-form-urlencoded"}
    status, answer = call(base, "POST", path, form.encode(), form_headers)
    if status != 200:
        raise SystemExit(f"{path}: {status} {answer[:300]!r}")
    return json.loads(answer)["data"]


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
    url = f"{path}?{urllib.parse.urlencode(query)}"
    status, answer = call(base, "GET", url, headers=headers)
    body = json.loads(answer) if answer else {}
    if status != 200 or body.get("errcode") != "0":
        raise SystemExit(f"{base}{url}: {status} {answer[:300]!r}")
    return body
