"""Request parsers and documented answer shapes of the reservation and rota calls (spec §7.3,
docs/api.md "Reservations, the board and the rota"). Rules and messages live in the services."""

from typing import Any

from rest_framework import serializers

from apps.booking.choices import DURATION_MIN_MINUTES, ReservationSource, ReservationStatus, RotaKind
from apps.core import bounds, fields


class DateInputSerializer(serializers.Serializer[Any]):
    date = fields.DateField(required=False, help_text="YYYY-MM-DD; today when absent")


class CodeNameOutputSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    name = serializers.CharField()


class ProblemOutputSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    message = serializers.CharField()


class CheckOutputSerializer(serializers.Serializer[Any]):
    ok = serializers.BooleanField()
    problems = ProblemOutputSerializer(many=True)


class ReservationInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(required=False, allow_null=True)
    memId = fields.IntegerField(required=False, allow_null=True, source="member_id")
    name = fields.CharField(required=False, allow_blank=True, max_length=40)
    areaCode = fields.CharField(required=False, allow_blank=True, max_length=8, source="area_code")
    phone = fields.CharField(required=False, allow_blank=True, max_length=30)
    projectIds = serializers.ListField(child=fields.IntegerField(), max_length=20, source="project_ids")
    nurseId = fields.IntegerField(required=False, allow_null=True, source="nurse_id")
    startTime = fields.DateTimeField(required=False, allow_null=True, source="start")
    duration = fields.number(bounds.MINUTES, low=DURATION_MIN_MINUTES, required=False, allow_null=True)
    # The wire field "source": DRF takes declared fields off the class; the stubs see Field.source.
    source = fields.CharField(required=False, allow_blank=True, max_length=20)  # type: ignore[assignment]
    remark = fields.CharField(required=False, allow_blank=True, max_length=400)


class ReservationMoveInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField()
    nurseId = fields.IntegerField(required=False, allow_null=True)
    startTime = fields.DateTimeField(required=False)


class ReservationIdInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField()


class ReservationStartServiceInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField()
    nurseId = fields.IntegerField(
        required=False, allow_null=True, source="nurse_id", help_text="required when the reservation has no nurse"
    )


class ReservationUndoInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField()
    reason = fields.CharField(allow_blank=True, max_length=400)


class ReservationCancelInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField()
    reason = fields.CharField(allow_blank=True, max_length=20)
    remark = fields.CharField(required=False, allow_blank=True, max_length=400)


class ProjectLineOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    minutes = serializers.IntegerField()


class ReservationOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    storeId = serializers.IntegerField()
    memId = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    areaCode = serializers.CharField()
    walkIn = serializers.BooleanField()
    nurseId = serializers.IntegerField(allow_null=True)
    nurseName = serializers.CharField()
    projects = ProjectLineOutputSerializer(many=True)
    startTime = serializers.DateTimeField()
    endTime = serializers.DateTimeField()
    duration = serializers.IntegerField()
    # The wire field "source": DRF takes declared fields off the class; the stubs see Field.source.
    source = serializers.ChoiceField(choices=ReservationSource.choices, allow_blank=True)  # type: ignore[assignment]
    sourceName = serializers.CharField(help_text="empty when no source was given")
    remark = serializers.CharField()
    status = serializers.ChoiceField(choices=ReservationStatus.choices)
    statusName = serializers.CharField()
    cancelReason = serializers.CharField()
    cancelReasonName = serializers.CharField()
    forced = serializers.BooleanField()
    billedOrderNo = serializers.CharField(help_text="the order that billed it; empty while it is not billed")
    createdAt = serializers.DateTimeField()
    updatedAt = serializers.DateTimeField()


class BoardReservationOutputSerializer(ReservationOutputSerializer):
    needsAnotherNurse = serializers.BooleanField(
        help_text="still to be served, and the rota now has its nurse off duty then (read at each request)"
    )


