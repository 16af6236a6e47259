"""Enterprise-chat (WeCom) sign-in: the QR panel's config, code login and binding (spec §2.1 /login
and /wxRegister, §7.4 /api/v1/wxwork/{info, login, binding}).

The browser gets an OAuth `code` from WeCom; the server trades it for the member's `userid` over
WeCom's server API at settings.WECOM_API_BASE:

- `GET /cgi-bin/gettoken?corpid=&corpsecret=` -> `{errcode: 0, access_token, expires_in}`; the
  token is kept in Django's cache until TOKEN_EARLY_SECONDS before it expires;
- `GET /cgi-bin/auth/getuserinfo?access_token=&code=` -> `{errcode: 0, userid}`. A person outside
  the company gets an `openid` and no `userid`.

Every failure on that road (no answer within WECOM_TIMEOUT_SECONDS, an unreadable answer, a WeCom
errcode, a code of no member) answers 401 `WECOM-LOGIN-ABNORMAL` whose message contains
LOGIN_ABNORMAL_MARKER in every language: spec §8 "enterprise-chat login errors containing a
login-abnormal marker return to /login", so the browser looks for that text and shows the QR again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import urllib.request
from http.client import HTTPException
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError

from apps.accounts import services
from apps.accounts.choices import AuditAction, SignInWay
from apps.accounts.errors import WecomAlreadyBound, WecomLoginAbnormal, WecomNotBound
from apps.accounts.models import WECOM_USERID_MAX_LENGTH, User
from apps.accounts.rows import LoginRow, WecomInfoRow
from apps.core.audit import Actor, audit_record
from apps.core.fields import CharField
from apps.core.json_types import JsonObject

logger = logging.getLogger(__name__)

GETTOKEN_PATH = "/cgi-bin/gettoken"
GETUSERINFO_PATH = "/cgi-bin/auth/getuserinfo"
# Refetch the access token this long before WeCom says it expires.
TOKEN_EARLY_SECONDS = 300
# WeCom's errcodes for an access token that is invalid or expired: refetch once and retry.
STALE_TOKEN_ERRCODES = frozenset({40014, 42001})
WECOM_USERID = CharField(max_length=WECOM_USERID_MAX_LENGTH)


def wecom_configured() -> bool:
    return bool(settings.WECOM_CORP_ID and settings.WECOM_AGENT_ID and settings.WECOM_SECRET)


def wecom_qr_config(*, request: HttpRequest) -> WecomInfoRow:
    """What the /login page needs to draw the QR panel. Without a configured corp the page shows
    the account login only (`configured` false)."""
    return {
        "appid": settings.WECOM_CORP_ID,
        "agentid": settings.WECOM_AGENT_ID,
        "configured": wecom_configured(),
        "redirectUri": request.build_absolute_uri("/login"),
    }


# --- the WeCom server API ------------------------------------------------------------------------


def _get(path: str, params: dict[str, str]) -> JsonObject:
    url = f"{settings.WECOM_API_BASE.rstrip('/')}{path}?{urlencode(params)}"
    try:
        with urllib.request.urlopen(url, timeout=settings.WECOM_TIMEOUT_SECONDS) as answer:
            body = json.loads(answer.read().decode("utf-8"))
    except (OSError, HTTPException, ValueError) as exc:  # URLError, HTTPError, timeouts, cut answers; not JSON
        # The URL holds the secret or the token: log the path only.
        logger.warning("WeCom %s failed: %s", path, type(exc).__name__)
        raise WecomLoginAbnormal() from None
    if not isinstance(body, dict):
        logger.warning("WeCom %s answered no JSON object", path)
        raise WecomLoginAbnormal()
    return body


def _errcode(body: JsonObject) -> int:
    try:
        return int(body.get("errcode") or 0)
    except (TypeError, ValueError):
        return -1


def _token_cache_key() -> str:
    digest = hashlib.sha256(f"{settings.WECOM_CORP_ID}|{settings.WECOM_SECRET}".encode()).hexdigest()[:16]
    return f"accounts:wecom:access-token:{digest}"


def access_token(*, fresh: bool = False) -> str:
    """The corp's access token, from the cache unless `fresh`."""
    key = _token_cache_key()
    if not fresh:
        cached = cache.get(key)
        if cached:
            return cached
    body = _get(GETTOKEN_PATH, {"corpid": settings.WECOM_CORP_ID, "corpsecret": settings.WECOM_SECRET})
    token = body.get("access_token")
    if _errcode(body) != 0 or not token:
        logger.error("WeCom refused the access token: errcode %s", body.get("errcode"))
        raise WecomLoginAbnormal()
    try:
        lifetime = int(body.get("expires_in") or 7200)
    except (TypeError, ValueError):
        lifetime = 7200
    early = TOKEN_EARLY_SECONDS if lifetime > 2 * TOKEN_EARLY_SECONDS else lifetime // 2
    cache.set(key, token, max(lifetime - early, 1))
    return str(token)


