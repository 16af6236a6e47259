"""Sign-in and session calls of contract §4 and spec §7.4. Thin: parse, call a service, answer."""

from __future__ import annotations

from django.contrib.auth import get_user
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from apps.accounts import services
from apps.accounts.api.serializers import (
    CreatedOutputSerializer,
    EmployeeLoginInputSerializer,
    LoginInfoOutputSerializer,
    LoginInputSerializer,
    LoginOutputSerializer,
    LoginRecordInputSerializer,
    LogoutInputSerializer,
    QuickChoiceOutputSerializer,
    QuickChoicesQuerySerializer,
    QuickSavedOutputSerializer,
    QuickShortcutsInputSerializer,
    RefreshInputSerializer,
    RegisteredOutputSerializer,
    RegisterInputSerializer,
    RoleChooseInputSerializer,
    RoleCodesOutputSerializer,
    RoleEntryOutputSerializer,
    RoleSwitchInputSerializer,
    RoleSwitchOutputSerializer,
    SessionUserInfoOutputSerializer,
    StoreMasterInputSerializer,
    StoreMasterOutputSerializer,
    StoreModifyInputSerializer,
    TokensOutputSerializer,
    UserRoleInputSerializer,
    UserRolesQuerySerializer,
)
from apps.accounts.api.sign_in_input import sign_in_input
from apps.accounts.api.sign_in_ways import forget_quick_login, signed_in
from apps.accounts.errors import SignInFailed, WrongCredentials, token_invalid
from apps.accounts.role_code_cache import codes_of_role
from apps.accounts.selectors import quick_shortcut_choices, role_entries_of, role_entry_rows
from apps.accounts.session import session_of, signed_in_user
from apps.accounts.store_master import store_master_check
from apps.accounts.tokens import decode_access, rotate_refresh
from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import PermissionRefused
from apps.core.page_registry import SHOP_MANAGEMENT_CODE
from apps.core.role_codes import PUBLIC, ROLE_CHOSEN, SIGNED_IN
from apps.core.scoping import get_or_not_found, store_in_scope
from apps.org.selectors import org_levels, visible_stores


class RegisterThrottle(AnonRateThrottle):
    rate = "20/hour"
    scope = "register"


class LoginApi(ErpApi):
    required_codes = PUBLIC
    authentication_classes: list[type[BaseAuthentication]] = []

    @extend_schema(
        request=LoginInputSerializer, responses=LoginOutputSerializer, summary="Sign in with ERP:<account> and password"
    )
    def post(self, request: Request) -> EnvelopeResponse:
        # Too long an account or password answers its rule's sentence (the fields' messages); a NUL
        # is in no account or password.
        data = sign_in_input(
            LoginInputSerializer,
            request.data,
            fields=("username", "password"),
            codes=("null_characters_not_allowed", "surrogate_characters_not_allowed"),
        )
        if data is None:
            raise WrongCredentials()
        info = services.sign_in(
            request=request._request, actor=self.actor(), username=data.get("username"), password=data.get("password")
        )
        return signed_in(request, info)


class LogoutApi(ErpApi):
    """Works with an expired token too: signing out must never fail."""

    required_codes = PUBLIC
    authentication_classes: list[type[BaseAuthentication]] = []

    @extend_schema(request=LogoutInputSerializer, responses=None, summary="Sign out and revoke the tokens")
    def post(self, request: Request) -> EnvelopeResponse:
        # Signing out never fails: a refresh token no token can be is left alone.
        data = sign_in_input(LogoutInputSerializer, request.data) or {}
        access = None
        parts = get_authorization_header(request).split()
        if len(parts) == 2 and parts[0].lower() == b"bearer":
            try:
                access = decode_access(parts[1].decode("latin-1"))
            except SignInFailed:
                access = None
        actor = self.actor()
        # From the session itself: with no authentication classes DRF has already set the request's
        # user to the anonymous one.
        django_user = get_user(request._request)
        if actor.user_id is None and django_user.is_authenticated:
            actor = type(actor)(user_id=django_user.pk, login_name=django_user.login_name, ip_address=actor.ip_address)
        if actor.user_id is None and access is not None:
            actor = type(actor)(user_id=access.get("user_id"), ip_address=actor.ip_address)
        services.sign_out(request=request._request, actor=actor, access=access, refresh=data.get("refresh"))
        return forget_quick_login(EnvelopeResponse(None, _("signed out")))


