"""Enterprise-chat sign-in under /api/v1/wxwork/ (spec §7.4). The spec's AILogin, restlogin,
store/login, login2, addshopowner and loginmanager are not served."""

from django.urls import path

from apps.accounts.api import sign_in_ways

urlpatterns = [
    path("info", sign_in_ways.WecomConfigApi.as_view(), name="wxwork-info"),
    path("login", sign_in_ways.WecomLoginApi.as_view(), name="wxwork-login"),
    path("binding", sign_in_ways.WecomBindApi.as_view(), name="wxwork-binding"),
]
