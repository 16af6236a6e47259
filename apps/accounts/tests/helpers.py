"""HTTP helpers of the sign-in tests: the browser's login form (contract §4.1) and a client that
carries the tokens an answer handed out, as the browser does (contract §4.2)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from rest_framework.test import APIClient

LOGIN_URL = "/rest/auth/login"
LOGOUT_URL = "/rest/auth/logout"
REFRESH_URL = "/rest/auth/refresh"
LOGIN_INFO_URL = "/rest/acct/loginInfo"


def form_login(client: APIClient | None, account: str, password: str, **extra: Any):
    """POST /rest/auth/login form-encoded: username=ERP:<account>&password=...&refresh=true."""
    client = client or APIClient(HTTP_ACCEPT_LANGUAGE="en")
    body = urlencode({"username": f"ERP:{account}", "password": password, "refresh": "true"})
    return client.post(LOGIN_URL, body, content_type="application/x-www-form-urlencoded", **extra)


def bearer_client(issued: dict[str, Any], *, language: str = "en", access: str | None = None) -> APIClient:
    """A fresh client (no session cookie) sending `access` and the account-version header."""
    client = APIClient(HTTP_ACCEPT_LANGUAGE=language)
    client.credentials(
        HTTP_AUTHORIZATION=f"Bearer {access or issued['access']}",
        HTTP_X_ACCOUNT_VERSION=issued["accountVersion"],
    )
    return client
