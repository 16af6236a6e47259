"""Test helpers on accounts' floor: an API client that acts as a signed-in person, in a role at a
store when given one. Every app's API tests use it (the layering test lets test code import
accounts whatever its floor)."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from apps.accounts.models import User, UserRole
from apps.accounts.tokens import issue_tokens


class TokenClient(APIClient):
    """An APIClient that keeps the tokens issued for it (`issued`: access, refresh, accountVersion)."""

    issued: dict[str, Any] | None = None


def api_client(*, user: User | None = None, entry: UserRole | None = None, language: str = "en") -> TokenClient:
    """A client that sends a bearer token (with the account-version header) for `user`, acting in
    `entry` when given; without either it is anonymous."""
    client = TokenClient(HTTP_ACCEPT_LANGUAGE=language)
    if entry is not None:
        user = entry.user
    if user is not None:
        issued = issue_tokens(user=user, user_role=entry)
        client.credentials(
            HTTP_AUTHORIZATION=f"Bearer {issued['access']}", HTTP_X_ACCOUNT_VERSION=issued["accountVersion"]
        )
        client.issued = issued
    return client
