"""Fixed values of reservations, the board and the rota (spec §2.2, §5, §7.3)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.bounds import MINUTES

DURATION_MIN_MINUTES = 5
DURATION_MAX_MINUTES = int(MINUTES.high)
HISTORY_MAX_DAYS = 92  # spec §5 "selected time exceeds range": the limit is ours
ROTA_MAX_DAYS = 42
PHONE_HISTORY_DAYS = 30
LAST_CONSUME_COUNT = 5
REMARK_MAX_LENGTH = 200
WALK_IN_NAME_MAX_LENGTH = 20
# The positions that take bookings and so have a column on the board.
BOOKABLE_POSITIONS = ("nurse", "stylist", "trainee")


class ReservationStatus(models.TextChoices):
    BOOKED = "booked", _("booked")
    ARRIVED = "arrived", _("arrived")
    IN_SERVICE = "inService", _("in service")
    DONE = "done", _("done")
    NO_SHOW = "noShow", _("no-show")
    CANCELLED = "cancelled", _("cancelled")


# The status changes the desk may take back the same day, with a reason.
UNDOABLE_STATUSES = (ReservationStatus.ARRIVED, ReservationStatus.NO_SHOW, ReservationStatus.CANCELLED)
UNDO_REASON_MAX_LENGTH = 200

# A nurse is busy during these; the exclusion constraint covers exactly them (migration 0002).
ACTIVE_STATUSES = (ReservationStatus.BOOKED, ReservationStatus.ARRIVED, ReservationStatus.IN_SERVICE)
# Still to be served: a rota change that takes their nurse off duty asks first (apps.booking.duty).
TO_SERVE_STATUSES = (ReservationStatus.BOOKED, ReservationStatus.ARRIVED)
# A reservation billed (an order made from it, or a group-buy coupon served for it) is done, whatever
# of these it was in: the money follows the service, so the desk need not mark it finished as well.
BILLABLE_STATUSES = (
    ReservationStatus.BOOKED,
    ReservationStatus.ARRIVED,
    ReservationStatus.IN_SERVICE,
    ReservationStatus.DONE,
)


class ReservationSource(models.TextChoices):
    PHONE = "phone", _("phone call")
    WALK_IN = "walkIn", _("walk-in")
    WECOM = "wecom", _("enterprise chat")
    MINI_PROGRAM = "miniProgram", _("mini program")
    MEITUAN = "meituan", _("Meituan")
    DIANPING = "dianping", _("Dianping")
    OTHER = "other", _("other")


class CancelReason(models.TextChoices):
    MEMBER_CANCELLED = "memberCancelled", _("the customer cancelled")
    RESCHEDULED = "rescheduled", _("moved to another time")
    NURSE_UNAVAILABLE = "nurseUnavailable", _("the nurse is unavailable")
    STORE_REASON = "storeReason", _("the store's reason")
    DUPLICATE = "duplicate", _("booked twice")
    OTHER = "other", _("other")


class ProblemCode(models.TextChoices):
    """What `check` finds in a draft; all but NURSE_BUSY can be overridden by forceUpdate."""

    NURSE_BUSY = "nurseBusy", _("the nurse is already booked at that time")
    NURSE_OFF_DUTY = "nurseOffDuty", _("the nurse is not on duty at that time")
    OUTSIDE_HOURS = "outsideHours", _("the time is outside the store's opening hours")
    MEMBER_BOOKED = "memberBooked", _("the member already has a reservation at that time")
    IN_PAST = "inPast", _("the start time has passed")


OVERRIDABLE_PROBLEMS = (ProblemCode.NURSE_OFF_DUTY, ProblemCode.OUTSIDE_HOURS, ProblemCode.MEMBER_BOOKED)


class ChangeKind(models.TextChoices):
    CREATED = "created", _("booked")
    EDITED = "edited", _("edited")
    MOVED = "moved", _("moved")
    STATUS = "status", _("status changed")
    FORCED = "forced", _("saved over a conflict")
    UNDONE = "undone", _("status change undone")
    BILLED = "billed", _("billed")
    UNBILLED = "unbilled", _("its order cancelled")


class RotaKind(models.TextChoices):
    SHIFT = "shift", _("shift")
    LEAVE = "leave", _("leave")
    DAY_OFF = "dayOff", _("day off")


class AuditAction(models.TextChoices):
    RESERVATION_SAVED = "reservation.saved", _("saved a reservation")
    RESERVATION_FORCED = "reservation.forced", _("saved a reservation over a conflict")
    RESERVATION_MOVED = "reservation.moved", _("moved a reservation")
    RESERVATION_STATUS = "reservation.status_changed", _("changed a reservation's status")
    RESERVATION_UNDONE = "reservation.status_undone", _("undid a reservation's status change")
    RESERVATION_BILLED = "reservation.billed", _("billed a reservation")
    RESERVATION_UNBILLED = "reservation.unbilled", _("a reservation's order was cancelled")
    SHIFT_TYPE_SAVED = "rota.shift_type_saved", _("saved a shift type")
    ROTA_SAVED = "rota.saved", _("edited the rota")
    ROTA_COPIED = "rota.copied", _("copied last week's rota")
    ON_WORK = "rota.on_work", _("clocked on")
    OFF_WORK = "rota.off_work", _("clocked off")
    TEMP_OUT = "rota.temp_out", _("set temporarily out times")
    ABNORMAL_LEFT = "rota.abnormal_left", _("left work unexpectedly")
