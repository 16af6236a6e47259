"""Writing the system log. Every service that changes data calls `audit_record` inside its own
transaction, so the log entry and the change commit or roll back together.

Inside a command run under its idempotency key (apps.core.idempotency) the entries are kept until the
command ends and written by the same statement that keeps its answer (apps.core.held_writes): the
command's transaction is one, so they still commit or roll back with the change, and a checkout's
two calls save two round trips each."""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, time
from decimal import Decimal
from typing import Any

from django.db import models
from django.utils import timezone
from django.utils.translation import pgettext
from rest_framework.settings import api_settings

from apps.core.held_writes import held_now
from apps.core.json_types import JsonObject
from apps.core.models import SystemLog
from apps.core.money import money_to_wire


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


def operator_name(name: str) -> str:
    """A stored operator's name as a person reads it: what the system did is signed "system" in the
    data and shown in the request's language (系统 / System), like every other word of the page."""
    return pgettext("operator", "System") if name == SYSTEM_ACTOR.login_name else name


def client_ip(request: Any) -> str | None:
    """The client's address, found as DRF's throttles find it (`NUM_PROXIES`, set from
    TRUSTED_PROXY_COUNT; docs/operations.md). With no trusted proxy it is REMOTE_ADDR, whatever
    X-Forwarded-For says. With N proxies in front it is the N-th address from the right of
    X-Forwarded-For: the one the outermost proxy saw; everything left of it the client wrote itself.
    django-axes keys lockouts on it (AXES_CLIENT_IP_CALLABLE); the system log and login records keep it."""
    remote = request.META.get("REMOTE_ADDR") or None
    proxies = api_settings.NUM_PROXIES or 0
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if not proxies or not forwarded:
        return remote
    addresses = forwarded.split(",")
    candidate = addresses[-min(proxies, len(addresses))].strip()
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:  # a proxy that passes on garbage: keep the peer we know
        return remote


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
    *, actor: Actor, action: str, target: models.Model | None = None, detail: JsonObject | None = None
) -> SystemLog:
    """The system log's entry of what `actor` did; inside a command it is written when the command
    ends (module doc), in the same transaction, and answered unsaved."""
    entry = SystemLog(
        created_at=timezone.now(),
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
    held = held_now()
    if held is not None:
        held.logs.append(entry)
    else:
        entry.save(force_insert=True)
    return entry


def logged_value(value: Any) -> Any:
    """A field's value as the system log keeps it: money as its wire text, a time as HH:MM, a date
    in ISO form, anything else as it is."""
    if isinstance(value, Decimal):
        return money_to_wire(value)
    if isinstance(value, time):
        return value.strftime("%H:%M")
    if isinstance(value, date):
        return value.isoformat()
    return value


def field_changes(
    before: Mapping[str, Any], after: Mapping[str, Any], logged_names: Mapping[str, str], *, every: bool = False
) -> dict[str, list[Any]]:
    """What changed, `{logged name: [before, after]}`, for an audit record's detail; `every`: each
    field whether it changed or not (a record just made)."""
    return {
        logged: [logged_value(before[field]), logged_value(after[field])]
        for field, logged in logged_names.items()
        if every or before[field] != after[field]
    }
