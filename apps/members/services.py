"""Writes of the members area: create and edit member files, SMS consent, points, cancellation.
Each use case runs in one transaction with its system-log entry; points change under a row lock."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.audit import Actor, audit_record
from apps.core.constraints import constraint_errors
from apps.core.errors import Conflict, DomainError, InvalidInput, NotFound
from apps.core.phones import mask_phone
from apps.masterdata.choices import MasterType
from apps.masterdata.models import MasterItem
from apps.members import rules
from apps.members.choices import (
    ANONYMISED_NAME,
    POINTS_BALANCE_LIMIT,
    POINTS_CHANGE_LIMIT,
    POINTS_REASON_MAX_LENGTH,
    REMARK_MAX_LENGTH,
    AuditAction,
    CancellationStatus,
    MemberStatus,
    PointsKind,
)
from apps.members.errors import (
    CancellationPending,
    CardNoTaken,
    MemberCodeTaken,
    PhoneTaken,
    PointsWouldExceedLimit,
    PointsWouldGoNegative,
)
from apps.members.models import CancellationRequest, Member, MemberLabel, PointsEntry
from apps.org.models import OrgUnit

# Wire name -> model field of the plain fields a store may set.
MEMBER_FIELDS = {
    "name": "name",
    "areaCode": "area_code",
    "phone": "phone",
    "gender": "gender",
    "birthday": "birthday",
    "crmCode": "crm_code",
    "cardNo": "card_no",
    "source": "source",
    "occupation": "occupation",
    "income": "income",
    "education": "education",
    "maritalStatus": "marital_status",
    "smsConsent": "sms_consent",
    "remark": "remark",
}
_MASTER_FIELDS = {
    "gender": MasterType.GENDER,
    "source": MasterType.MEMBER_SOURCE,
    "occupation": MasterType.OCCUPATION,
    "income": MasterType.INCOME,
    "education": MasterType.STAFF_EDUCATION,
    "maritalStatus": MasterType.MARITAL_STATUS,
}
_UNIQUE_ERRORS: dict[str, Callable[[], DomainError]] = {
    "member_phone_unique": PhoneTaken,
    "member_code_unique": MemberCodeTaken,
    "member_card_no_unique": CardNoTaken,
}


def _check_master_code(wire: str, code: str) -> str:
    code = (code or "").strip()
    if code and not MasterItem.objects.filter(type=_MASTER_FIELDS[wire], code=code, enabled=True).exists():
        raise InvalidInput(_("please choose a value from the list"), field=wire)
    return code


def _clean(data: dict[str, Any], today: date) -> dict[str, Any]:
    """The sent fields, checked; a field not sent is not in the answer."""
    clean: dict[str, Any] = {}
    if "name" in data:
        clean["name"] = rules.check_name(data["name"])
    if "areaCode" in data or "phone" in data:
        clean["areaCode"], clean["phone"] = rules.check_phone(data.get("areaCode"), data.get("phone"))
    for wire in ("crmCode", "cardNo"):
        if wire in data:
            clean[wire] = rules.check_code(data[wire], wire)
    if "birthday" in data:
        clean["birthday"] = rules.check_birthday(data["birthday"], today)
    for wire in _MASTER_FIELDS:
        if wire in data:
            clean[wire] = _check_master_code(wire, data[wire])
    if "remark" in data:
        remark = (data["remark"] or "").strip()
        if len(remark) > REMARK_MAX_LENGTH:
            raise InvalidInput(_("the remark can have at most 200 characters"), field="remark")
        clean["remark"] = remark
    if "smsConsent" in data:
        clean["smsConsent"] = bool(data["smsConsent"])
    return clean


def _labels(label_ids: list[int] | None) -> list[MemberLabel]:
    wanted = sorted(set(label_ids or []))
    labels = list(MemberLabel.objects.filter(pk__in=wanted, enabled=True))
    if len(labels) != len(wanted):
        raise InvalidInput(_("unknown or disabled label"), field="labels")
    return labels


def _introducer(introducer_id: int | None, member_id: int | None) -> Member | None:
    if introducer_id is None:
        return None
    if introducer_id == member_id:
        raise InvalidInput(_("a member cannot introduce themselves"), field="introducerId")
    introducer = Member.objects.filter(pk=introducer_id, status=MemberStatus.ACTIVE).first()
    if introducer is None:
        raise InvalidInput(_("unknown introducer"), field="introducerId")
    return introducer


def _save(member: Member, **kwargs: Any) -> None:
    """Saves, turning a taken phone, member code or card number into its 409."""
    with constraint_errors(_UNIQUE_ERRORS):
        member.save(**kwargs)


def _wire(value: Any) -> Any:
    return value.isoformat() if isinstance(value, date) else value


def member_create(*, actor: Actor, store: OrgUnit, data: dict[str, Any]) -> Member:
    """A new member file at `store` (newMember, stoSaveMember). Name, area code and phone are
    required; the database keeps one member per area code and phone, member code and card number."""
    if "name" not in data:
        data = {**data, "name": ""}
    if "phone" not in data:
        data = {**data, "phone": ""}
    clean = _clean(data, timezone.localdate())
    with transaction.atomic():
        member = Member(home_store=store)
        for wire, field in MEMBER_FIELDS.items():
            if wire in clean:
                setattr(member, field, clean[wire])
        member.introducer = _introducer(data.get("introducerId"), None)
        if member.sms_consent:
            member.sms_consent_updated_at = timezone.now()
        labels = _labels(data.get("labels"))
        _save(member)
        member.labels.set(labels)
        audit_record(
            actor=actor,
            action=AuditAction.MEMBER_CREATED,
            target=member,
            detail={
                "fields": {wire: _wire(value) for wire, value in clean.items() if wire != "phone"},
                "phone": mask_phone(member.phone),
                "labels": [label.pk for label in labels],
            },
        )
    return member


def member_update(*, actor: Actor, member: Member, data: dict[str, Any]) -> Member:
    """Changes the sent fields of a member file (stoUpdateMember); `labels` replaces the set.
    Logs each change as [old, new], phones masked."""
    if ("phone" in data) != ("areaCode" in data):
        data = {"areaCode": member.area_code, "phone": member.phone, **data}
    clean = _clean(data, timezone.localdate())
    with transaction.atomic():
        member = Member.objects.select_for_update().get(pk=member.pk)
        if member.status != MemberStatus.ACTIVE:
            raise NotFound()
        changed: dict[str, list[Any]] = {}
        for wire, value in clean.items():
            field = MEMBER_FIELDS[wire]
            before = getattr(member, field)
            if before != value:
                masked = wire == "phone"
                changed[wire] = [mask_phone(before), mask_phone(value)] if masked else [_wire(before), _wire(value)]
                setattr(member, field, value)
        if "smsConsent" in changed:
            member.sms_consent_updated_at = timezone.now()
        if "introducerId" in data:
            introducer = _introducer(data["introducerId"], member.pk)
            if member.introducer_id != (introducer.pk if introducer else None):
                changed["introducerId"] = [member.introducer_id, introducer.pk if introducer else None]
                member.introducer = introducer
        if "labels" in data:
            labels = _labels(data["labels"])
            before_ids = sorted(member.labels.values_list("id", flat=True))
            after_ids = sorted(label.pk for label in labels)
            if before_ids != after_ids:
                member.labels.set(labels)
                changed["labels"] = [before_ids, after_ids]
        if not changed:
            return member
        _save(member)
        audit_record(actor=actor, action=AuditAction.MEMBER_UPDATED, target=member, detail={"changed": changed})
    return member


def sms_consent_set(*, actor: Actor, member: Member, consent: bool) -> Member:
    return member_update(actor=actor, member=member, data={"smsConsent": consent})


def whole_phone_viewed(*, actor: Actor, member: Member) -> dict[str, Any]:
    """The whole phone for the member's own page; each view is in the system log (spec §6)."""
    audit_record(actor=actor, action=AuditAction.PHONE_VIEWED, target=member, detail={})
    return {"memId": member.pk, "areaCode": member.area_code, "phone": member.phone}