class ChangeOutputSerializer(serializers.Serializer[Any]):
    at = serializers.DateTimeField()
    by = serializers.CharField()
    kind = serializers.CharField()
    kindName = serializers.CharField()
    before = serializers.DictField()
    after = serializers.DictField()


class ReservationDetailOutputSerializer(ReservationOutputSerializer):
    history = ChangeOutputSerializer(many=True)


class CountsOutputSerializer(serializers.Serializer[Any]):
    booked = serializers.IntegerField()
    arrived = serializers.IntegerField()
    inService = serializers.IntegerField()
    done = serializers.IntegerField()
    noShow = serializers.IntegerField()
    cancelled = serializers.IntegerField()
    total = serializers.IntegerField()


class ShiftOutputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    start = serializers.CharField()
    end = serializers.CharField()
    color = serializers.CharField()


class IntervalSerializer(serializers.Serializer[Any]):
    start = fields.CharField(max_length=5, help_text="HH:MM")
    end = fields.CharField(max_length=5, help_text="HH:MM")


class NurseOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.CharField()
    positionName = serializers.CharField()
    rotaKind = serializers.CharField(allow_null=True)
    shift = ShiftOutputSerializer(allow_null=True)
    onDuty = serializers.BooleanField()
    onWorkAt = serializers.DateTimeField(allow_null=True)
    offWorkAt = serializers.DateTimeField(allow_null=True)
    abnormalLeft = serializers.BooleanField()
    tempOut = IntervalSerializer(many=True)


class PeriodOutputSerializer(serializers.Serializer[Any]):
    start = serializers.CharField()
    end = serializers.CharField()


class BoardOutputSerializer(serializers.Serializer[Any]):
    date = serializers.DateField()
    openTime = serializers.CharField(allow_null=True)
    closeTime = serializers.CharField(allow_null=True)
    nurses = NurseOutputSerializer(many=True)
    periods = PeriodOutputSerializer(many=True)
    reservations = BoardReservationOutputSerializer(many=True)
    counts = CountsOutputSerializer()


class StaffNameOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.CharField()
    positionName = serializers.CharField()


class BookableProjectOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    duration = serializers.IntegerField()
    categoryName = serializers.CharField()


class BookingDurationInputSerializer(serializers.Serializer[Any]):
    projectIds = fields.IdListField(max_items=20, help_text="comma-separated project ids")
    nurseId = fields.IntegerField(required=False, allow_null=True)


class BookingDurationOutputSerializer(serializers.Serializer[Any]):
    minutes = serializers.IntegerField()


class RecordInputSerializer(serializers.Serializer[Any]):
    dateFrom = fields.DateField(required=False, allow_null=True, source="day_from")
    dateTo = fields.DateField(required=False, allow_null=True, source="day_to")
    nurseId = fields.IntegerField(required=False, allow_null=True, source="nurse_id")
    status = serializers.ChoiceField(choices=ReservationStatus.choices, required=False, allow_blank=True)
    # The wire field "source": DRF takes declared fields off the class; the stubs see Field.source.
    source = serializers.ChoiceField(choices=ReservationSource.choices, required=False, allow_blank=True)  # type: ignore[assignment]
    phone = fields.RegexField(r"^\d{4,11}$", required=False, allow_blank=True, max_length=11)
    memId = fields.IntegerField(required=False, allow_null=True, source="member_id")


class ReservationPageOutputSerializer(serializers.Serializer[Any]):
    list = ReservationOutputSerializer(many=True)
    total = serializers.IntegerField()


class PhoneInputSerializer(serializers.Serializer[Any]):
    phone = fields.RegexField(r"^\d{8,11}$", max_length=11)
    areaCode = fields.CharField(required=False, default="0086", max_length=8)


class MemberIdQueryInputSerializer(serializers.Serializer[Any]):
    memId = fields.IntegerField()


class LabelOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    color = serializers.CharField()


class AccountInfoOutputSerializer(serializers.Serializer[Any]):
    memId = serializers.IntegerField()
    name = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    points = serializers.IntegerField()
    labels = LabelOutputSerializer(many=True)
    lastVisitAt = serializers.DateTimeField(allow_null=True)
    upcoming = ReservationOutputSerializer(many=True)


