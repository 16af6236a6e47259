"""Staff of the stores (spec §2.2 /staffList): employees, their service durations, and the role
entries an employee's account link holds."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.accounts.models import UserRole
from apps.core.model_fields import created_at_field, updated_at_field
from apps.org.choices import OrgUnitKind
from apps.org.models import OrgUnit
from apps.staff.choices import (
    DURATION_MAX_MINUTES,
    EMPLOYEE_NAME_MAX_LENGTH,
    AreaCode,
    EmployeePosition,
    EmployeeStatus,
    SkillLevel,
)


class Employee(models.Model):
    """A member of a store's staff (spec §2.2 /staffList). `user` is the sign-in account, when the
    employee has one; leaving revokes the role entries the link holds at the store (apps.staff.access)."""

    store = models.ForeignKey(
        OrgUnit,
        verbose_name=_("store"),
        on_delete=models.PROTECT,
        related_name="employees",
        limit_choices_to={"kind": OrgUnitKind.STORE},
    )
    name = models.CharField(_("name"), max_length=EMPLOYEE_NAME_MAX_LENGTH)
    area_code = models.CharField(_("area code"), max_length=4, choices=AreaCode.choices, default=AreaCode.MAINLAND)
    phone = models.CharField(_("phone"), max_length=11)
    position = models.CharField(_("position"), max_length=16, choices=EmployeePosition.choices)
    skill_level = models.CharField(_("skill level"), max_length=16, choices=SkillLevel.choices, blank=True)
    hire_date = models.DateField(_("hire date"))
    status = models.CharField(_("status"), max_length=8, choices=EmployeeStatus.choices, default=EmployeeStatus.ACTIVE)
    left_date = models.DateField(_("left on"), null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="employments",
    )
    created_at = created_at_field()
    updated_at = updated_at_field()

    class Meta:
        # The table keeps the name it had when staff lived in org: the move changed no table.
        db_table = "org_employee"
        verbose_name = _("employee")
        verbose_name_plural = _("employees")
        ordering = ["store_id", "status", "name", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(status=EmployeeStatus.ACTIVE, left_date__isnull=True))
                | (models.Q(status=EmployeeStatus.LEFT, left_date__isnull=False)),
                name="employee_left_date_iff_left",
            ),
            models.CheckConstraint(
                condition=models.Q(left_date__isnull=True) | models.Q(left_date__gte=models.F("hire_date")),
                name="employee_leaves_after_hire",
            ),
            models.UniqueConstraint(
                fields=["store", "area_code", "phone"],
                condition=models.Q(status=EmployeeStatus.ACTIVE),
                name="employee_active_phone_once_per_store",
            ),
        ]
        indexes = [models.Index(fields=["store", "status"], name="employee_store_status")]

    def __str__(self) -> str:
        return self.name


class EmployeeServiceDuration(models.Model):
    """How long an employee takes for a project or a project category (spec §7.9 saveDurationInfo).
    Closing keeps the row (closeDurationInfo) so the history stays readable."""

    employee = models.ForeignKey(
        Employee, verbose_name=_("employee"), on_delete=models.CASCADE, related_name="service_durations"
    )
    project = models.ForeignKey(
        "catalog.Project", verbose_name=_("project"), null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    category = models.CharField(_("project category"), max_length=50, blank=True)
    minutes = models.PositiveSmallIntegerField(_("minutes"))
    is_active = models.BooleanField(_("active"), default=True)
    created_at = created_at_field()
    updated_at = updated_at_field()

    class Meta:
        db_table = "org_employeeserviceduration"
        verbose_name = _("service duration")
        verbose_name_plural = _("service durations")
        ordering = ["employee_id", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(minutes__gte=1, minutes__lte=DURATION_MAX_MINUTES), name="duration_minutes_range"
            ),
            models.CheckConstraint(
                condition=(models.Q(project__isnull=False) & models.Q(category=""))
                | (models.Q(project__isnull=True) & ~models.Q(category="")),
                name="duration_project_xor_category",
            ),
            models.UniqueConstraint(
                fields=["employee", "project"],
                condition=models.Q(is_active=True, project__isnull=False),
                name="duration_active_once_per_project",
            ),
            models.UniqueConstraint(
                fields=["employee", "category"],
                condition=models.Q(is_active=True, project__isnull=True),
                name="duration_active_once_per_category",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.employee} {self.project or self.category} {self.minutes}"


class LinkedRoleEntry(models.Model):
    """A role entry held by an employee's link to its account (apps.staff.access): leaving revokes
    exactly the entries held here, never an owner's or one above the store. The relation is staff's,
    not a column of accounts' role entry, because accounts sits below staff."""

    employee = models.ForeignKey(
        Employee, verbose_name=_("employee"), on_delete=models.CASCADE, related_name="linked_role_entries"
    )
    role_entry = models.OneToOneField(
        UserRole, verbose_name=_("role entry"), on_delete=models.CASCADE, related_name="employee_link"
    )

    class Meta:
        verbose_name = _("role entry held through an employee")
        verbose_name_plural = _("role entries held through employees")
        ordering = ["role_entry_id"]

    def __str__(self) -> str:
        return f"{self.employee} · {self.role_entry_id}"


class EmployeePositionHistory(models.Model):
    """The position an employee held from a business day on (issue 29 §1: a nurse promoted keeps
    her past figures under the position she had). Written by the database, in the writer's
    transaction, whenever an employee is created or changes position (migration 0002's trigger). An
    employee's first row starts at the beginning of history, so every past day has one."""

    employee = models.ForeignKey(Employee, verbose_name=_("employee"), on_delete=models.CASCADE, related_name="+")
    position = models.CharField(_("position"), max_length=16, choices=EmployeePosition.choices)
    valid_from = models.DateField(_("from"))

    class Meta:
        verbose_name = _("employee's position history")
        verbose_name_plural = _("employees' position history")
        ordering = ["employee_id", "valid_from"]
        constraints = [
            models.UniqueConstraint(fields=["employee", "valid_from"], name="employee_position_history_once_a_day")
        ]

    def __str__(self) -> str:
        return f"{self.employee_id} {self.position} {self.valid_from}"