def _operator_name(actor: Actor) -> str:
    return actor.login_name[:40]


def _points_entry(
    *, actor: Actor, member: Member, store: OrgUnit | None, kind: str, change: int, reason: str
) -> PointsEntry:
    """Adds `change` to a member locked by the caller and writes its ledger entry."""
    if member.points + change < 0:
        raise PointsWouldGoNegative()
    if member.points + change > POINTS_BALANCE_LIMIT:
        raise PointsWouldExceedLimit()
    member.points += change
    member.save(update_fields=["points", "updated_at"])
    return PointsEntry.objects.create(
        member=member,
        store=store,
        kind=kind,
        change=change,
        balance_after=member.points,
        reason=reason,
        operator_id=actor.user_id,
        operator_name=_operator_name(actor),
    )


def points_adjust(*, actor: Actor, member: Member, store: OrgUnit, change: int, reason: str) -> PointsEntry:
    """A manual points adjustment (POST member/point); the balance never goes below 0."""
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("please enter the reason"), field="reason")
    if len(reason) > POINTS_REASON_MAX_LENGTH:
        raise InvalidInput(_("the reason can have at most 100 characters"), field="reason")
    if change == 0 or abs(change) > POINTS_CHANGE_LIMIT:
        raise InvalidInput(_("the change must be a whole number from -1,000,000 to 1,000,000, not 0"), field="change")
    with transaction.atomic():
        locked = Member.objects.select_for_update().get(pk=member.pk)
        if locked.status != MemberStatus.ACTIVE:
            raise NotFound()
        entry = _points_entry(
            actor=actor, member=locked, store=store, kind=PointsKind.ADJUST, change=change, reason=reason
        )
        audit_record(
            actor=actor,
            action=AuditAction.POINTS_ADJUSTED,
            target=locked,
            detail={"change": change, "balanceAfter": entry.balance_after, "reason": reason, "entryId": entry.pk},
        )
    return entry


