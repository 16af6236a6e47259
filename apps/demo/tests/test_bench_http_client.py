"""The benches' HTTP client (bench.live_server.call) keeps one connection a thread and server, as a
browser does, and opens it again when the server closed it: after each answer (an HTTP/1.0 server,
like gunicorn's sync workers) or while it sat idle (gunicorn's keep-alive ran out)."""

from __future__ import annotations

import importlib
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

# Imported by name, as test_bench_modules does: bench/ is outside mypy's files (mypy.ini).
live_server = importlib.import_module("bench.live_server")


class Counted(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, protocol: str) -> None:
        self.connections = 0
        self.sockets: list = []
        handler = type("Handler", (_Handler,), {"protocol_version": protocol})
        super().__init__(("127.0.0.1", 0), handler)

    def process_request(self, request, client_address) -> None:
        self.connections += 1
        self.sockets.append(request)
        super().process_request(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        answer = b'{"errcode": "0", "data": ' + body + b"}"
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *_args: object) -> None:
        pass


@pytest.fixture(params=["HTTP/1.1", "HTTP/1.0"])
def server(request) -> Iterator[Counted]:
    yield from _serving(request.param)


@pytest.fixture
def keeping_server() -> Iterator[Counted]:
    yield from _serving("HTTP/1.1")


def _serving(protocol: str) -> Iterator[Counted]:
    served = Counted(protocol)
    threading.Thread(target=served.serve_forever, daemon=True).start()
    yield served
    served.shutdown()
    served.server_close()


def _base(server: Counted) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}"


def test_three_calls_share_one_connection_unless_the_server_closes_each(server):
    answers = [live_server.post_json(_base(server), "/echo", {"n": n}, {})[1]["data"] for n in range(3)]

    assert answers == [{"n": 0}, {"n": 1}, {"n": 2}]
    assert server.connections == (1 if server.RequestHandlerClass.protocol_version == "HTTP/1.1" else 3)


def test_a_connection_the_server_closed_while_idle_is_opened_again(keeping_server):
    server = keeping_server
    base = _base(server)
    assert live_server.post_json(base, "/echo", {"n": 1}, {})[0] == 200
    for sock in server.sockets:
        sock.shutdown(socket.SHUT_RDWR)  # the server's side goes away between two calls

    assert live_server.post_json(base, "/echo", {"n": 2}, {}) == (200, {"errcode": "0", "data": {"n": 2}})
    assert server.connections == 2
