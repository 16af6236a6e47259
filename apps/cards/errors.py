"""The cards' domain errors (contract §8; docs/api.md lists every errcode)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from apps.core.errors import DomainError


class BalanceShort(DomainError):
    errcode = "CARD-40901"
    status = 409
    default_message = gettext_lazy("not enough balance on the card")


class SessionsShort(DomainError):
    errcode = "CARD-40902"
    status = 409
    default_message = gettext_lazy("not enough sessions on the card")


class CardNotUsable(DomainError):
    errcode = "CARD-40903"
    status = 409
    default_message = gettext_lazy("the card is not active (expired, frozen, transferred or closed)")


class CouponNotUsable(DomainError):
    errcode = "CARD-40904"
    status = 409
    default_message = gettext_lazy("the coupon cannot be used (used, expired, void or not yet valid)")


class NoTransferUnderWay(DomainError):
    errcode = "CARD-40905"
    status = 409
    default_message = gettext_lazy("no transfer of this card is under way")


class AssetsChanged(DomainError):
    errcode = "CARD-40906"
    status = 409
    default_message = gettext_lazy(
        "the member's cards or points changed since the transfer was applied for; withdraw it and apply again"
    )


class AssetTransferWaiting(DomainError):
    errcode = "CARD-40907"
    status = 409
    default_message = gettext_lazy("an asset transfer of this member file is already waiting for approval")


class TransferredCardChanged(DomainError):
    errcode = "CARD-40908"
    status = 409
    default_message = gettext_lazy(
        "the card changed since its transfer was sent for approval; withdraw the request and transfer again"
    )
