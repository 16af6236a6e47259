"""Evaluations' domain errors (issue 29 §4; docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.errors import DomainError


class LinkInvalid(DomainError):
    """The link's token was not signed by us (mistyped, cut short or forged)."""

    errcode = "EVAL-40401"
    status = 404
    default_message = gettext_lazy("this evaluation link is not valid: please ask the store for a new receipt")


class LinkExpired(DomainError):
    """The link was good but its time (EVALUATION_LINK_DAYS after the visit was paid) has passed."""

    errcode = "EVAL-40001"
    status = 400
    default_message = gettext_lazy("this evaluation link has expired")


class AlreadyRated(DomainError):
    """The order has its evaluation: one per order, the first one stays."""

    errcode = "EVAL-40901"
    status = 409
    default_message = gettext_lazy("this visit has already been rated, thank you")


class OrderNotRatable(DomainError):
    """Only a paid order is a visit to rate (an unpaid or cancelled one is not)."""

    errcode = "EVAL-40902"
    status = 409
    default_message = gettext_lazy("only a paid order can be rated")
