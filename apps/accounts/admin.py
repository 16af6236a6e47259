"""Head office administers accounts here. Grants and revocations of roles go through the services,
so django-guardian's store permissions and the system log stay in step."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import UserChangeForm as DjangoUserChangeForm
from django.contrib.auth.forms import UserCreationForm
from django.db.models import QuerySet
from django.http import HttpRequest

from apps.accounts import services
from apps.accounts.choices import AuditAction
from apps.accounts.models import LoginRecord, QuickShortcut, Resource, Role, User, UserRole
from apps.accounts.store_master import authorization_code_set
from apps.core.audit import actor_from_request, audit_record


class UserRoleInline(admin.TabularInline):
    model = UserRole
    extra = 0
    autocomplete_fields = ("role", "hier")
    fields = ("role", "hier", "description", "created_at")
    readonly_fields = ("created_at",)
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # grants go through the user-role admin, which writes the system log


class UserCreateForm(UserCreationForm):
    class Meta:
        model = User
        fields = ("login_name", "nickname", "phone")


class UserChangeForm(DjangoUserChangeForm):
    new_authorization_code = forms.CharField(
        label="New shop-owner authorization code",
        required=False,
        max_length=20,
        widget=forms.PasswordInput(render_value=False),
        help_text="Owners only: the code they type to approve on a staff member's screen. Stored hashed.",
    )

    class Meta(DjangoUserChangeForm.Meta):
        model = User
        fields = "__all__"


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    add_form = UserCreateForm
    form = UserChangeForm
    list_display = ("login_name", "nickname", "phone", "enabled", "is_staff", "created_date", "last_login")
    list_filter = ("enabled", "is_staff", "is_superuser")
    search_fields = ("login_name", "nickname", "phone", "wecom_userid")
    ordering = ("login_name",)
    readonly_fields = ("created_date", "last_login")
    inlines = [UserRoleInline]
    fieldsets = (
        (None, {"fields": ("login_name", "password")}),
        ("Shop-owner authorization", {"fields": ("new_authorization_code",)}),
        ("Profile", {"fields": ("nickname", "phone", "wecom_userid", "enabled", "created_date", "last_login")}),
        ("Head office", {"fields": ("is_staff", "is_superuser", "groups", "user_permissions")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("login_name", "nickname", "phone", "password1", "password2")}),
    )
    filter_horizontal = ("groups", "user_permissions")

    def save_model(self, request: HttpRequest, obj: User, form: forms.Form, change: bool) -> None:
        super().save_model(request, obj, form, change)
        code = form.cleaned_data.get("new_authorization_code") if change else None
        if code:
            authorization_code_set(actor=actor_from_request(request), user=obj, code=code)
        if change and "enabled" in form.changed_data:
            services.user_enabled_change(actor=actor_from_request(request), user=obj, enabled=obj.enabled)


@admin.register(Resource)
class ResourceAdmin(admin.ModelAdmin):
    list_display = ("code", "kind", "name", "route")
    list_filter = ("kind",)
    search_fields = ("code", "name", "route")


@admin.register(Role)
class RoleAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "kind", "description")
    list_filter = ("kind",)
    search_fields = ("name", "description")
    filter_horizontal = ("resources",)

    def save_related(self, request: HttpRequest, form: forms.ModelForm, formsets: Any, change: bool) -> None:
        before = set(form.instance.resources.values_list("code", flat=True)) if change else set()
        super().save_related(request, form, formsets, change)
        after = set(form.instance.resources.values_list("code", flat=True))
        if before != after:
            audit_record(
                actor=actor_from_request(request),
                action=AuditAction.ROLE_CODES_CHANGED,
                target=form.instance,
                detail={"added": sorted(after - before), "removed": sorted(before - after)},
            )


@admin.register(UserRole)
class UserRoleAdmin(admin.ModelAdmin):
    list_display = ("user", "role", "hier", "description", "created_at")
    list_filter = ("role__kind", "role")
    search_fields = ("user__login_name", "user__nickname", "hier__name", "role__name")
    list_select_related = ("user", "role", "hier")
    autocomplete_fields = ("user", "role", "hier")
    actions = ["revoke_selected"]

    def get_readonly_fields(self, request: HttpRequest, obj: UserRole | None = None) -> tuple[str, ...]:
        # An entry is granted or revoked, never moved: moving would bypass the guardian permission sync.
        return ("user", "role", "hier", "created_at") if obj else ("created_at",)

    def save_model(self, request: HttpRequest, obj: UserRole, form: forms.Form, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        entry = services.user_role_grant(
            actor=actor_from_request(request), user=obj.user, role=obj.role, hier=obj.hier, description=obj.description
        )
        obj.pk = entry.pk

    def delete_model(self, request: HttpRequest, obj: UserRole) -> None:
        services.user_role_revoke(actor=actor_from_request(request), entry=obj)

    def get_actions(self, request: HttpRequest) -> dict:
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    @admin.action(description="Revoke the selected role entries", permissions=["delete"])
    def revoke_selected(self, request: HttpRequest, queryset: QuerySet[UserRole]) -> None:
        for entry in queryset.select_related("user", "hier"):
            services.user_role_revoke(actor=actor_from_request(request), entry=entry)


@admin.register(QuickShortcut)
class QuickShortcutAdmin(admin.ModelAdmin):
    list_display = ("user_role", "store", "router", "position")
    search_fields = ("user_role__user__login_name", "router")
    list_select_related = ("user_role__user", "user_role__role", "user_role__hier", "store")


@admin.register(LoginRecord)
class LoginRecordAdmin(admin.ModelAdmin):
    list_display = ("created_at", "login_name", "user_name", "role_name", "store_name", "seen_ip", "reported_ip")
    list_filter = (("created_at", admin.DateFieldListFilter),)
    search_fields = ("login_name", "user_name", "store_name", "seen_ip")
    date_hierarchy = "created_at"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