def cancellation_apply(*, actor: Actor, member: Member, store: OrgUnit, reason: str) -> CancellationRequest:
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("please enter the reason"), field="reason")
    if len(reason) > REMARK_MAX_LENGTH:
        raise InvalidInput(_("the reason can have at most 200 characters"), field="reason")
    with transaction.atomic():
        member = Member.objects.select_for_update().get(pk=member.pk)
        if member.status != MemberStatus.ACTIVE:
            raise Conflict(_("this member is already cancelled"))
        with constraint_errors({"cancellation_one_pending_per_member": CancellationPending}):
            request = CancellationRequest.objects.create(
                member=member,
                store=store,
                reason=reason,
                phone_masked=mask_phone(member.phone),
                requested_by_id=actor.user_id,
            )
        audit_record(
            actor=actor,
            action=AuditAction.CANCELLATION_REQUESTED,
            target=member,
            detail={"requestId": request.pk, "reason": reason},
        )
    return request


def _anonymise(*, actor: Actor, member: Member, store: OrgUnit) -> None:
    """Removes the personal data, keeps the member code and every ledger row. Remaining points lapse
    through a ledger entry, so the ledger still sums to the balance."""
    if member.points:
        _points_entry(
            actor=actor,
            member=member,
            store=store,
            kind=PointsKind.CANCELLATION,
            change=-member.points,
            reason=_("member file cancelled"),
        )
    member.name = ANONYMISED_NAME
    member.phone = ""
    member.birthday = None
    member.card_no = ""
    member.introducer = None
    member.sms_consent = False
    member.remark = ""
    member.status = MemberStatus.CANCELLED
    member.save()
    member.labels.clear()
    audit_record(actor=actor, action=AuditAction.MEMBER_ANONYMISED, target=member, detail={})


def cancellation_decide(
    *, actor: Actor, request: CancellationRequest, approve: bool, remark: str = ""
) -> CancellationRequest:
    remark = (remark or "").strip()
    if len(remark) > REMARK_MAX_LENGTH:
        raise InvalidInput(_("the remark can have at most 200 characters"), field="remark")
    with transaction.atomic():
        request = CancellationRequest.objects.select_for_update().select_related("store").get(pk=request.pk)
        if request.status != CancellationStatus.PENDING:
            raise Conflict(_("this request has already been decided"))
        request.status = CancellationStatus.APPROVED if approve else CancellationStatus.REJECTED
        request.decided_by_id = actor.user_id
        request.decided_at = timezone.now()
        request.decision_remark = remark
        request.save()
        if approve:
            member = Member.objects.select_for_update().get(pk=request.member_id)
            _anonymise(actor=actor, member=member, store=request.store)
        audit_record(
            actor=actor,
            action=AuditAction.CANCELLATION_DECIDED,
            target=request,
            detail={"memId": request.member_id, "approved": approve, "remark": remark},
        )
    return request


def member_lock(*, member_id: int) -> None:
    """Locks the member's row until the caller's transaction ends, so two writes that each check
    the member's other rows (booking's "member already booked") take turns instead of both passing."""
    Member.objects.select_for_update().filter(pk=member_id).values_list("pk", flat=True).first()


def member_visited(*, member_id: int, at: datetime) -> None:
    """A visit (a reservation's arrival, later a paid order) moves the member's last visit forward."""
    Member.objects.filter(pk=member_id).filter(
        models.Q(last_visit_at__isnull=True) | models.Q(last_visit_at__lt=at)
    ).update(last_visit_at=at)
