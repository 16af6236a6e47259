"""A session that stays and a session that ends (issue 12 §1, docs/security.md): a refresh token
left unused past the idle limit (plus one access lifetime) is refused; one used in time works."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework_simplejwt.tokens import AccessToken, RefreshToken
from rest_framework_simplejwt.utils import datetime_to_epoch

from apps.accounts.tests.factories import PASSWORD
from apps.accounts.tests.helpers import form_login
from apps.accounts.tests.test_tokens import assert_refused, refresh_of
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db


@pytest.fixture
def issued(chain, make_entry):
    entry = make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000"])
    return assert_envelope(form_login(None, entry.user.login_name, PASSWORD), status=200)


def aged(raw: str, minutes: float) -> str:
    """The refresh token as if it had been issued `minutes` ago (re-signed; its jti unchanged)."""
    token = RefreshToken(raw)  # type: ignore[arg-type]
    token["iat"] = datetime_to_epoch(timezone.now() - timedelta(minutes=minutes))
    return str(token)


def test_a_refresh_token_used_within_the_idle_limit_and_one_access_lifetime_works(issued, settings):
    settings.SESSION_IDLE_MINUTES = 60
    lifetime = (AccessToken.lifetime or timedelta(0)).total_seconds() / 60
    assert_envelope(refresh_of(aged(issued["refresh"], 60 + lifetime - 1)), status=200)


def test_a_refresh_token_unused_past_the_idle_limit_and_one_access_lifetime_is_refused(issued, settings):
    settings.SESSION_IDLE_MINUTES = 60
    lifetime = (AccessToken.lifetime or timedelta(0)).total_seconds() / 60
    assert_refused(refresh_of(aged(issued["refresh"], 60 + lifetime + 1)), "SECURES-LOGIN-ON-401")
