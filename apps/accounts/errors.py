"""The accounts app's domain errors (docs/api.md lists every errcode): the sign-in errors of contract
§4 and spec §8, and the refusals of the other sign-in ways and of the owner's authorization code."""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions

from apps.core.errors import Conflict, DomainError
from apps.core.lazy_text import StrOrPromise


class WrongCredentials(DomainError):
    errcode = "LOGIN-40101"
    status = 401
    default_message = _("incorrect account or password")


class LoginLocked(DomainError):
    errcode = "LOGIN-42901"
    status = 429
    default_message = _("too many failed attempts, please try again later")


class AccountTaken(Conflict):
    errcode = "ACCT-40901"
    default_message = _("this account already exists")


class SignInFailed(exceptions.AuthenticationFailed):
    """A token or session that cannot be used; DRF answers 401 with our errcode."""

    def __init__(self, errcode: str, message: StrOrPromise) -> None:
        super().__init__(detail=message)
        self.errcode = errcode


def token_invalid() -> SignInFailed:
    return SignInFailed("SECURES-LOGIN-ON-401", _("your sign-in has expired, please log in again"))


def user_gone() -> SignInFailed:
    return SignInFailed("LOGIN-40103", _("failed to fetch user info"))


def version_mismatch() -> SignInFailed:
    return SignInFailed("FILTER_LOGIN_VERSION", _("your account has changed, please log in again"))


# Spec §8: the browser returns to /login when an enterprise-chat login error's message contains
# this text. It is kept out of translation (the messages carry it as %(marker)s), so it reads the
# same in English and in Chinese.
LOGIN_ABNORMAL_MARKER = "login abnormal"


class HandoverInvalid(DomainError):
    """Expired, forged, altered, already used, or not this account's: all answer the same."""

    errcode = "LOGIN-HANDOVER-INVALID"
    status = 401
    default_message = _("the sign-in link has expired, please sign in again")


class QuickLoginInvalid(DomainError):
    """No cookie, or one that is altered, too old, or of a changed, disabled or deleted account."""

    errcode = "LOGIN-QUICK-INVALID"
    status = 401
    default_message = _("please sign in with your account")


class AuthorizationRefused(DomainError):
    errcode = "ACCT-40003"
    status = 400


class WecomLoginAbnormal(DomainError):
    """The code could not be turned into a member of the company; the message carries the marker."""

    errcode = "WECOM-LOGIN-ABNORMAL"
    status = 401

    def __init__(self, message: str | None = None) -> None:
        if message is None:
            message = gettext("%(marker)s: enterprise-chat sign-in failed, please scan the QR code again")
        super().__init__(message % {"marker": LOGIN_ABNORMAL_MARKER})


class WecomNotBound(DomainError):
    errcode = "WECOM-NOT-BOUND"
    status = 401
    default_message = _("this enterprise-chat account is not bound, please bind it after signing in with your account")


class WecomAlreadyBound(Conflict):
    errcode = "WECOM-40901"
    default_message = _("this enterprise-chat account is already bound to another account")
