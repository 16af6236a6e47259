from django.db import models
from django.utils.translation import gettext_lazy as _


class RoleKind(models.TextChoices):
    OWNER = "owner", _("owner or manager")
    PRINCIPAL = "principal", _("principal")
    STORE_EMPLOYEE = "store_employee", _("store employee")
    MATERIAL_BUILDER_ADMIN = "material_builder_admin", _("material-builder administrator")
    OTHER = "other", _("other")


class ResourceKind(models.TextChoices):
    PAGE = "page", _("page")
    BUTTON = "button", _("button")


class AuditAction(models.TextChoices):
    LOGIN = "account.login", _("signed in")
    LOGOUT = "account.logout", _("signed out")
    ROLE_CHOSEN = "account.role_chosen", _("chose a role")
    ROLE_SWITCHED = "account.role_switched", _("switched role")
    QUICKS_SAVED = "account.quick_shortcuts_saved", _("saved quick shortcuts")
    ACCOUNT_CREATED = "account.created", _("registered an account")
    PASSWORD_CHANGED = "account.password_changed", _("changed the password")
    USER_ROLE_GRANTED = "account.user_role_granted", _("granted a role")
    USER_ROLE_REVOKED = "account.user_role_revoked", _("revoked a role")
    ENABLED_CHANGED = "account.enabled_changed", _("enabled or disabled an account")
    AUTHORIZATION_CODE_SET = "account.authorization_code_set", _("set the authorization code")
    STORE_MASTER_CHECKED = "account.store_master_checked", _("checked a shop-owner authorization")
    ROLE_CODES_CHANGED = "account.role_codes_changed", _("changed a role's codes")
    WECOM_BOUND = "account.wecom_bound", _("bound an enterprise-chat account")
    HANDOVER_LINK_ISSUED = "account.handover_link_issued", _("opened a manager-side login link")


class SignInWay(models.TextChoices):
    """How a sign-in proved who the user is; the system log's `detail.way` of a LOGIN entry."""

    PASSWORD = "password", _("account and password")
    WECOM = "wecom", _("enterprise-chat QR code")
    HANDOVER = "handover", _("manager-side login link")
    QUICK = "quick", _("quick login")


# Spec §4 and contract §4.4: where a chosen role lands.
LANDING_OWNER = "/shopManagement"
LANDING_STORE = "/orderBoard"
LANDING_MATERIAL_BUILDER = "/bookProdLstNew"

# Spec §3: userRoleId -1 marks the store-employee-type login.
STORE_EMPLOYEE_USER_ROLE_ID = -1
MAX_QUICK_SHORTCUTS = 10
