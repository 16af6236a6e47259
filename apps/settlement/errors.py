"""The settlement's domain errors (docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.errors import DomainError


class DayNotEnded(DomainError):
    """A day's statements are made once it has ended: its entries are all written by then."""

    errcode = "SET-40901"
    status = 409
    default_message = gettext_lazy("a day's statements can be made only after the day has ended")


class StatementLocked(DomainError):
    errcode = "SET-40902"
    status = 409
    default_message = gettext_lazy("this statement is locked and no longer changes")


class StatementDisputed(DomainError):
    errcode = "SET-40903"
    status = 409
    default_message = gettext_lazy("this statement is disputed: the dispute is decided first")


class NotAPartyToStatement(DomainError):
    errcode = "SET-40301"
    status = 403
    default_message = gettext_lazy("only the two stores of a statement, or head office, confirm it")


class RuleVersionInThePast(DomainError):
    """A rule version changes what is settled from its date on; a day already past is settled."""

    errcode = "SET-40904"
    status = 409
    default_message = gettext_lazy("a new version may start tomorrow at the earliest: past days are settled")


class MonthNotReady(DomainError):
    errcode = "SET-40905"
    status = 409
    default_message = gettext_lazy(
        "the month's statements can be rolled up once the month has ended and every one is locked"
    )


class MonthAlreadyPaid(DomainError):
    errcode = "SET-40906"
    status = 409
    default_message = gettext_lazy("this settlement is already paid")
