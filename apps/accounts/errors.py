"""Sign-in errors of contract §4 and spec §8."""

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
