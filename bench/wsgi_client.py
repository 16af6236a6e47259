"""In-process calls through Django's WSGI handler, as gunicorn makes them: the request's environ
handed to `WSGIHandler`, the answer's body read. The test client (apps.accounts.testing.api_client)
adds its own work around each call (signals for templates, the response's test attributes, cookies),
which a server does not do; an in-process figure set beside its SQL measures the product only."""

from __future__ import annotations

import io
import sys
import urllib.parse
from dataclasses import dataclass
from typing import Any

from django.core.handlers.wsgi import WSGIHandler

from apps.accounts.models import UserRole
from apps.accounts.tokens import issue_tokens


@dataclass(frozen=True)
class Answer:
    status_code: int
    content: bytes


class WsgiClient:
    """GETs as the role entry `entry`, with a bearer token and the account-version header."""

    def __init__(self, entry: UserRole, language: str = "zh-hans") -> None:
        issued = issue_tokens(user=entry.user, user_role=entry)
        self.headers = {
            "HTTP_AUTHORIZATION": f"Bearer {issued['access']}",
            "HTTP_X_ACCOUNT_VERSION": issued["accountVersion"],
            "HTTP_ACCEPT_LANGUAGE": language,
        }
        self.handler = WSGIHandler()

    def get(self, path: str, query: dict[str, str] | None = None) -> Answer:
        environ: dict[str, Any] = {
            "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": urllib.parse.urlencode(query or {}),
            "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1",
            "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(b""), "wsgi.errors": sys.stderr, **self.headers,
        }  # fmt: skip
        status: list[str] = []
        body = b"".join(self.handler(environ, lambda given, _headers, *_: status.append(given)))
        return Answer(int(status[0].split()[0]), body)