def member_userid(code: str) -> str:
    """The WeCom userid of the member who scanned and produced `code` (each code works once)."""
    if not wecom_configured():
        raise WecomLoginAbnormal(
            _("%(marker)s: enterprise-chat sign-in is not set up, please sign in with your account")
        )
    body = _get(GETUSERINFO_PATH, {"access_token": access_token(), "code": code})
    if _errcode(body) in STALE_TOKEN_ERRCODES:
        body = _get(GETUSERINFO_PATH, {"access_token": access_token(fresh=True), "code": code})
    if _errcode(body) != 0:
        logger.info("WeCom refused a sign-in code: errcode %s", body.get("errcode"))
        raise WecomLoginAbnormal()
    userid = body.get("userid") or body.get("UserId")  # the older API spelled it UserId
    if not userid:
        raise WecomLoginAbnormal(_("%(marker)s: this enterprise-chat account is not a member of the company"))
    # The answer is input like any other: an id the column cannot hold (too long, a NUL) is refused,
    # as a failed enterprise-chat sign-in (401, docs/api.md), not as the caller's bad input.
    try:
        return WECOM_USERID.run_validation(str(userid))
    except ValidationError:
        logger.warning("WeCom answered a userid the account cannot hold")
        raise WecomLoginAbnormal() from None


# --- use cases -----------------------------------------------------------------------------------


def wecom_sign_in(*, request: HttpRequest, actor: Actor, code: str) -> LoginRow:
    """Code login (spec §2.1 /login?code=): the member's bound account signs in, answering what
    POST /rest/auth/login answers. A member bound to no account is told to bind after an account
    sign-in; a disabled account is refused as every way in refuses it."""
    userid = member_userid(code)
    user = User.objects.filter(wecom_userid=userid).first()
    if user is None:
        raise WecomNotBound()
    return services.sign_in_user(request=request, actor=actor, user=user, way=SignInWay.WECOM)


def wecom_bind(*, actor: Actor, user: User, code: str) -> User:
    """Spec §2.1 /wxRegister: binds the member of `code` to the signed-in account. A member is
    bound to one account (409 when it is another's; the unique column backs this); binding again
    to the same account changes nothing; a new member replaces the account's previous one."""
    userid = member_userid(code)  # outside the transaction: no network wait while holding locks
    with transaction.atomic():
        account = User.objects.select_for_update().get(pk=user.pk)
        if account.wecom_userid == userid:
            return account
        if User.objects.filter(wecom_userid=userid).exclude(pk=account.pk).exists():
            raise WecomAlreadyBound()
        previous, account.wecom_userid = account.wecom_userid, userid
        try:
            with transaction.atomic():
                account.save(update_fields=["wecom_userid"])
        except IntegrityError:  # bound to someone else in the meantime
            raise WecomAlreadyBound() from None
        audit_record(
            actor=actor,
            action=AuditAction.WECOM_BOUND,
            target=account,
            detail={"wecomUserId": userid, "previous": previous},
        )
    user.wecom_userid = userid
    return account
