"""The ways in besides account and password (spec §2.1, §2.4, §7.4): enterprise-chat QR code,
the manager-side login link, and quick login. Each successful one answers exactly what
POST /rest/auth/login answers and, like it, sets the quick-login cookie."""

from __future__ import annotations

from typing import TypeVar

from django.conf import settings
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request

from apps.accounts import handover, quick_login, wecom
from apps.accounts.api.serializers import (
    HandoverLoginInputSerializer,
    LoginOutputSerializer,
    ManagerLinkOutputSerializer,
    ManagerLinkQuerySerializer,
    WecomBindingOutputSerializer,
    WecomCodeQuerySerializer,
    WecomInfoOutputSerializer,
)
from apps.accounts.api.sign_in_input import sign_in_input
from apps.accounts.errors import HandoverInvalid, WecomLoginAbnormal
from apps.accounts.rows import LoginRow
from apps.accounts.session import signed_in_user, user_signed_in_now
from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.role_codes import PUBLIC, SIGNED_IN


def signed_in(request: Request, info: LoginRow) -> EnvelopeResponse:
    """The answer of every successful sign-in: the login user info and a fresh quick-login cookie."""
    response = EnvelopeResponse(info, _("signed in"))
    # services.sign_in_user logged the user into the Django request (django.contrib.auth.login).
    user = user_signed_in_now(request)
    response.set_signed_cookie(
        quick_login.QUICK_LOGIN_COOKIE,
        quick_login.quick_login_cookie_value(user=user),
        salt=quick_login.QUICK_LOGIN_SALT,
        max_age=quick_login.quick_login_max_age(),
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
    return response


ResponseT = TypeVar("ResponseT", bound=HttpResponse)


def forget_quick_login(response: ResponseT) -> ResponseT:
    """Signing out ends quick login in this browser too."""
    response.delete_cookie(quick_login.QUICK_LOGIN_COOKIE, samesite="Lax")
    return response


# --- enterprise chat (/api/v1/wxwork/) -----------------------------------------------------------


class WecomConfigApi(ErpApi):
    """The /login page asks whether to show the enterprise-chat QR panel, and with what."""

    required_codes = PUBLIC
    authentication_classes: list[type[BaseAuthentication]] = []

    @extend_schema(responses=WecomInfoOutputSerializer, summary="Enterprise-chat QR panel config", tags=["wxwork"])
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(wecom.wecom_qr_config(request=request._request))


def _wecom_code(request: Request) -> str:
    """The code WeCom handed the browser; one no code can be is refused without asking WeCom."""
    data = sign_in_input(WecomCodeQuerySerializer, request.query_params)
    if data is None:
        raise WecomLoginAbnormal()
    return str(data["code"])


class WecomLoginApi(ErpApi):
    """/login?code=: the code WeCom handed the browser signs in the bound account. Failures of the
    exchange answer WECOM-LOGIN-ABNORMAL with the "login abnormal" marker (spec §8)."""

    required_codes = PUBLIC
    authentication_classes: list[type[BaseAuthentication]] = []

    @extend_schema(
        parameters=[WecomCodeQuerySerializer],
        responses=LoginOutputSerializer,
        summary="Sign in with an enterprise-chat code (the member's bound account)",
        tags=["wxwork"],
    )
    def get(self, request: Request) -> EnvelopeResponse:
        info = wecom.wecom_sign_in(request=request._request, actor=self.actor(), code=_wecom_code(request))
        return signed_in(request, info)


class WecomBindApi(ErpApi):
    """/wxRegister: binds the member of the code to the signed-in account."""

    required_codes = SIGNED_IN

    @extend_schema(
        parameters=[WecomCodeQuerySerializer],
        responses=WecomBindingOutputSerializer,
        summary="Bind the enterprise-chat member of a code to the signed-in account",
        tags=["wxwork"],
    )
    def get(self, request: Request) -> EnvelopeResponse:
        user = wecom.wecom_bind(actor=self.actor(), user=signed_in_user(request), code=_wecom_code(request))
        return EnvelopeResponse({"loginName": user.login_name, "wecomUserId": user.wecom_userid}, _("bound"))


# --- manager-side login link ---------------------------------------------------------------------


class ManagerLinkApi(ErpApi):
    """Spec §2.4: the manager side's /xxbLogin link, valid once for HANDOVER_LINK_SECONDS."""

    required_codes = SIGNED_IN

    @extend_schema(
        parameters=[ManagerLinkQuerySerializer],
        responses=ManagerLinkOutputSerializer,
        summary="Manager-side login link (owners and principals)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(ManagerLinkQuerySerializer, request.query_params)
        link = handover.manager_link(
            request=request._request, actor=self.actor(), user=signed_in_user(request), new_tab=data["newTab"]
        )
        return EnvelopeResponse(link)


class HandoverLoginApi(ErpApi):
    """/xxbLogin?u=&p=&uid=&userId=: signs in from a manager link, once."""

    required_codes = PUBLIC
    authentication_classes: list[type[BaseAuthentication]] = []

    @extend_schema(
        request=HandoverLoginInputSerializer,
        responses=LoginOutputSerializer,
        summary="Sign in from a manager-side login link (/xxbLogin?u=&p=&uid=&userId=)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = sign_in_input(HandoverLoginInputSerializer, request.data)
        if data is None:
            raise HandoverInvalid()
        info = handover.handover_sign_in(
            request=request._request,
            actor=self.actor(),
            u=data.get("u", ""),
            p=data.get("p", ""),
            uid=data.get("uid", ""),
            user_id=data.get("userId", ""),
        )
        return signed_in(request, info)


# --- quick login ---------------------------------------------------------------------------------


class QuickLoginApi(ErpApi):
    """/login?ql=1: signs in with the quick-login cookie of an earlier sign-in."""

    required_codes = PUBLIC
    authentication_classes: list[type[BaseAuthentication]] = []

    @extend_schema(request=None, responses=LoginOutputSerializer, summary="Sign in with the quick-login cookie")
    def post(self, request: Request) -> EnvelopeResponse:
        info = quick_login.quick_login_sign_in(request=request._request, actor=self.actor())
        return signed_in(request, info)
