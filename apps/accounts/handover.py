"""The manager-side login hand-over (spec §2.4, §9): a link that signs the same person in on the
manager side of the deployment, in a new tab or in the same one.

The link is `<scheme>://<manager_host(current host)>/xxbLogin?u=&p=&uid=&userId=` where

- `u` is the account (login name) sealed with Fernet under settings.HANDOVER_KEY (spec §9: "a fixed
  symmetric key encrypts the account and password");
- `p` is, sealed the same way, a random one-time secret: we never hold the real password, so none
  is sent. The cache keeps a hash of the secret for HANDOVER_LINK_SECONDS; a sign-in consumes it;
- `userId` is the user's id and `uid` the account version of contract §4.2, so a link of a deleted
  and re-created account with the same name is refused.

Both Fernet tokens carry their own time and are refused after HANDOVER_LINK_SECONDS. The manager
side is this deployment (same key, same cache) under another host name.
"""

from __future__ import annotations

import functools
import hashlib
import secrets
from urllib.parse import urlencode

from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from apps.accounts import services
from apps.accounts.choices import AuditAction, RoleKind, SignInWay
from apps.accounts.errors import HandoverInvalid
from apps.accounts.models import User, UserRole
from apps.accounts.rows import LoginRow
from apps.core.audit import Actor, audit_record
from apps.core.errors import PermissionRefused

MANAGER_LOGIN_PATH = "/xxbLogin"
# Spec §2.4: whole host labels and the port that differ between the store side and the manager side.
MANAGER_LABELS = {"store": "manager", "s2": "m2", "sto": "mng"}
MANAGER_PORTS = {"8889": "8802"}
# Who may open the manager side: holders of an owner (boss) or principal (manager) role entry.
MANAGER_SIDE_KINDS = (RoleKind.OWNER, RoleKind.PRINCIPAL)
TARGET_NEW_TAB = "_blank"
TARGET_SAME_TAB = "_self"


def manager_host(host: str) -> str:
    """The manager side's host for the store side's `host` ("name" or "name:port"), spec §2.4.

    The name is split on dots and each whole label that is, ignoring case, `store`, `s2` or `sto`
    becomes `manager`, `m2` or `mng`; a port 8889 becomes 8802. Nothing else changes: labels that
    merely contain those letters (`store-a`, `mystore`, `s20`) stay, and so do IP addresses
    (`store.example.com:8889` -> `manager.example.com:8802`, `s2.x.com` -> `m2.x.com`)."""
    if host.startswith("["):  # an IPv6 literal: only the port may change
        end = host.find("]") + 1
        name, rest = host[:end], host[end:]
        port = rest[1:] if rest.startswith(":") else None
    else:
        name, sep, port_text = host.partition(":")
        port = port_text if sep else None
        name = ".".join(MANAGER_LABELS.get(label.lower(), label) for label in name.split("."))
    if port is None:
        return name
    return f"{name}:{MANAGER_PORTS.get(port, port)}"


@functools.cache
def _development_key() -> bytes:
    # Settings refuse an empty HANDOVER_KEY unless DEBUG is on; then links work until a restart.
    return Fernet.generate_key()


def _fernet() -> Fernet:
    return Fernet(settings.HANDOVER_KEY or _development_key())


def _secret_cache_key(secret: str) -> str:
    return "accounts:handover:" + hashlib.sha256(secret.encode()).hexdigest()


def may_open_manager_side(user: User) -> bool:
    return UserRole.objects.filter(user=user, role__kind__in=MANAGER_SIDE_KINDS, hier__is_active=True).exists()


def manager_link(*, request: HttpRequest, actor: Actor, user: User, new_tab: bool) -> dict[str, str]:
    """Spec §2.4 manager-side login link, for owners and principals only (else 403)."""
    if not may_open_manager_side(user):
        raise PermissionRefused()
    secret = secrets.token_urlsafe(32)
    cache.set(_secret_cache_key(secret), user.pk, settings.HANDOVER_LINK_SECONDS)
    fernet = _fernet()
    query = urlencode(
        {
            "u": fernet.encrypt(user.login_name.encode()).decode(),
            "p": fernet.encrypt(secret.encode()).decode(),
            "uid": user.account_version,
            "userId": user.pk,
        }
    )
    audit_record(actor=actor, action=AuditAction.HANDOVER_LINK_ISSUED, target=user, detail={"newTab": new_tab})
    return {
        "url": f"{request.scheme}://{manager_host(request.get_host())}{MANAGER_LOGIN_PATH}?{query}",
        "target": TARGET_NEW_TAB if new_tab else TARGET_SAME_TAB,
    }


def handover_sign_in(*, request: HttpRequest, actor: Actor, u: str, p: str, uid: str, user_id: str) -> LoginRow:
    """The /xxbLogin auto-login of spec §2.1 from a manager link: within HANDOVER_LINK_SECONDS of
    its making, once, for the account it names. Answers what POST /rest/auth/login answers."""
    ttl = settings.HANDOVER_LINK_SECONDS
    fernet = _fernet()
    try:
        login_name = fernet.decrypt(u, ttl=ttl).decode()
        secret = fernet.decrypt(p, ttl=ttl).decode()
    except (InvalidToken, ValueError):  # forged, altered, expired; not ASCII or not UTF-8
        raise HandoverInvalid() from None
    user = User.objects.filter(login_name=login_name).first()
    if user is None or str(user.pk) != user_id or user.account_version != uid:
        raise HandoverInvalid()
    key = _secret_cache_key(secret)
    # delete() answers whether this call removed the key: of two uses at once, one wins.
    if cache.get(key) != user.pk or not cache.delete(key):
        raise HandoverInvalid()
    return services.sign_in_user(request=request, actor=actor, user=user, way=SignInWay.HANDOVER)
