"""Commission's domain errors (docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.errors import DomainError


class PeriodAlreadyClosed(DomainError):
    errcode = "COM-40901"
    status = 409
    default_message = gettext_lazy("this month's commission is already closed")


class PeriodNotEnded(DomainError):
    """A month closes once it has ended: its credits are all written by then."""

    errcode = "COM-40902"
    status = 409
    default_message = gettext_lazy("a month's commission can be closed only after the month has ended")


class VersionInClosedPeriod(DomainError):
    """A version from a day of a closed period would change figures already paid."""

    errcode = "COM-40903"
    status = 409
    default_message = gettext_lazy(
        "a new version may start on %(first)s at the earliest: the months before it are closed"
    )


class PlanExists(DomainError):
    errcode = "COM-40904"
    status = 409
    default_message = gettext_lazy("there is already a plan for this position and kind here: start a new version of it")
