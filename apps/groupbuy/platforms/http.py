"""The HTTP plumbing the adapters share: one call with the account's timeout, every way of not
getting a readable answer turned into PlatformUnavailable, and a small in-process token cache for
the platforms that sell us a token for our secret (Douyin's client_token, WeChat's access_token)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import requests

from apps.core.json_types import JsonObject

from .base import PlatformAccount, PlatformUnavailable


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
    body that is not a JSON object (the outcome of the request is unknown then)."""
    url = account.base_url.rstrip("/") + path
    try:
        answer = requests.request(
            method, url, params=params, data=data, json=json_body, headers=headers, timeout=account.timeout
        )
    except requests.Timeout as exc:
        raise PlatformUnavailable(f"timed out after {account.timeout:g} s", timed_out=True) from exc
    except requests.RequestException as exc:
        raise PlatformUnavailable(f"could not reach the platform: {exc.__class__.__name__}") from exc
    if answer.status_code >= 500:
        raise PlatformUnavailable(answer.text[:200], code=str(answer.status_code))
    try:
        body = answer.json()
    except ValueError:
        raise PlatformUnavailable(f"unreadable answer ({answer.status_code})") from None
    if not isinstance(body, dict):
        raise PlatformUnavailable(f"unreadable answer ({answer.status_code})")
    return body


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
