"""Writing the system log. Every service that changes data calls `audit_record` inside its own
transaction, so the log entry and the change commit or roll back together."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import models

from apps.core.models import SystemLog


@dataclass(frozen=True)
class Actor:
    """Who acts: the user, the role and store they chose, and the address they came from."""

    user_id: int | None = None
    login_name: str = ""
    role_name: str = ""
    store_id: int | None = None
    store_name: str = ""
    ip_address: str | None = None


SYSTEM_ACTOR = Actor(login_name="system")


def client_ip(request: Any) -> str | None:
    """The peer address. Behind the reverse proxy, the proxy sets REMOTE_ADDR (docs/operations.md)."""
    return request.META.get("REMOTE_ADDR") or None


def actor_from_request(request: Any) -> Actor:
    user = getattr(request, "user", None)
    session = getattr(request, "auth", None)
    role_name, store_id, store_name = "", None, ""
    if session is not None and getattr(session, "has_role", False):
        role_name, store_id, store_name = session.role_name, session.hier_id, session.hier_name
    if user is None or not user.is_authenticated:
        return Actor(ip_address=client_ip(request))
    return Actor(
        user_id=user.pk,
        login_name=user.get_username(),
        role_name=role_name,
        store_id=store_id,
        store_name=store_name,
        ip_address=client_ip(request),
    )


def audit_record(
    *, actor: Actor, action: str, target: models.Model | None = None, detail: dict[str, Any] | None = None
) -> SystemLog:
    return SystemLog.objects.create(
        user_id=actor.user_id,
        login_name=actor.login_name,
        role_name=actor.role_name,
        store_id=actor.store_id,
        store_name=actor.store_name,
        ip_address=actor.ip_address,
        action=action,
        object_type=target._meta.label_lower if target is not None else "",
        object_id=str(target.pk) if target is not None else "",
        object_repr=str(target)[:200] if target is not None else "",
        detail=detail or {},
    )
