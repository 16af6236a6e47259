"""The plumbing the fake providers share: a stdlib HTTP server in a daemon thread on 127.0.0.1 (a
random free port), and a form or JSON POST for the notifications they send.

Nothing here is a provider: `alipay.py` and `pos.py` are. Tests and `make run` use them; production
never imports this package."""

from __future__ import annotations

import queue
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self
from urllib.parse import parse_qsl, urlsplit


@dataclass
class FakeRequest:
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: bytes


@dataclass
class FakeResponse:
    status: int
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)


Handler = Callable[[FakeRequest], FakeResponse]


class _RequestHandler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def _handle(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        parts = urlsplit(self.path)
        request = FakeRequest(
            method=self.command,
            path=parts.path,
            query=dict(parse_qsl(parts.query, keep_blank_values=True)),
            headers={k.lower(): v for k, v in self.headers.items()},
            body=body,
        )
        try:
            response = self.server.app(request)
        except Exception as exc:  # a bug in a fake must show as a 500, not a hung client
            response = FakeResponse(500, f"fake provider error: {exc!r}".encode())
        try:
            self.send_response(response.status)
            headers = {"Content-Type": "application/json; charset=utf-8", **response.headers}
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(response.body)))
            self.end_headers()
            self.wfile.write(response.body)
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (its timeout): fine
            pass

    do_GET = _handle
    do_POST = _handle

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, app: Handler) -> None:
        self.app = app
        super().__init__(("127.0.0.1", 0), _RequestHandler)


class FakeHttpServer:
    """`app` answers every request; `start()` serves it in a thread, `stop()` ends it."""

    def __init__(self, app: Handler) -> None:
        self._server = _Server(app)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-provider", daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


@dataclass
class SentNotification:
    """A notification a fake posted, and what the receiver answered (status 0: it could not be reached)."""

    url: str
    headers: dict[str, str]
    body: bytes
    status: int = 0
    answer: bytes = b""


def post(url: str, body: bytes, headers: dict[str, str], timeout: float = 5.0) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()
    except OSError:
        return 0, b""


class Notifier:
    """Posts notifications in the background, one after the other in the order they were sent, and
    keeps each with its answer."""

    def __init__(self) -> None:
        self.sent: list[SentNotification] = []
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._queue: queue.Queue[tuple[str, bytes, dict[str, str]] | None] = queue.Queue()
        self._pending = 0
        threading.Thread(target=self._deliver, name="fake-notify", daemon=True).start()

    def send(self, url: str, body: bytes, headers: dict[str, str], times: int = 1) -> None:
        if not url:
            return
        for _ in range(times):
            with self._lock:
                self._pending += 1
            self._queue.put((url, body, dict(headers)))

    def _deliver(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            url, body, headers = item
            status, answer = post(url, body, headers)
            with self._lock:
                self.sent.append(SentNotification(url, headers, body, status, answer))
                self._pending -= 1
                self._idle.notify_all()

    def close(self) -> None:
        """Deliver what is queued, then end the sending thread."""
        self._queue.put(None)

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Wait until every notification sent so far was delivered (or failed)."""
        with self._lock:
            return self._idle.wait_for(lambda: self._pending == 0, timeout=timeout)


class FakeProvider:
    """What the fakes served by FakeHttpServer share: their life (`url`, `start()`, `stop()`, which
    lets the notifications sent so far go out first), their `notifier`, and the failures a test
    queues for the next calls (`fail_next`, one of `failure_kinds`; `_next_failure()` takes it)."""

    failure_kinds: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.notifier = Notifier()
        self._failures: list[str] = []
        self._lock = threading.RLock()
        self._server = FakeHttpServer(self.handle)

    def handle(self, request: FakeRequest) -> FakeResponse:
        raise NotImplementedError

    @property
    def url(self) -> str:
        return self._server.url

    def start(self) -> Self:
        self._server.start()
        return self

    def stop(self) -> None:
        self.notifier.wait_idle(timeout=2)
        self.notifier.close()
        self._server.stop()

    def fail_next(self, kind: str, count: int = 1) -> None:
        if kind not in self.failure_kinds:
            raise ValueError(f"kind is one of {self.failure_kinds}")
        with self._lock:
            self._failures.extend([kind] * count)

    def _next_failure(self) -> str:
        with self._lock:
            return self._failures.pop(0) if self._failures else ""
