"""The account and password rules of spec §5, the same on the server as in the browser."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.errors import InvalidInput

ACCOUNT_MAX = 15
PASSWORD_MAX = 32
REGISTER_MIN = 6
MANAGER_PREFIX = "SYYG"
ACCOUNT_PREFIX = "SY"
ACCOUNT_CODE_LENGTH = 7
LOGIN_USERNAME_PREFIX = "ERP:"
# Staff codes: SY and digits (SY00012; a typed 12 signs in as it). Head office gives them out, so no
# one registers one ahead of the person it will be given to; any case, any number of digits, since
# codes grow past five digits and sy00012 reads as SY00012 (docs/decisions/0027).
STAFF_CODE = re.compile(rf"{ACCOUNT_PREFIX}[0-9]+", re.IGNORECASE)

# The sentences of the length rules, also the request fields' messages past their bound: an account
# of 500 characters breaks the same rule as one of 16.
ACCOUNT_TOO_LONG = gettext_lazy("account name cannot exceed 15 characters")
PASSWORD_TOO_LONG = gettext_lazy("password cannot exceed 32 characters")


def normalize_account(raw: str | None, *, field: str = "username") -> str:
    """Required; no SYYG prefix (managers sign in by phone); at most 15 characters; 1 to 5 digits
    become an account code: SY and zeros, 7 characters in all (12 -> SY00012)."""
    account = (raw or "").strip()
    if not account:
        raise InvalidInput(_("please enter account name"), field=field)
    if account.upper().startswith(MANAGER_PREFIX):
        raise InvalidInput(_("managers please log in with phone number"), field=field)
    if len(account) > ACCOUNT_MAX:
        raise InvalidInput(ACCOUNT_TOO_LONG, field=field)
    if account.isdigit() and len(account) <= ACCOUNT_CODE_LENGTH - len(ACCOUNT_PREFIX):
        account = ACCOUNT_PREFIX + account.zfill(ACCOUNT_CODE_LENGTH - len(ACCOUNT_PREFIX))
    return account


def account_from_login_username(raw: str | None) -> str:
    """The login form sends `ERP:<account>` (spec §7.4)."""
    username = (raw or "").strip()
    if username[: len(LOGIN_USERNAME_PREFIX)].upper() == LOGIN_USERNAME_PREFIX:
        username = username[len(LOGIN_USERNAME_PREFIX) :]
    return normalize_account(username)


def check_password(raw: str | None, *, field: str = "password") -> str:
    password = raw or ""
    if not password:
        raise InvalidInput(_("please enter password"), field=field)
    if len(password) > PASSWORD_MAX:
        raise InvalidInput(PASSWORD_TOO_LONG, field=field)
    return password


def check_registration(account: str | None, password: str | None) -> tuple[str, str]:
    """Register: both required and at least six characters ("minimum length is six"); the sign-in
    limits; no manager prefix and no staff code (head office gives those out)."""
    account = (account or "").strip()
    password = password or ""
    for field, value in (("account", account), ("password", password)):
        if not value:
            message = _("please enter account name") if field == "account" else _("please enter password")
            raise InvalidInput(message, field=field)
        if len(value) < REGISTER_MIN:
            raise InvalidInput(_("minimum length is six"), field=field)
    if len(account) > ACCOUNT_MAX:
        raise InvalidInput(ACCOUNT_TOO_LONG, field="account")
    if account.upper().startswith(MANAGER_PREFIX):
        raise InvalidInput(_("managers please log in with phone number"), field="account")
    if STAFF_CODE.fullmatch(account):
        raise InvalidInput(_("SY and digits is a staff code, which head office gives out"), field="account")
    if len(password) > PASSWORD_MAX:
        raise InvalidInput(PASSWORD_TOO_LONG, field="password")
    return account, password
