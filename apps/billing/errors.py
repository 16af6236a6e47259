"""The billing app's domain errors (contract §8; docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.errors import DomainError


class OrderStateRefuses(DomainError):
    """Contract §8: paying a paid or cancelled order, paying more than is due by other than cash."""

    errcode = "ORD-40901"
    status = 409
    default_message = gettext_lazy("the order is not in a state that allows this")


class SignatureMissing(DomainError):
    errcode = "ORD-40902"
    status = 409
    default_message = gettext_lazy("the member must sign before package sessions are used")
