"""The approval centre's domain errors (docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.errors import DomainError


class RequestDecided(DomainError):
    """Deciding or withdrawing a request that is no longer waiting (someone decided it first)."""

    errcode = "APPR-40901"
    status = 409
    default_message = gettext_lazy("this request has already been decided")


class OwnRequest(DomainError):
    """Nobody approves their own request: the point of an approval is a second person."""

    errcode = "APPR-40301"
    status = 403
    default_message = gettext_lazy("you cannot decide your own request")


class AuthorityHeld(DomainError):
    """Asking for a store authority the person already holds there (or one above it)."""

    errcode = "STAUTH-40901"
    status = 409
    default_message = gettext_lazy("you already hold this authority at the store")


class AuthorityRoleMissing(DomainError):
    """No role of the authority's kind is set up, so there is nothing to grant."""

    errcode = "STAUTH-40902"
    status = 409
    default_message = gettext_lazy("no role of this kind is set up, please ask head office")
