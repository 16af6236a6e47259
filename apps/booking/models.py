"""Reservations, shift types, the staff rota and staff presence of a store (spec §2.2 reservations
and schedule, §7.3). A nurse is booked once at a time: an exclusion constraint over the nurse
and the time range of active reservations guarantees it (migration 0002)."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.booking.choices import (
    ACTIVE_STATUSES,
    REMARK_MAX_LENGTH,
    WALK_IN_NAME_MAX_LENGTH,
    CancelReason,
    ChangeKind,
    ReservationSource,
    ReservationStatus,
    RotaKind,
)
from apps.core.model_fields import created_at_field, updated_at_field, user_field, user_name_field


class ShiftType(models.Model):
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.CASCADE, related_name="+")
    name = models.CharField(_("name"), max_length=10)
    start = models.TimeField(_("start"))
    end = models.TimeField(_("end"))
    color = models.CharField(_("colour"), max_length=7, default="#1976d2")
    enabled = models.BooleanField(_("enabled"), default=True)

    class Meta:
        verbose_name = _("shift type")
        verbose_name_plural = _("shift types")
        ordering = ["store", "start", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(end__gt=F("start")), name="shift_type_end_after_start"),
            models.UniqueConstraint(fields=["store", "name"], name="shift_type_unique_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.start:%H:%M}-{self.end:%H:%M}"


class RotaDay(models.Model):
    """What an employee does on one day: a shift, leave or a day off. No row: not planned."""

    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.CASCADE, related_name="+")
    employee = models.ForeignKey(
        "staff.Employee", verbose_name=_("employee"), on_delete=models.CASCADE, related_name="rota_days"
    )
    date = models.DateField(_("date"))
    kind = models.CharField(_("kind"), max_length=8, choices=RotaKind.choices)
    shift_type = models.ForeignKey(
        ShiftType, verbose_name=_("shift"), null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("rota day")
        verbose_name_plural = _("rota days")
        ordering = ["date", "employee_id"]
        constraints = [
            models.UniqueConstraint(fields=["employee", "date"], name="rota_day_once_per_employee"),
            models.CheckConstraint(
                condition=Q(kind=RotaKind.SHIFT, shift_type__isnull=False)
                | (~Q(kind=RotaKind.SHIFT) & Q(shift_type__isnull=True)),
                name="rota_day_shift_iff_shift_type",
            ),
        ]
        indexes = [models.Index(fields=["store", "date"], name="rota_day_store_date")]

    def __str__(self) -> str:
        return f"{self.employee_id} {self.date} {self.kind}"


class Presence(models.Model):
    """An employee's day at work: clocked on and off (onWork, offWork), temporarily out
    (editTempOutArray: [{start, end}] as HH:MM), or gone unexpectedly (abnormalLeft)."""

    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.CASCADE, related_name="+")
    employee = models.ForeignKey(
        "staff.Employee", verbose_name=_("employee"), on_delete=models.CASCADE, related_name="presences"
    )
    date = models.DateField(_("date"))
    on_work_at = models.DateTimeField(_("clocked on"), null=True, blank=True)
    off_work_at = models.DateTimeField(_("clocked off"), null=True, blank=True)
    temp_out = models.JSONField(_("temporarily out"), default=list, blank=True)
    abnormal_left = models.BooleanField(_("left unexpectedly"), default=False)
    abnormal_reason = models.CharField(_("reason"), max_length=REMARK_MAX_LENGTH, blank=True)

    class Meta:
        verbose_name = _("presence")
        verbose_name_plural = _("presences")
        constraints = [models.UniqueConstraint(fields=["employee", "date"], name="presence_once_per_day")]
        indexes = [models.Index(fields=["store", "date"], name="presence_store_date")]

    def __str__(self) -> str:
        return f"{self.employee_id} {self.date}"


class Reservation(models.Model):
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    member = models.ForeignKey(
        "members.Member",
        verbose_name=_("member"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="reservations",
    )
    # The name and phone as booked (a member's, or a walk-in's): history finds them by phone.
    name = models.CharField(_("name"), max_length=WALK_IN_NAME_MAX_LENGTH)
    area_code = models.CharField(_("area code"), max_length=5, default="0086")
    phone = models.CharField(_("phone"), max_length=11, blank=True)
    nurse = models.ForeignKey(
        "staff.Employee",
        verbose_name=_("nurse"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="reservations",
    )
    start = models.DateTimeField(_("start"))
    end = models.DateTimeField(_("end"))
    # Empty when the desk did not say how the booking came in.
    source = models.CharField(_("source"), max_length=12, choices=ReservationSource.choices, blank=True, default="")
    remark = models.CharField(_("remark"), max_length=REMARK_MAX_LENGTH, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=ReservationStatus.choices, default=ReservationStatus.BOOKED
    )
    cancel_reason = models.CharField(_("cancellation reason"), max_length=20, choices=CancelReason.choices, blank=True)
    cancel_remark = models.CharField(_("cancellation remark"), max_length=REMARK_MAX_LENGTH, blank=True)
    forced = models.BooleanField(_("saved over a conflict"), default=False)
    # The order that billed it (an order number, billing's: booking knows no orders): a reservation is
    # billed once, and a billed one is not offered to the till again.
    billed_order_no = models.CharField(_("billed by order"), max_length=24, blank=True)
    # The arrival's moment and the member's last visit before it: undoing the arrival puts that back.
    arrived_at = models.DateTimeField(_("arrived at"), null=True, blank=True)
    last_visit_before = models.DateTimeField(_("member's last visit before arrival"), null=True, blank=True)
    created_by = user_field(_("booked by"))
    created_at = created_at_field()
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("reservation")
        verbose_name_plural = _("reservations")
        ordering = ["start", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(end__gt=F("start")), name="reservation_end_after_start"),
            models.CheckConstraint(
                condition=Q(status=ReservationStatus.CANCELLED) | Q(cancel_reason=""),
                name="reservation_cancel_reason_only_when_cancelled",
            ),
        ]
        indexes = [
            models.Index(fields=["store", "start"], name="reservation_store_start"),
            # The nurse-busy check reads only active rows; a partial index keeps it off the history.
            models.Index(
                fields=["nurse", "start"],
                condition=Q(status__in=ACTIVE_STATUSES),
                name="reservation_nurse_active_start",
            ),
            models.Index(fields=["member", "start"], name="reservation_member_start"),
            models.Index(fields=["phone", "start"], name="reservation_phone_start"),
        ]

    def __str__(self) -> str:
        # The store's time, as everywhere a person reads it, not the UTC the row holds.
        return f"{self.name} {timezone.localtime(self.start):%Y-%m-%d %H:%M}"

    @property
    def minutes(self) -> int:
        return int((self.end - self.start).total_seconds() // 60)


class ReservationProject(models.Model):
    reservation = models.ForeignKey(Reservation, on_delete=models.CASCADE, related_name="lines")
    project = models.ForeignKey(
        "catalog.Project", verbose_name=_("project"), on_delete=models.PROTECT, related_name="+"
    )
    name = models.CharField(_("name"), max_length=100)
    minutes = models.PositiveIntegerField(_("minutes"))

    class Meta:
        verbose_name = _("reserved project")
        verbose_name_plural = _("reserved projects")
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name


class ReservationChange(models.Model):
    """One entry of a reservation's history (changeList): what changed, from what to what, by whom."""

    reservation = models.ForeignKey(Reservation, on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(_("kind"), max_length=8, choices=ChangeKind.choices)
    before = models.JSONField(_("before"), default=dict, blank=True)
    after = models.JSONField(_("after"), default=dict, blank=True)
    by = user_field(_("by"), reverse_accessor=True)
    by_name = user_name_field(_("by (name)"))
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        verbose_name = _("reservation change")
        verbose_name_plural = _("reservation changes")
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.reservation_id} {self.kind}"
