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
