"""Domain errors: each carries its errcode and HTTP status, mapped to the envelope in one place
(apps.core.envelope). Services raise these; views never build error bodies by hand."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from apps.core.lazy_text import StrOrPromise


class DomainError(Exception):
    """A business rule said no. Subclasses fix the errcode, status and default message."""

    errcode = "SYS-40000"
    status = 400
    default_message = _("the request could not be processed")

    def __init__(self, message: StrOrPromise | None = None, *, data: object = None) -> None:
        self.message = message if message is not None else self.default_message
        self.data = data
        super().__init__(str(self.message))


class InvalidInput(DomainError):
    """A field-level rule; `field` names the field for the VALID-40000 answer."""

    errcode = "VALID-40000"
    status = 400
    default_message = _("invalid input")

    def __init__(self, message: StrOrPromise | None = None, *, field: str = "non_field_errors") -> None:
        super().__init__(message)
        self.field = field

    @property
    def fields(self) -> dict[str, list[str]]:
        return {self.field: [str(self.message)]}


class NotFound(DomainError):
    errcode = "SYS-40400"
    status = 404
    default_message = _("not found")


class Conflict(DomainError):
    errcode = "SYS-40900"
    status = 409
    default_message = _("the record was changed by someone else, please reload")


class RequestsCrossed(DomainError):
    """Two requests locked the same records in a circle twice running (apps.core.locks): this one
    changed nothing and may simply be sent again."""

    errcode = "SYS-40902"
    status = 409
    default_message = _(
        "another request was changing the same records at the same moment: nothing was changed, please try again"
    )


class IdempotencyKeyReused(DomainError):
    """Contract §8: the same Idempotency-Key with another request."""

    errcode = "SYS-40901"
    status = 409
    default_message = _("this idempotency key was already used for another request")


class PermissionRefused(DomainError):
    errcode = "AUTH-40300"
    status = 403
    default_message = _("no permission")


class NoRoleChosen(DomainError):
    errcode = "FILTER_LOGIN_NO_ROLE"
    status = 403
    default_message = _("please choose a role and store first")


class DayClosed(DomainError):
    """Contract §8: a change dated in a closed business day of the store (apps.core.business_days).
    The message says what the person can do about it (issue 28): only the owner reopens a day, and
    anyone refused may ask for it (`data`: the store and the day, which the request form names)."""

    errcode = "DAY-40901"
    status = 409
    default_message = _("the day is closed; ask the owner to reopen it")
