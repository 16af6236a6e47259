"""The members app's domain errors (docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.errors import DomainError


class PhoneTaken(DomainError):
    errcode = "MEM-40901"
    status = 409
    default_message = gettext_lazy("a member with this phone already exists")


class MemberCodeTaken(DomainError):
    errcode = "MEM-40902"
    status = 409
    default_message = gettext_lazy("a member with this member code already exists")


class CardNoTaken(DomainError):
    errcode = "MEM-40903"
    status = 409
    default_message = gettext_lazy("a member with this card number already exists")


class PointsWouldGoNegative(DomainError):
    errcode = "MEM-40904"
    status = 409
    default_message = gettext_lazy("the member does not have enough points")


class PointsWouldExceedLimit(DomainError):
    errcode = "MEM-40906"
    status = 409
    default_message = gettext_lazy("the member's points cannot exceed 1,000,000,000")


class CancellationPending(DomainError):
    errcode = "MEM-40905"
    status = 409
    default_message = gettext_lazy("this member already has a cancellation request waiting")


class MoveInNotEditable(DomainError):
    """A move-in changed, committed or deleted in a state that does not allow it (someone committed
    or decided it meanwhile): a draft or a rejected one is edited and committed, only a draft deleted."""

    errcode = "MEM-40907"
    status = 409
    default_message = gettext_lazy("the move-in can no longer be changed in its present state")


class MoveInImportRefused(DomainError):
    """An Excel import of move-ins with at least one bad row: nothing was written; `data.errors`
    lists each problem by row and column."""

    errcode = "MEM-40010"
    status = 400
    default_message = gettext_lazy("the file has errors; nothing was imported")
