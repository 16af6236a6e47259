"""Request parsers and the documented answer shapes of the sign-in calls (contract §4, spec §3).

The answers are built by apps.accounts.selectors; the Output serializers describe them for the
OpenAPI schema, and apps/accounts/tests/test_schema_shapes.py keeps both in step.
"""

from rest_framework import serializers


class LoginInputSerializer(serializers.Serializer):
    username = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False, help_text="ERP:<account>")
    password = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)
    refresh = serializers.CharField(required=False, allow_blank=True)


class LogoutInputSerializer(serializers.Serializer):
    refresh = serializers.CharField(required=False, allow_blank=True)


class RefreshInputSerializer(serializers.Serializer):
    refresh = serializers.CharField()


class RegisterInputSerializer(serializers.Serializer):
    account = serializers.CharField(required=False, allow_blank=True)
    password = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)


class UserRoleInputSerializer(serializers.Serializer):
    userRoleId = serializers.IntegerField()
    storeId = serializers.IntegerField(required=False, allow_null=True)


class RoleChooseInputSerializer(serializers.Serializer):
    storeId = serializers.IntegerField(required=False, allow_null=True)


class EmployeeLoginInputSerializer(serializers.Serializer):
    roleName = serializers.CharField(max_length=50)
    storeId = serializers.IntegerField()


class RoleSwitchInputSerializer(serializers.Serializer):
    phone = serializers.CharField(required=False, allow_blank=True)
    roleId = serializers.IntegerField(required=False, allow_null=True)
    storeId = serializers.IntegerField(required=False, allow_null=True)
    userId = serializers.IntegerField(required=False, allow_null=True)


class LoginRecordInputSerializer(serializers.Serializer):
    loginData = serializers.DictField(child=serializers.CharField(allow_blank=True, allow_null=True))


class QuickShortcutsInputSerializer(serializers.Serializer):
    roleId = serializers.IntegerField()
    routers = serializers.ListField(child=serializers.CharField(max_length=100), allow_empty=True)
    storeId = serializers.IntegerField()
    userId = serializers.IntegerField()


class TokensOutputSerializer(serializers.Serializer):
    access = serializers.CharField()
    refresh = serializers.CharField()
    accountVersion = serializers.CharField()


class QuickOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    rsrc = serializers.CharField()


class RoleEntryOutputSerializer(serializers.Serializer):
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


class StoreRefOutputSerializer(serializers.Serializer):
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


class LoginInfoOutputSerializer(serializers.Serializer):
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


class RoleSwitchOutputSerializer(serializers.Serializer):
    success = serializers.BooleanField()
    result = SessionUserInfoOutputSerializer(help_text="the session user info; `token` is the new access token")


class RoleCodesOutputSerializer(serializers.Serializer):
    userRoleId = serializers.IntegerField()
    menu = serializers.ListField(child=serializers.CharField())
    btn = serializers.ListField(child=serializers.CharField())


class QuickChoiceOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    router = serializers.CharField()
    checked = serializers.BooleanField()


class QuickSavedOutputSerializer(serializers.Serializer):
    routers = serializers.ListField(child=serializers.CharField())


class RegisteredOutputSerializer(serializers.Serializer):
    loginName = serializers.CharField()


class CreatedOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()


# --- the other ways in: enterprise chat, manager hand-over link, quick login (api/sign_in_ways.py) ---


class WecomInfoOutputSerializer(serializers.Serializer):
    appid = serializers.CharField(help_text="the WeCom corp id")
    agentid = serializers.CharField()
    configured = serializers.BooleanField(help_text="false: show the account login only")
    redirectUri = serializers.CharField(help_text="where WeCom sends the browser back with ?code=")


class WecomCodeQuerySerializer(serializers.Serializer):
    code = serializers.CharField(max_length=512, help_text="the OAuth code WeCom handed the browser")


class WecomBindingOutputSerializer(serializers.Serializer):
    loginName = serializers.CharField()
    wecomUserId = serializers.CharField()


class ManagerLinkQuerySerializer(serializers.Serializer):
    newTab = serializers.BooleanField(required=False, default=True)


class ManagerLinkOutputSerializer(serializers.Serializer):
    url = serializers.CharField(help_text="the manager side's /xxbLogin with u, p, uid, userId")
    target = serializers.ChoiceField(choices=["_blank", "_self"])


class HandoverLoginInputSerializer(serializers.Serializer):
    u = serializers.CharField(required=False, allow_blank=True, max_length=1000)
    p = serializers.CharField(required=False, allow_blank=True, max_length=1000)
    uid = serializers.CharField(required=False, allow_blank=True, max_length=100)
    userId = serializers.CharField(required=False, allow_blank=True, max_length=20)


class StoreMasterInputSerializer(serializers.Serializer):
    storeId = serializers.IntegerField()
    authorizationCode = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)


class StoreMasterOutputSerializer(serializers.Serializer):
    passed = serializers.BooleanField()
    ownerName = serializers.CharField()