class TodayReservedInputSerializer(serializers.Serializer[Any]):
    stoId = fields.IntegerField(
        min_value=1, required=False, source="store_id", help_text="one of the role's stores; default the chosen store"
    )


class TodayReservedOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(help_text="the reservation (a coupon served for it bills it)")
    memId = serializers.IntegerField(allow_null=True, help_text="null for a walk-in")
    name = serializers.CharField()
    phone = serializers.CharField(help_text="masked")
    areaCode = serializers.CharField()
    startTime = serializers.DateTimeField()
    nurseId = serializers.IntegerField(allow_null=True, help_text="null: any nurse")
    nurseName = serializers.CharField()


class EmployeeQueryInputSerializer(serializers.Serializer[Any]):
    employeeId = fields.IntegerField()


class PresenceOutputSerializer(serializers.Serializer[Any]):
    employeeId = serializers.IntegerField()
    date = serializers.DateField()
    onWorkAt = serializers.DateTimeField(allow_null=True)
    offWorkAt = serializers.DateTimeField(allow_null=True)
    tempOut = IntervalSerializer(many=True)
    abnormalLeft = serializers.BooleanField()


class TempOutInputSerializer(serializers.Serializer[Any]):
    employeeId = fields.IntegerField()
    intervals = serializers.ListField(child=IntervalSerializer(), max_length=20)


class AbnormalLeftInputSerializer(serializers.Serializer[Any]):
    reason = fields.CharField(required=False, allow_blank=True, max_length=400)


class ShiftTypeOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    start = serializers.CharField()
    end = serializers.CharField()
    color = serializers.CharField()
    enabled = serializers.BooleanField()


class ShiftTypeInputSerializer(serializers.Serializer[Any]):
    id = fields.IntegerField(required=False, allow_null=True)
    name = fields.CharField(allow_blank=True, max_length=40)
    start = fields.CharField(max_length=5)
    end = fields.CharField(max_length=5)
    color = fields.CharField(required=False, max_length=7)
    enabled = serializers.BooleanField(required=False)


class RotaRangeInputSerializer(serializers.Serializer[Any]):
    """`from` and `to` (dates, at most 42 days apart); `from` is a Python keyword, hence get_fields."""

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        return {"from": fields.DateField(required=False), "to": fields.DateField(required=False)}


class RotaEntryInputSerializer(serializers.Serializer[Any]):
    employeeId = fields.IntegerField(source="employee_id")
    date = fields.DateField()
    kind = fields.CharField(max_length=8)
    shiftTypeId = fields.IntegerField(required=False, allow_null=True, source="shift_type_id")


class RotaSaveInputSerializer(serializers.Serializer[Any]):
    entries = serializers.ListField(child=RotaEntryInputSerializer(), max_length=2000)
    confirm = serializers.BooleanField(
        required=False, default=False, help_text="save even if nurses go off duty for their reservations (RES-40906)"
    )


class RotaDayOutputSerializer(serializers.Serializer[Any]):
    employeeId = serializers.IntegerField()
    date = serializers.DateField()
    kind = serializers.ChoiceField(choices=RotaKind.choices)
    shiftTypeId = serializers.IntegerField(allow_null=True)


class RotaOutputSerializer(serializers.Serializer[Any]):
    employees = StaffNameOutputSerializer(many=True)
    days = RotaDayOutputSerializer(many=True)
    myEmployeeId = serializers.IntegerField(allow_null=True, help_text="the caller's own employee in the store, if any")


class CopyWeekInputSerializer(serializers.Serializer[Any]):
    weekStart = fields.DateField()
    confirm = serializers.BooleanField(
        required=False, default=False, help_text="save even if nurses go off duty for their reservations (RES-40906)"
    )


class CopyWeekOutputSerializer(serializers.Serializer[Any]):
    days = serializers.IntegerField()
