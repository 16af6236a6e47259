"""Request parsers and the documented answer shapes of the sign-in calls (contract §4, spec §3).

The answers are built by apps.accounts.selectors; the Output serializers describe them for the
OpenAPI schema, and apps/accounts/tests/test_schema_shapes.py keeps both in step.
"""

from typing import Any

from rest_framework import serializers

from apps.accounts.sign_in_rules import ACCOUNT_TOO_LONG, PASSWORD_TOO_LONG
from apps.core import fields

# A signed JWT of ours is a few hundred characters.
TOKEN_MAX_LENGTH = 2000


def password_field() -> fields.CharField:
    """A password as typed: its spaces are part of it, never trimmed."""
    return fields.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        max_length=100,
        error_messages={"max_length": PASSWORD_TOO_LONG},
    )


class LoginInputSerializer(serializers.Serializer[Any]):
    # Loose bounds: the account and password rules (sign_in_rules) give the precise messages.
    username = fields.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        max_length=100,
        error_messages={"max_length": ACCOUNT_TOO_LONG},
        help_text="ERP:<account>",
    )
    password = password_field()
    refresh = fields.CharField(required=False, allow_blank=True, max_length=100)


class LogoutInputSerializer(serializers.Serializer[Any]):
    refresh = fields.CharField(required=False, allow_blank=True, max_length=TOKEN_MAX_LENGTH)


class RefreshInputSerializer(serializers.Serializer[Any]):
    refresh = fields.CharField(max_length=TOKEN_MAX_LENGTH)


class RegisterInputSerializer(serializers.Serializer[Any]):
    account = fields.CharField(
        required=False, allow_blank=True, max_length=100, error_messages={"max_length": ACCOUNT_TOO_LONG}
    )
    password = password_field()


class UserRoleInputSerializer(serializers.Serializer[Any]):
    userRoleId = fields.IntegerField()
    storeId = fields.IntegerField(required=False, allow_null=True)


class UserRolesQuerySerializer(serializers.Serializer[Any]):
    userId = fields.IntegerField(required=False, help_text="the signed-in user's own id (another user's is refused)")


class QuickChoicesQuerySerializer(serializers.Serializer[Any]):
    store = fields.IntegerField(required=False, help_text="a store the role acts in; default: the chosen store")


class RoleChooseInputSerializer(serializers.Serializer[Any]):
    storeId = fields.IntegerField(required=False, allow_null=True)


class EmployeeLoginInputSerializer(serializers.Serializer[Any]):
    roleName = fields.CharField(max_length=50)
    storeId = fields.IntegerField()


class RoleSwitchInputSerializer(serializers.Serializer[Any]):
    phone = fields.CharField(required=False, allow_blank=True, max_length=20)
    roleId = fields.IntegerField(required=False, allow_null=True)
    storeId = fields.IntegerField(required=False, allow_null=True)
    userId = fields.IntegerField(required=False, allow_null=True)


class LoginRecordInputSerializer(serializers.Serializer[Any]):
    loginData = serializers.DictField(child=fields.CharField(allow_blank=True, allow_null=True, max_length=200))


class QuickShortcutsInputSerializer(serializers.Serializer[Any]):
    roleId = fields.IntegerField()
    routers = serializers.ListField(child=fields.CharField(max_length=100), allow_empty=True, max_length=100)
    storeId = fields.IntegerField()
    userId = fields.IntegerField()


class TokensOutputSerializer(serializers.Serializer[Any]):
    access = serializers.CharField()
    refresh = serializers.CharField()
    accountVersion = serializers.CharField()


class QuickOutputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    rsrc = serializers.CharField()


class RoleEntryOutputSerializer(serializers.Serializer[Any]):
    hierId = serializers.IntegerField()
    hier = serializers.CharField()
    role = serializers.CharField()
    roleId = serializers.IntegerField()
    roleKind = serializers.CharField()
    userRoleId = serializers.IntegerField(help_text="-1 for a store-employee-type login")
    description = serializers.CharField()
    userAccount = serializers.CharField()
    isLoginUser = serializers.BooleanField()
    userId = serializers.IntegerField()
    allRsrc = serializers.ListField(child=serializers.CharField())
    quicks = QuickOutputSerializer(many=True)
    checked = serializers.BooleanField()


class StoreRefOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class SignedInUserOutputSerializer(TokensOutputSerializer):
    loginName = serializers.CharField()
    nickname = serializers.CharField()
    createdDate = serializers.DateTimeField()
    enabled = serializers.BooleanField()
    userId = serializers.IntegerField()


class LoginOutputSerializer(SignedInUserOutputSerializer):
    roles = RoleEntryOutputSerializer(many=True)
    stores = StoreRefOutputSerializer(many=True)


class LoginInfoOutputSerializer(serializers.Serializer[Any]):
    userId = serializers.IntegerField()
    userName = serializers.CharField()
    loginName = serializers.CharField()
    phone = serializers.CharField()
    storeName = serializers.CharField()
    roles = RoleEntryOutputSerializer(many=True)
    canLoginBoss = serializers.BooleanField()
    canLoginManager = serializers.BooleanField()


class SessionUserInfoOutputSerializer(SignedInUserOutputSerializer):
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    roleId = serializers.IntegerField()
    roleName = serializers.CharField()
    userRoleId = serializers.IntegerField()
    isOwner = serializers.BooleanField()
    isMaterialBuilderAdmin = serializers.BooleanField()
    header_text = serializers.CharField(help_text='"store|role"')
    menu = serializers.ListField(child=serializers.CharField())
    btn = serializers.ListField(child=serializers.CharField())
    landing = serializers.CharField()


class RoleSwitchResultOutputSerializer(SessionUserInfoOutputSerializer):
    token = serializers.CharField(help_text="the new access token (the same as `access`)")


class RoleSwitchOutputSerializer(serializers.Serializer[Any]):
    success = serializers.BooleanField()
    result = RoleSwitchResultOutputSerializer(help_text="the session user info with the new access token")


class RoleCodesOutputSerializer(serializers.Serializer[Any]):
    userRoleId = serializers.IntegerField()
    menu = serializers.ListField(child=serializers.CharField())
    btn = serializers.ListField(child=serializers.CharField())


class QuickChoiceOutputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    router = serializers.CharField()
    checked = serializers.BooleanField()


class QuickSavedOutputSerializer(serializers.Serializer[Any]):
    routers = serializers.ListField(child=serializers.CharField())


class RegisteredOutputSerializer(serializers.Serializer[Any]):
    loginName = serializers.CharField()


class CreatedOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()


# --- the other ways in: enterprise chat, manager hand-over link, quick login (api/sign_in_ways.py) ---


class WecomInfoOutputSerializer(serializers.Serializer[Any]):
    appid = serializers.CharField(help_text="the WeCom corp id")
    agentid = serializers.CharField()
    configured = serializers.BooleanField(help_text="false: show the account login only")
    redirectUri = serializers.CharField(help_text="where WeCom sends the browser back with ?code=")


class WecomCodeQuerySerializer(serializers.Serializer[Any]):
    code = fields.CharField(max_length=512, help_text="the OAuth code WeCom handed the browser")


class WecomBindingOutputSerializer(serializers.Serializer[Any]):
    loginName = serializers.CharField()
    wecomUserId = serializers.CharField()


class ManagerLinkQuerySerializer(serializers.Serializer[Any]):
    newTab = serializers.BooleanField(required=False, default=True)


class ManagerLinkOutputSerializer(serializers.Serializer[Any]):
    url = serializers.CharField(help_text="the manager side's /xxbLogin with u, p, uid, userId")
    target = serializers.ChoiceField(choices=["_blank", "_self"])


class HandoverLoginInputSerializer(serializers.Serializer[Any]):
    u = fields.CharField(required=False, allow_blank=True, max_length=1000)
    p = fields.CharField(required=False, allow_blank=True, max_length=1000)
    uid = fields.CharField(required=False, allow_blank=True, max_length=100)
    userId = fields.CharField(required=False, allow_blank=True, max_length=20)


class StoreModifyInputSerializer(serializers.Serializer[Any]):
    storeId = fields.IntegerField()


class StoreMasterInputSerializer(serializers.Serializer[Any]):
    storeId = fields.IntegerField()
    authorizationCode = fields.CharField(required=False, allow_blank=True, trim_whitespace=False, max_length=100)


class StoreMasterOutputSerializer(serializers.Serializer[Any]):
    passed = serializers.BooleanField()
    ownerName = serializers.CharField()
