"""The answers accounts' sign-in, role choice and shortcut reads build, as their output serializers
write them (named after them, with `Row` added). The tokens are issued apart from the user's
fields, so the shapes with tokens are composed of the two."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict


class TokensRow(TypedDict):
    """As TokensOutputSerializer writes it."""

    access: str
    refresh: str
    accountVersion: str


class QuickRow(TypedDict):
    """As QuickOutputSerializer writes it."""

    name: str
    rsrc: str


class RoleEntryRow(TypedDict):
    """As RoleEntryOutputSerializer writes it; the password is never sent (docs/api.md)."""

    hierId: int
    hier: str
    role: str
    roleId: int
    roleKind: str
    userRoleId: int
    description: str
    userAccount: str
    isLoginUser: bool
    userId: int
    allRsrc: list[str]
    quicks: list[QuickRow]
    checked: bool


class StoreRefRow(TypedDict):
    """As StoreRefOutputSerializer writes it."""

    id: int
    name: str


class SignedInUserFields(TypedDict):
    """The user's part of SignedInUserOutputSerializer (its tokens are TokensRow)."""

    loginName: str
    nickname: str
    createdDate: datetime
    enabled: bool
    userId: int


class LoginRow(SignedInUserFields, TokensRow):
    """As LoginOutputSerializer writes it: what every way of signing in answers."""

    roles: list[RoleEntryRow]
    stores: list[StoreRefRow]


class SessionUserFields(SignedInUserFields):
    """SessionUserInfoOutputSerializer without the tokens: the chosen role entry's session."""

    storeId: int
    storeName: str
    roleId: int
    roleName: str
    userRoleId: int
    isOwner: bool
    isMaterialBuilderAdmin: bool
    header_text: str
    menu: list[str]
    btn: list[str]
    landing: str


class SessionUserInfoRow(SessionUserFields, TokensRow):
    """As SessionUserInfoOutputSerializer writes it."""


class RoleSwitchResultRow(SessionUserInfoRow):
    """As RoleSwitchResultOutputSerializer writes it."""

    token: str


class RoleSwitchRow(TypedDict):
    """As RoleSwitchOutputSerializer writes it."""

    success: bool
    result: RoleSwitchResultRow


class QuickChoiceRow(TypedDict):
    """As QuickChoiceOutputSerializer writes it."""

    name: str
    router: str
    checked: bool


class WecomInfoRow(TypedDict):
    """As WecomInfoOutputSerializer writes it."""

    appid: str
    agentid: str
    configured: bool
    redirectUri: str
