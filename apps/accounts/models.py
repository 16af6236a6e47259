"""Accounts: users, roles and their codes, who holds which role where, quick shortcuts."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, ClassVar

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.accounts.choices import STORE_EMPLOYEE_USER_ROLE_ID, ResourceKind, RoleKind
from apps.org.models import OrgUnit


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def create_user(self, login_name: str, password: str | None = None, **fields: Any) -> User:
        user = self.model(login_name=login_name, **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, login_name: str, password: str | None = None, **fields: Any) -> User:
        fields.update(is_staff=True, is_superuser=True)
        return self.create_user(login_name, password, **fields)


def new_session_nonce() -> str:
    return secrets.token_hex(8)


WECOM_USERID_MAX_LENGTH = 64


class User(AbstractBaseUser, PermissionsMixin):
    """A person who signs in. `loginName` is the account (SY00012); `enabled` gates every way in."""

    login_name = models.CharField(_("account"), max_length=32, unique=True)
    nickname = models.CharField(_("name"), max_length=50, blank=True)
    phone = models.CharField(_("phone"), max_length=20, blank=True, db_index=True)
    enabled = models.BooleanField(_("enabled"), default=True)
    is_staff = models.BooleanField(_("head-office admin access"), default=False)
    created_date = models.DateTimeField(_("created"), default=timezone.now)
    # Spec §2.1 /wxRegister: one enterprise-chat (WeCom) member is bound to at most one account.
    wecom_userid = models.CharField(
        _("enterprise-chat user id"), max_length=WECOM_USERID_MAX_LENGTH, unique=True, null=True, blank=True
    )
    # Spec §2.4 shop-owner authorization: an owner's code (hashed like a password) that lets staff
    # go ahead on the owner's word, typed by the owner on the staff member's screen.
    authorization_code = models.CharField(_("authorization code"), max_length=128, blank=True)
    # Carried by the quick-login cookie (apps.accounts.quick_login); signing out, a new password and
    # disabling the account give a new one, so every cookie handed out before stops working.
    session_nonce = models.CharField(_("session nonce"), max_length=16, default=new_session_nonce, editable=False)

    objects: ClassVar[UserManager] = UserManager()

    USERNAME_FIELD = "login_name"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
        ordering = ["login_name"]

    def __str__(self) -> str:
        return f"{self.login_name} {self.nickname}".strip()

    # Django reads is_active and allows it to be a property; the stubs declare a writable field.
    @property
    def is_active(self) -> bool:  # type: ignore[override]  # the spec's `enabled`, under Django's name
        return self.enabled

    @property
    def account_version(self) -> str:
        """Contract §4.2: derived from loginName and createdDate, so an account deleted and
        re-created under the same name does not accept the old account's tokens."""
        source = f"{self.login_name}|{self.created_date.isoformat()}".encode()
        return hashlib.sha256(source).hexdigest()[:16]

    @property
    def password_stamp(self) -> str:
        """Changes whenever the password does; tokens carry it, so a new password ends them."""
        return hashlib.sha256(self.password.encode()).hexdigest()[:12]

    def rotate_session_nonce(self) -> None:
        """Ends every quick-login cookie of the account once saved (callers save `session_nonce`)."""
        self.session_nonce = new_session_nonce()


class Resource(models.Model):
    """A page code (spec §2.2) or a button code a role may hold."""

    code = models.CharField(_("code"), max_length=64, unique=True)
    kind = models.CharField(_("kind"), max_length=8, choices=ResourceKind.choices)
    name = models.CharField(_("name"), max_length=100)
    route = models.CharField(_("first route"), max_length=100, blank=True)

    class Meta:
        verbose_name = _("resource")
        verbose_name_plural = _("resources")
        ordering = ["kind", "code"]

    def __str__(self) -> str:
        return f"{self.code} {self.name}"


