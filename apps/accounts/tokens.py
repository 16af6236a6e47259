"""Access and refresh tokens (simplejwt). Claims: the user, the chosen role entry (`ur`), the
account version (`av`) and a password stamp (`pw`), so a changed password ends every token."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from rest_framework_simplejwt.exceptions import TokenError
from rest_framework_simplejwt.token_blacklist.models import BlacklistedToken, OutstandingToken
from rest_framework_simplejwt.tokens import AccessToken, RefreshToken
from rest_framework_simplejwt.utils import datetime_from_epoch

from apps.accounts.errors import token_invalid, user_gone
from apps.accounts.models import RevokedAccess, User, UserRole
from apps.org.store_access import check_store_usable

USER_ROLE_CLAIM = "ur"
ACCOUNT_VERSION_CLAIM = "av"
PASSWORD_STAMP_CLAIM = "pw"


def issue_tokens(*, user: User, user_role: UserRole | None = None) -> dict[str, str]:
    refresh = RefreshToken.for_user(user)
    refresh[USER_ROLE_CLAIM] = user_role.pk if user_role else None
    refresh[ACCOUNT_VERSION_CLAIM] = user.account_version
    refresh[PASSWORD_STAMP_CLAIM] = user.password_stamp
    return {"access": str(refresh.access_token), "refresh": str(refresh), "accountVersion": user.account_version}


def revoke_access(token: AccessToken) -> None:
    """Access tokens are not stored; a revoked one is remembered (RevokedAccess) until it expires,
    and the expired ones are forgotten as it is written, which keeps the table to the tokens of the
    last ACCESS_TOKEN_MINUTES."""
    expires_at = datetime_from_epoch(token["exp"])
    now = timezone.now()
    if expires_at <= now:
        return
    RevokedAccess.objects.filter(expires_at__lte=now).delete()
    RevokedAccess.objects.bulk_create([RevokedAccess(jti=token["jti"], expires_at=expires_at)], ignore_conflicts=True)


def revoke_refresh(raw_refresh: str) -> None:
    try:
        RefreshToken(raw_refresh).blacklist()  # type: ignore[arg-type]  # simplejwt annotates the raw token as a Token; it takes the string
    except TokenError:
        pass  # already expired, blacklisted or forged: nothing left to revoke


def revoke_all_refresh_tokens(user: User) -> int:
    outstanding = OutstandingToken.objects.filter(
        user=user, expires_at__gt=timezone.now(), blacklistedtoken__isnull=True
    )
    tokens = list(outstanding)
    BlacklistedToken.objects.bulk_create([BlacklistedToken(token=token) for token in tokens], ignore_conflicts=True)
    return len(tokens)


def _claim_refresh(refresh: RefreshToken, user: User) -> bool:
    """Blacklists `refresh`; False when another request already has. BlacklistedToken.token is
    one-to-one, so of several requests presenting one token at once only one insert succeeds; the
    others wait on its transaction and then fail. (simplejwt's own blacklist() uses get_or_create,
    which hands every racer the winner's row and so lets each one go on.)"""
    outstanding, _created = OutstandingToken.objects.get_or_create(
        jti=refresh["jti"],
        defaults={
            "user": user,
            "created_at": timezone.now(),
            "token": str(refresh),
            "expires_at": datetime_from_epoch(refresh["exp"]),
        },
    )
    try:
        with transaction.atomic():
            BlacklistedToken.objects.create(token=outstanding)
    except IntegrityError:
        return False
    return True


def _rotation_key(raw_refresh: str) -> str:
    return "accounts:rotation:" + hashlib.sha256(raw_refresh.encode()).hexdigest()


def _remember_rotation(raw_refresh: str, pair: dict[str, str], browser_session: str | None) -> None:
    """Keeps the pair a refresh token was exchanged for, for the browser session that asked, for
    settings.REFRESH_REPLAY_SECONDS: a page that left (or lost its connection) while the answer was
    on its way still holds the spent token, and asking again from the same browser session gets the
    same pair instead of ending the session. Without a browser session nothing is kept."""
    if browser_session and settings.REFRESH_REPLAY_SECONDS > 0:
        entry = {"pair": pair, "session": browser_session}
        cache.set(_rotation_key(raw_refresh), entry, settings.REFRESH_REPLAY_SECONDS)


def _replayed_rotation(raw_refresh: str, browser_session: str | None) -> dict[str, str] | None:
    """The pair `raw_refresh` was just exchanged for, when the same browser session asks again and
    that pair has not itself been spent since; a copy of the token from anywhere else gets nothing."""
    if not browser_session:
        return None
    entry = cache.get(_rotation_key(raw_refresh))
    if not entry or entry.get("session") != browser_session:
        return None
    try:
        RefreshToken(entry["pair"]["refresh"])
    except TokenError:  # already exchanged again, or revoked by a sign-out or a new password
        return None
    return entry["pair"]


def _idle_too_long(refresh: RefreshToken) -> bool:
    """The server's side of the idle limit (settings.SESSION_IDLE_MINUTES). An active browser
    rotates its refresh token before each access token runs out, so a refresh token is at most one
    access lifetime old while its holder works; one unused for the idle limit beyond that belongs to
    a session nobody has touched for at least the idle limit (the browser signs such a session out
    itself; this holds when it did not, e.g. a copied token)."""
    issued = refresh.get("iat")
    if issued is None:
        return False
    limit = timedelta(minutes=settings.SESSION_IDLE_MINUTES) + (AccessToken.lifetime or timedelta(0))
    return timezone.now() - datetime_from_epoch(issued) > limit


def rotate_refresh(raw_refresh: str, *, browser_session: str | None = None) -> dict[str, str]:
    """A new pair for a valid refresh token; the old one is blacklisted (rotation) before the new
    pair is issued, in one transaction, so one refresh token yields at most one pair. The same
    browser session presenting the spent token again within the replay window gets that same pair
    (see `_remember_rotation`); anyone else gets a 401."""
    try:
        refresh = RefreshToken(raw_refresh)  # type: ignore[arg-type]  # simplejwt annotates the raw token as a Token; it takes the string
    except TokenError:  # altered, expired, not a refresh token, or already blacklisted
        replayed = _replayed_rotation(raw_refresh, browser_session)
        if replayed is None:
            raise token_invalid() from None
        return replayed
    if _idle_too_long(refresh):
        raise token_invalid()
    user = User.objects.filter(pk=refresh["user_id"]).first()
    if user is None or not user.enabled:
        raise user_gone()
    if (
        refresh.get(PASSWORD_STAMP_CLAIM) != user.password_stamp
        or refresh.get(ACCOUNT_VERSION_CLAIM) != user.account_version
    ):
        raise token_invalid()
    user_role = None
    if refresh.get(USER_ROLE_CLAIM):
        user_role = UserRole.objects.select_related("hier").filter(pk=refresh[USER_ROLE_CLAIM], user=user).first()
        if user_role is not None:
            # No new pair acting in a store head office has deactivated or disabled for debt since.
            check_store_usable(user_role.hier)
    with transaction.atomic():
        if not _claim_refresh(refresh, user):
            # Another request of this browser won the same token a moment ago: the pair is kept
            # before that request commits, so it is there by the time the claim fails here.
            replayed = _replayed_rotation(raw_refresh, browser_session)
            if replayed is None:
                raise token_invalid()
            return replayed
        pair = issue_tokens(user=user, user_role=user_role)
        _remember_rotation(raw_refresh, pair, browser_session)
        return pair


def flush_expired_tokens(now: datetime | None = None) -> int:
    """Outstanding refresh tokens past expiry (their blacklist rows go with them)."""
    deleted, _ = OutstandingToken.objects.filter(expires_at__lte=now or timezone.now()).delete()
    return deleted


def decode_access(raw: str) -> AccessToken:
    try:
        return AccessToken(raw)  # type: ignore[arg-type]  # simplejwt annotates the raw token as a Token; it takes the string
    except TokenError:
        raise token_invalid() from None
