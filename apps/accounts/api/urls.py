from django.urls import path

from apps.accounts.api import sign_in_ways, views

auth_urlpatterns = [
    path("login", views.LoginApi.as_view(), name="auth-login"),
    path("logout", views.LogoutApi.as_view(), name="auth-logout"),
    path("refresh", views.TokenRefreshApi.as_view(), name="auth-refresh"),
    path("handoverLogin", sign_in_ways.HandoverLoginApi.as_view(), name="auth-handover-login"),
    path("quickLogin", sign_in_ways.QuickLoginApi.as_view(), name="auth-quick-login"),
]

acct_urlpatterns = [
    path("loginInfo", views.LoginInfoApi.as_view(), name="acct-login-info"),
    path("roles", views.UserRolesApi.as_view(), name="acct-roles"),
    path("getResources", views.RoleResourcesApi.as_view(), name="acct-resources"),
    path("selectHierRole/<signed_id:user_role_id>", views.RoleChooseApi.as_view(), name="acct-select-role"),
    path("employeeLogin", views.EmployeeLoginApi.as_view(), name="acct-employee-login"),
    path("erpToken", views.RoleSwitchApi.as_view(), name="acct-erp-token"),
    path("createAcct", views.AccountRegisterApi.as_view(), name="acct-register"),
    path("loginRecord", views.LoginRecordApi.as_view(), name="acct-login-record"),
    path("checkStoreMaster", views.StoreMasterCheckApi.as_view(), name="acct-check-store-master"),
    path("managerLink", sign_in_ways.ManagerLinkApi.as_view(), name="acct-manager-link"),
    # Shop management's switch into one of the owner's stores (spec §7.2); answers as selectHierRole.
    path("storeModify", views.StoreModifyApi.as_view(), name="acct-store-modify"),
]

hier_urlpatterns = [
    path("findStoreQuickBase", views.QuickShortcutChoicesApi.as_view(), name="hier-quick-choices"),
    path("addStoreQuicks", views.QuickShortcutsSaveApi.as_view(), name="hier-quick-save"),
]
