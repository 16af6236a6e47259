"""The HTTP plumbing the adapters share: one call with the account's timeout, every way of not
getting a readable answer turned into PlatformUnavailable, and a small in-process token cache for
the platforms that sell us a token for our secret (Douyin's client_token, WeChat's access_token)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import requests

from apps.core.json_types import JsonObject

from .base import PlatformAccount, PlatformUnavailable

logger = logging.getLogger(__name__)
LOGGED_BODY_CHARACTERS = 1000


def call(
    account: PlatformAccount,
    method: str,
    path: str,
    *,
    params: dict[str, str] | None = None,
    data: dict[str, str] | None = None,
    json_body: JsonObject | None = None,
    headers: dict[str, str] | None = None,
) -> JsonObject:
    """The JSON answer of a 2xx or 4xx; PlatformUnavailable for a timeout, no connection, a 5xx or a
    body that is not a JSON object (the outcome of the request is unknown then). What went wrong is
    logged here, the body of an error page with it; the error carries no text of its own, so staff
    read our message (PlatformUnavailable.user_message), never a gateway's HTML."""
    url = account.base_url.rstrip("/") + path
    try:
        answer = requests.request(
            method, url, params=params, data=data, json=json_body, headers=headers, timeout=account.timeout
        )
    except requests.Timeout as exc:
        logger.warning(
            "group-buy platform %s %s %s: no answer within %g s", account.platform, method, path, account.timeout
        )
        raise PlatformUnavailable(timed_out=True) from exc
    except requests.RequestException as exc:
        logger.warning("group-buy platform %s %s %s: not reached (%s)", account.platform, method, path, exc)
        raise PlatformUnavailable() from exc
    body = _json_object(answer) if answer.status_code < 500 else None
    if body is None:
        # Only the path goes to the log: a query string may hold an access token.
        logger.warning(
            "group-buy platform %s %s %s answered HTTP %s with no JSON object: %r",
            account.platform,
            method,
            path,
            answer.status_code,
            answer.text[:LOGGED_BODY_CHARACTERS],
        )
        raise PlatformUnavailable(code=str(answer.status_code), error_page=True)
    return body


def _json_object(answer: requests.Response) -> JsonObject | None:
    try:
        body = answer.json()
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


class TokenCache:
    """Tokens bought for our secret (`buy` answers one and its seconds to live), by (base_url,
    app_key), reused until a minute before they expire."""

    def __init__(self, buy: Callable[[PlatformAccount], tuple[str, int]]) -> None:
        self._buy = buy
        self._tokens: dict[tuple[str, str], tuple[str, float]] = {}
        self._lock = threading.Lock()

    def get(self, account: PlatformAccount) -> str:
        key = (account.base_url, account.app_key)
        with self._lock:
            token, until = self._tokens.get(key, ("", 0.0))
        if token and time.monotonic() < until:
            return token
        token, expires_in = self._buy(account)
        with self._lock:
            self._tokens[key] = (token, time.monotonic() + max(expires_in - 60, 0))
        return token

    def forget(self, account: PlatformAccount) -> None:
        with self._lock:
            self._tokens.pop((account.base_url, account.app_key), None)

    def ask(
        self,
        account: PlatformAccount,
        ask: Callable[[str], JsonObject],
        expired: Callable[[JsonObject], bool],
    ) -> JsonObject:
        """`ask`'s answer with the account's token. A platform may drop a token before its time:
        when the answer says so (`expired`), a new token is bought and asked with once more."""
        answer = ask(self.get(account))
        if expired(answer):
            self.forget(account)
            answer = ask(self.get(account))
        return answer
