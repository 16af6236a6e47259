"""GET /rest/acct/loginInfo with a chosen role: SQL queries per call and latency through a live
HTTP server (Django's threaded test server) on the configured database."""

from __future__ import annotations

import argparse
import json
import threading
import time

from django.core.management import call_command
from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler, get_internal_wsgi_application
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import UserRole
from apps.accounts.testing import api_client
from bench.live_server import call as http_call
from bench.live_server import post_form
from bench.raw_replay import beside, compare
from bench.stats import summary_ms

REPLAYS = 100  # in-process calls replayed for the figure's baseline


class QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass  # a line per request would measure the terminal, not the server


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--port", type=int, default=8765)


def run(args: argparse.Namespace) -> None:

    call_command("migrate", verbosity=0)
    call_command("seed_demo", verbosity=0)

    entry = UserRole.objects.select_related("user").get(user__login_name="SY00002")
    client = api_client(entry=entry)
    client.get("/rest/acct/loginInfo")  # warm the role-code cache
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/rest/acct/loginInfo").status_code == 200
    query_count = len(queries)

    def call(_given: None) -> None:
        assert client.get("/rest/acct/loginInfo").status_code == 200

    replayed = compare(call, [None] * min(REPLAYS, args.requests))

    server = ThreadedWSGIServer(("127.0.0.1", args.port), QuietHandler, allow_reuse_address=True)
    server.set_app(get_internal_wsgi_application())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{args.port}"
    try:
        login = post_form(base, "/rest/auth/login", "username=ERP:2&password=Demo@12345&refresh=true")
        auth = {"Authorization": f"Bearer {login['access']}", "X-Account-Version": login["accountVersion"]}
        chosen = post_form(base, f"/rest/acct/selectHierRole/{login['roles'][0]['userRoleId']}", "", auth)
        headers = {"Authorization": f"Bearer {chosen['access']}", "X-Account-Version": chosen["accountVersion"]}
        samples = []
        for _ in range(args.requests):
            started = time.perf_counter()
            http_call(base, "GET", "/rest/acct/loginInfo", headers=headers)
            samples.append(time.perf_counter() - started)
    finally:
        server.shutdown()
    print(
        json.dumps(
            {
                "benchmark": "login-info",
                "database": connection.vendor,
                "queries": query_count,
                **beside(summary_ms(samples), replayed),
            }
        )
    )