class Role(models.Model):
    """A role with its kind and codes. Ids 1 (owner), 2 and 5 (principal) and 3953 (material-builder
    administrator) are the spec's (§6); the demo data keeps them."""

    name = models.CharField(_("name"), max_length=50, unique=True)
    kind = models.CharField(_("kind"), max_length=32, choices=RoleKind.choices, default=RoleKind.OTHER)
    description = models.CharField(_("description"), max_length=200, blank=True)
    resources = models.ManyToManyField(Resource, verbose_name=_("codes"), blank=True, related_name="roles")
    # Moved on by a trigger whenever the role's codes change (a code given or taken, a code renamed):
    # it comes with the acting role entry on every call, so each process keeps the role's codes in
    # memory under it and never serves codes older than the row says (apps.accounts.role_code_cache).
    codes_version = models.PositiveBigIntegerField(_("codes version"), default=0, editable=False)

    class Meta:
        verbose_name = _("role")
        verbose_name_plural = _("roles")
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name


class UserRole(models.Model):
    """A role held by a user at one level of the tree (spec §3 role entry)."""

    user = models.ForeignKey(User, verbose_name=_("user"), on_delete=models.CASCADE, related_name="role_entries")
    role = models.ForeignKey(Role, verbose_name=_("role"), on_delete=models.PROTECT, related_name="holders")
    hier = models.ForeignKey(OrgUnit, verbose_name=_("level"), on_delete=models.PROTECT, related_name="role_entries")
    description = models.CharField(_("description"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("granted"), auto_now_add=True)

    class Meta:
        verbose_name = _("user role")
        verbose_name_plural = _("user roles")
        ordering = ["user_id", "id"]
        constraints = [models.UniqueConstraint(fields=["user", "role", "hier"], name="user_role_once_per_level")]

    def __str__(self) -> str:
        return f"{self.user.login_name} · {self.role.name} @ {self.hier.name}"

    @property
    def is_store_employee_login(self) -> bool:
        return self.role.kind == RoleKind.STORE_EMPLOYEE

    @property
    def wire_id(self) -> int:
        """The userRoleId clients see: -1 for a store-employee-type login (spec §3)."""
        return STORE_EMPLOYEE_USER_ROLE_ID if self.is_store_employee_login else self.pk


class QuickShortcut(models.Model):
    """A page a user pinned for a role in a store (spec §2.4: at most 10)."""

    user_role = models.ForeignKey(UserRole, on_delete=models.CASCADE, related_name="quick_shortcuts")
    store = models.ForeignKey(OrgUnit, on_delete=models.CASCADE, related_name="+")
    router = models.CharField(_("route"), max_length=100)
    position = models.PositiveSmallIntegerField(_("position"))

    class Meta:
        verbose_name = _("quick shortcut")
        verbose_name_plural = _("quick shortcuts")
        ordering = ["user_role_id", "store_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["user_role", "store", "router"], name="quick_shortcut_once"),
            # With unique positions 0..9 the database itself holds a store's shortcuts to ten.
            models.UniqueConstraint(fields=["user_role", "store", "position"], name="quick_shortcut_position_once"),
            models.CheckConstraint(condition=models.Q(position__lt=10), name="quick_shortcut_at_most_ten"),
        ]

    def __str__(self) -> str:
        return self.router


class LoginRecord(models.Model):
    """What the browser reports after a sign-in (spec §3 login-record data), beside what we saw."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="login_records")
    login_name = models.CharField(_("account"), max_length=32)
    user_name = models.CharField(_("name"), max_length=50, blank=True)
    role_name = models.CharField(_("role"), max_length=50, blank=True)
    store_name = models.CharField(_("store"), max_length=100, blank=True)
    reported_ip = models.CharField(_("reported IP"), max_length=64, blank=True)
    reported_ip_location = models.CharField(_("reported IP location"), max_length=100, blank=True)
    seen_ip = models.GenericIPAddressField(_("seen IP"), null=True, blank=True)
    created_at = models.DateTimeField(_("time"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("login record")
        verbose_name_plural = _("login records")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.login_name} {self.created_at:%Y-%m-%d %H:%M}"


class RevokedAccess(models.Model):
    """An access token ended before its time (signing out). Access tokens are not stored, so the
    signed-out one is remembered here until it expires; the acting entry's query reads it in the
    same round trip (apps.accounts.authentication), and expired rows are deleted as new ones come."""

    jti = models.CharField(_("token id"), max_length=64, primary_key=True)
    expires_at = models.DateTimeField(_("expires"), db_index=True)

    class Meta:
        verbose_name = _("revoked access token")
        verbose_name_plural = _("revoked access tokens")

    def __str__(self) -> str:
        return self.jti