class TokenRefreshApi(ErpApi):
    required_codes = PUBLIC
    authentication_classes: list[type[BaseAuthentication]] = []

    @extend_schema(
        request=RefreshInputSerializer,
        responses=TokensOutputSerializer,
        summary="Exchange a refresh token for a new pair (rotation)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = sign_in_input(RefreshInputSerializer, request.data)
        if data is None:
            raise token_invalid()
        # The pages' session cookie names the browser a lost answer may be given again to.
        return EnvelopeResponse(rotate_refresh(data["refresh"], browser_session=request.session.session_key))


class AccountRegisterApi(ErpApi):
    required_codes = PUBLIC
    authentication_classes: list[type[BaseAuthentication]] = []
    throttle_classes = [RegisterThrottle]

    @extend_schema(
        request=RegisterInputSerializer,
        responses={201: RegisteredOutputSerializer},
        summary="Register an account (no role until head office grants one)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(RegisterInputSerializer, request.data)
        user = services.account_register(actor=self.actor(), account=data.get("account"), password=data.get("password"))
        return EnvelopeResponse(
            {"loginName": user.login_name}, _("registered, please log in on the tablet"), status=201
        )


class LoginInfoApi(ErpApi):
    required_codes = SIGNED_IN

    @extend_schema(responses=LoginInfoOutputSerializer, summary="Who is signed in, and their role entries")
    def get(self, request: Request) -> EnvelopeResponse:
        session = session_of(request)
        user = session.user
        entries = role_entries_of(user)
        kinds = {entry.role.kind for entry in entries}
        return EnvelopeResponse(
            {
                "userId": user.pk,
                "userName": user.nickname,
                "loginName": user.login_name,
                "phone": user.phone,
                "storeName": session.hier_name,
                "roles": role_entry_rows(entries, chosen=session.user_role),
                "canLoginBoss": "owner" in kinds,
                "canLoginManager": "principal" in kinds,
            }
        )


class UserRolesApi(ErpApi):
    required_codes = SIGNED_IN

    @extend_schema(
        parameters=[UserRolesQuerySerializer],
        responses=RoleEntryOutputSerializer(many=True),
        summary="All role entries of the signed-in user",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        session = session_of(request)
        user_id = self.parse(UserRolesQuerySerializer, request.query_params).get("userId")
        if user_id not in (None, session.user.pk):
            raise PermissionRefused()
        return EnvelopeResponse(role_entry_rows(role_entries_of(session.user), chosen=session.user_role))


class RoleResourcesApi(ErpApi):
    required_codes = SIGNED_IN

    @extend_schema(
        request=UserRoleInputSerializer,
        responses=RoleCodesOutputSerializer,
        summary="Page (menu) and button (btn) codes of a role entry",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(UserRoleInputSerializer, request.data)
        entry = services.role_entry_resolve(
            user=signed_in_user(request), wire_id=data["userRoleId"], store_id=data.get("storeId")
        )
        codes = codes_of_role(entry.role_id)
        return EnvelopeResponse({"userRoleId": entry.wire_id, "menu": list(codes["menu"]), "btn": list(codes["btn"])})


class RoleChooseApi(ErpApi):
    required_codes = SIGNED_IN

    @extend_schema(
        request=RoleChooseInputSerializer,
        parameters=[RoleChooseInputSerializer],
        responses=SessionUserInfoOutputSerializer,
        summary="Choose a role entry; answers the session user info and new tokens",
    )
    def post(self, request: Request, user_role_id: int) -> EnvelopeResponse:
        data = self.parse(RoleChooseInputSerializer, request.data)
        # The store may come in the body or, from older clients, in the query.
        store_id = data.get("storeId") or self.parse(RoleChooseInputSerializer, request.query_params).get("storeId")
        info = services.role_choose(
            request=request._request,
            actor=self.actor(),
            user=signed_in_user(request),
            wire_id=user_role_id,
            store_id=store_id,
        )
        return EnvelopeResponse(info)


class StoreModifyApi(ErpApi):
    required_codes = (SHOP_MANAGEMENT_CODE,)

    @extend_schema(
        request=StoreModifyInputSerializer,
        responses=SessionUserInfoOutputSerializer,
        summary="Switch into one of the owner's stores; answers what selectHierRole answers",
    )
    def put(self, request: Request) -> EnvelopeResponse:
        data = self.parse(StoreModifyInputSerializer, request.data)
        session = session_of(request)
        # A store of the chosen role, or one the user owns (shop management shows all of them); any
        # other answers 404 as if it did not exist (contract §5).
        store = get_or_not_found(
            visible_stores(user_id=session.user_id, store_ids=session.store_ids), pk=data["storeId"]
        )
        info = services.store_switch(
            request=request._request,
            actor=self.actor(),
            user_id=session.user_id,
            current_role_id=session.chosen_entry.role_id,
            store=store,
        )
        return EnvelopeResponse(info)


class EmployeeLoginApi(ErpApi):
    required_codes = SIGNED_IN

    @extend_schema(
        request=EmployeeLoginInputSerializer,
        responses=SessionUserInfoOutputSerializer,
        summary="Store-employee login by role name",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(EmployeeLoginInputSerializer, request.data)
        info = services.employee_sign_in(
            request=request._request,
            actor=self.actor(),
            user=signed_in_user(request),
            role_name=data["roleName"],
            store_id=data["storeId"],
        )
        return EnvelopeResponse(info)


class RoleSwitchApi(ErpApi):
    required_codes = SIGNED_IN

    @extend_schema(
        request=RoleSwitchInputSerializer, responses=RoleSwitchOutputSerializer, summary="ERP token for a role switch"
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(RoleSwitchInputSerializer, request.data)
        answer = services.role_switch(
            request=request._request,
            actor=self.actor(),
            session=session_of(request),
            phone=data.get("phone"),
            role_id=data.get("roleId"),
            store_id=data.get("storeId"),
            user_id=data.get("userId"),
        )
        return EnvelopeResponse(answer)


class LoginRecordApi(ErpApi):
    """Bookkeeping after a sign-in: answers no message, so the browser shows no notice."""

    required_codes = SIGNED_IN

    @extend_schema(
        request=LoginRecordInputSerializer,
        responses={201: CreatedOutputSerializer},
        summary="Record a sign-in as the browser saw it",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(LoginRecordInputSerializer, request.data)
        login = data["loginData"]
        record = services.login_record_create(
            actor=self.actor(),
            user=signed_in_user(request),
            user_name=login.get("userName"),
            role_name=login.get("roleName"),
            store_name=login.get("storeName"),
            reported_ip=login.get("ipAddress"),
            reported_ip_location=login.get("ipAscriptionAddress"),
        )
        return EnvelopeResponse({"id": record.pk}, status=201)


class QuickShortcutChoicesApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[QuickChoicesQuerySerializer],
        responses=QuickChoiceOutputSerializer(many=True),
        summary="Quick shortcut choices of the chosen role in a store",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        session = session_of(request)
        store_id = self.parse(QuickChoicesQuerySerializer, request.query_params).get("store") or None
        store = store_in_scope(org_levels(), request, store_id)
        return EnvelopeResponse(quick_shortcut_choices(session.chosen_entry, store, session.codes))


class QuickShortcutsSaveApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(
        request=QuickShortcutsInputSerializer,
        responses=QuickSavedOutputSerializer,
        summary="Save the quick shortcuts (at most 10)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(QuickShortcutsInputSerializer, request.data)
        routes = services.quick_shortcuts_save(
            actor=self.actor(),
            session=session_of(request),
            role_id=data["roleId"],
            routers=data["routers"],
            store_id=data["storeId"],
            user_id=data["userId"],
        )
        return EnvelopeResponse({"routers": routes}, _("saved"))


class StoreMasterThrottle(UserRateThrottle):
    scope = "store-master"
    rate = "10/hour"


class StoreMasterCheckApi(ErpApi):
    """The shop-owner authorization dialog's check (spec §7.4 checkStoreMaster)."""

    required_codes = ROLE_CHOSEN
    throttle_classes = [StoreMasterThrottle]

    @extend_schema(
        request=StoreMasterInputSerializer,
        responses=StoreMasterOutputSerializer,
        summary="Check a store owner's authorization code",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(StoreMasterInputSerializer, request.data)
        answer = store_master_check(
            actor=self.actor(),
            session=session_of(request),
            store_id=data["storeId"],
            code=data.get("authorizationCode"),
        )
        return EnvelopeResponse(answer, _("authorization passed"))
