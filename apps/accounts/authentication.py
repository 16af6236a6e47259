"""Authentication of /rest/ calls (contract §4.2): a bearer access token with the account-version
header, or the browser's session cookie with the same checks. Both yield an ActingSession."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.db.models import Field, ForeignKey, ForeignObjectRel, Model
from rest_framework.authentication import BaseAuthentication, CSRFCheck, get_authorization_header
from rest_framework.exceptions import PermissionDenied

from apps.accounts.errors import token_invalid, user_gone, version_mismatch
from apps.accounts.models import RevokedAccess, Role, User, UserRole
from apps.accounts.session import ActingSession
from apps.accounts.tokens import (
    ACCOUNT_VERSION_CLAIM,
    PASSWORD_STAMP_CLAIM,
    USER_ROLE_CLAIM,
    decode_access,
)
from apps.org.models import OrgUnit
from apps.org.store_access import store_refusal

ACCOUNT_VERSION_HEADER = "HTTP_X_ACCOUNT_VERSION"
SESSION_ACCOUNT_VERSION = "erp_account_version"
SESSION_USER_ROLE = "erp_user_role_id"


# What select_related("user", "role", "hier") would load of the chosen role entry, read with the
# user in one query.
_ENTRY_PARTS = (("role", Role), ("hier", OrgUnit))


def _column(field: Field[Any, Any] | ForeignObjectRel) -> str:
    """The quoted column of a concrete field: every field the query below selects or joins on has one."""
    column = getattr(field, "column", None)
    if column is None:
        raise ImproperlyConfigured(f"{field} has no column")
    return connection.ops.quote_name(column)


def _foreign_key(name: str) -> ForeignKey[Any, Any]:
    field = UserRole._meta.get_field(name)
    if not isinstance(field, ForeignKey):
        raise ImproperlyConfigured(f"UserRole.{name} is not a foreign key")
    return field


def _models() -> list[tuple[str, type[Model]]]:
    return [("u", User), ("e", UserRole)] + [(f"t{index}", model) for index, (_, model) in enumerate(_ENTRY_PARTS)]


@cache
def _acting_sql() -> str:
    """The query behind every authenticated call, written once: the user, the chosen role entry (if
    any, and only if it is the user's) with its role and level, and whether the access token was
    revoked. Building it through the ORM on each request cost several times what running it does
    (docs/performance.md, "Members"); one round trip instead of a query and a cache read."""
    quote = connection.ops.quote_name
    columns = ", ".join(f"{alias}.{_column(f)}" for alias, model in _models() for f in model._meta.concrete_fields)
    joins = " ".join(
        f"LEFT JOIN {quote(model._meta.db_table)} t{index} ON t{index}.{_column(model._meta.pk)} = "
        f"e.{_column(_foreign_key(name))}"
        for index, (name, model) in enumerate(_ENTRY_PARTS)
    )
    revoked = RevokedAccess._meta
    return (
        f"SELECT {columns}, EXISTS (SELECT 1 FROM {quote(revoked.db_table)} r "
        f"WHERE r.{_column(revoked.pk)} = %s) FROM {quote(User._meta.db_table)} u "
        f"LEFT JOIN {quote(UserRole._meta.db_table)} e ON e.{_column(UserRole._meta.pk)} = %s "
        f"AND e.{_column(_foreign_key('user'))} = u.{_column(User._meta.pk)} "
        f"{joins} WHERE u.{_column(User._meta.pk)} = %s"
    )


@cache
def _converters() -> list[tuple[int, Any, list[Any]]]:
    """The database-to-Python converters of the selected columns (JSON and the like), as the
    ORM's compiler would apply them: (position, column expression, converters)."""
    found = []
    fields = [f for _, model in _models() for f in model._meta.concrete_fields]
    for position, field in enumerate(fields):
        column = field.get_col(field.model._meta.db_table)
        converters = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if converters:
            found.append((position, column, converters))
    return found


ModelT = TypeVar("ModelT", bound=Model)


def _instance(model: type[ModelT], values: list[Any]) -> ModelT:
    return model.from_db(connection.alias, [f.attname for f in model._meta.concrete_fields], values)


@dataclass(frozen=True)
class Acting:
    """Who calls: the user (None when gone), the chosen role entry in force (None when none is
    chosen, or it was revoked since) and whether the access token was revoked."""

    user: User | None
    entry: UserRole | None
    revoked: bool = False


def load_acting(user_id: Any, user_role_id: Any, jti: str | None = None) -> Acting:
    """The user, the chosen role entry with its role and level, and whether the token `jti` was
    revoked, in one query."""
    with connection.cursor() as cursor:
        cursor.execute(_acting_sql(), [jti, user_role_id, user_id])
        row = cursor.fetchone()
    if row is None:
        return Acting(None, None)
    values, revoked = list(row[:-1]), bool(row[-1])
    for position, column, converters in _converters():
        if values[position] is not None:
            for convert in converters:
                values[position] = convert(values[position], column, connection)
    parts = []
    start = 0
    for _, model in _models():
        width = len(model._meta.concrete_fields)
        parts.append(values[start : start + width])
        start += width
    user = _instance(User, parts[0])
    if parts[1][0] is None:  # no role chosen yet, or the entry was revoked since: the user acts without one
        return Acting(user, None, revoked)
    entry = _instance(UserRole, parts[1])
    _foreign_key("user").set_cached_value(entry, user)
    for (name, model), values_of in zip(_ENTRY_PARTS, parts[2:], strict=True):
        _foreign_key(name).set_cached_value(entry, _instance(model, values_of))
    return Acting(user, entry, revoked)


def acting_session(user: User, entry: UserRole | None, token: Any = None) -> ActingSession:
    """The session of a call. The entry's level came in the same query, so whether head office has
    deactivated its store or disabled it for debt is known fresh on every call, with nothing cached
    to go stale: such an entry is not in force, and the session carries the reason instead."""
    refusal = store_refusal(entry.hier) if entry is not None else None
    if refusal is not None:
        return ActingSession(user=user, user_role=None, token=token, refusal=refusal)
    return ActingSession(user=user, user_role=entry, token=token)


class ErpTokenAuthentication(BaseAuthentication):
    keyword = b"bearer"

    def authenticate(self, request: Any) -> tuple[User, ActingSession] | None:
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword:
            return None
        if len(parts) != 2:
            raise token_invalid()
        token = decode_access(parts[1].decode("latin-1"))
        acting = load_acting(token.get("user_id"), token.get(USER_ROLE_CLAIM), token.get("jti"))
        if acting.revoked:
            raise token_invalid()
        user, entry = acting.user, acting.entry
        if user is None or not user.enabled:
            raise user_gone()
        header_version = request.META.get(ACCOUNT_VERSION_HEADER, "")
        if header_version != user.account_version or token.get(ACCOUNT_VERSION_CLAIM) != user.account_version:
            raise version_mismatch()
        if token.get(PASSWORD_STAMP_CLAIM) != user.password_stamp:
            raise token_invalid()
        return user, acting_session(user, entry, token)

    def authenticate_header(self, request: Any) -> str:
        return 'Bearer realm="rest"'


class ErpSessionAuthentication(BaseAuthentication):
    """The session cookie of the browser pages; CSRF is enforced as in DRF's SessionAuthentication."""

    def authenticate(self, request: Any) -> tuple[User, ActingSession] | None:
        django_request = request._request
        user = getattr(django_request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        session = django_request.session
        if session.get(SESSION_ACCOUNT_VERSION) != user.account_version:
            raise version_mismatch()
        self._enforce_csrf(request)
        return user, acting_session(user, load_acting(user.pk, session.get(SESSION_USER_ROLE)).entry)

    def _enforce_csrf(self, request: Any) -> None:
        # As DRF's SessionAuthentication does: the middleware only checks, so it needs no real view or
        # next handler; the stubs ask for both.
        check = CSRFCheck(lambda _request: None)  # type: ignore[arg-type]
        check.process_request(request)
        reason = check.process_view(request, None, (), {})  # type: ignore[arg-type]
        if reason:
            raise PermissionDenied(f"CSRF Failed: {reason}")
