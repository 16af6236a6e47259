"""Quick login (spec §2.1 /login?ql=1): a signed cookie lets the same browser sign in again
without a password for QUICK_LOGIN_DAYS.

Every successful sign-in sets the cookie (apps.accounts.api.sign_in_ways.signed_in); its value is
`<user id>:<password stamp>:<account version>:<session nonce>`, signed with Django's signing
(SECRET_KEY, a salt of its own, and a timestamp checked against the maximum age). A re-created
account or a disabled one is refused; signing out, a new password and disabling the account give
the user a new session nonce (User.rotate_session_nonce), which ends every cookie handed out before,
in every browser, even a copy kept after sign-out deleted it.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare

from apps.accounts import services
from apps.accounts.choices import SignInWay
from apps.accounts.errors import QuickLoginInvalid
from apps.accounts.models import User
from apps.accounts.rows import LoginRow
from apps.core.audit import Actor

QUICK_LOGIN_COOKIE = "erp_quick_login"
QUICK_LOGIN_SALT = "apps.accounts.quick_login"


def quick_login_max_age() -> int:
    """Seconds a quick-login cookie lives (the browser's max_age and the signature's alike)."""
    return settings.QUICK_LOGIN_DAYS * 24 * 60 * 60


def quick_login_cookie_value(*, user: User) -> str:
    return f"{user.pk}:{user.password_stamp}:{user.account_version}:{user.session_nonce}"


def quick_login_sign_in(*, request: HttpRequest, actor: Actor) -> LoginRow:
    """Signs in the account of the request's quick-login cookie; answers what POST /rest/auth/login
    answers."""
    value = request.get_signed_cookie(
        QUICK_LOGIN_COOKIE, default=None, salt=QUICK_LOGIN_SALT, max_age=quick_login_max_age()
    )
    parts = (value or "").split(":")
    if len(parts) != 4 or not parts[0].isdigit():
        raise QuickLoginInvalid()
    user_id, stamp, version, nonce = parts
    user = User.objects.filter(pk=int(user_id)).first()
    if (
        user is None
        or not user.enabled
        or not constant_time_compare(stamp, user.password_stamp)
        or version != user.account_version
        or not constant_time_compare(nonce, user.session_nonce)
    ):
        raise QuickLoginInvalid()
    return services.sign_in_user(request=request, actor=actor, user=user, way=SignInWay.QUICK)
