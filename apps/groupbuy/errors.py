"""Group-buy write-off's domain errors (contract §9; docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.errors import DomainError


class CodeWrittenOff(DomainError):
    """The code is already written off on this platform (here, at any store of the chain)."""

    errcode = "GB-40901"
    status = 409
    default_message = gettext_lazy("this coupon code has already been written off")


class PlatformRefused(DomainError):
    """The platform said no (used, expired, another store's, risk control, ...): nothing consumed.
    The message is ours followed by the platform's own text; `data` has both and the platform's code."""

    errcode = "GB-40902"
    status = 409
    default_message = gettext_lazy("the group-buy platform refused the code")


class FrequencyExceeded(DomainError):
    """The phone wrote off as many codes as the limit allows in the period: a principal confirms."""

    errcode = "GB-40903"
    status = 409
    default_message = gettext_lazy(
        "this phone has written off %(count)s coupons in the last %(days)s days: a principal must confirm"
    )


class WriteOffNotInState(DomainError):
    """Serving a served or cancelled write-off, cancelling one that is not done."""

    errcode = "GB-40904"
    status = 409
    default_message = gettext_lazy("the write-off's status does not allow this")


class PlatformPending(DomainError):
    """The platform did not answer the consume and could not be asked yet: the write-off waits
    (pending) and is resolved by asking the platform again (poll_write_offs)."""

    errcode = "GB-40905"
    status = 409
    default_message = gettext_lazy(
        "the platform has not answered yet: the write-off is being checked, look at the records in a minute"
    )


class WriteOffMismatched(DomainError):
    """The platform's word on the write-off (its consume or query answer) names another deal or price
    than it offered for the code: not taken here (the record failed); a task asks a person to settle
    it with the platform."""

    errcode = "GB-40906"
    status = 409
    default_message = gettext_lazy(
        "the platform wrote the code off for another deal or price than it offered: the write-off is not "
        "taken; a person checks it with the platform (task centre)"
    )
