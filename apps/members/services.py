"""Writes of the members area: create and edit member files, SMS consent, points, cancellation.
Each use case runs in one transaction with its system-log entry; points change under a row lock."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any, TypedDict, Unpack

from django.db import transaction
from django.db.models import Expression, Q, QuerySet, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.audit import Actor, audit_record
from apps.core.business_days import business_day, check_day_open
from apps.core.constraints import constraint_errors
from apps.core.errors import Conflict, DomainError, InvalidInput, NotFound
from apps.core.held_writes import update_at_close
from apps.core.phones import mask_phone
from apps.core.transactions import use_case_atomic
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
from apps.members.phone_watch import phone_views_watch
from apps.org.models import OrgUnit


class MemberFields(TypedDict, total=False):
    """The fields of a member file a store sets; a field left out is not changed (not set at all on a
    new file: the model's default)."""

    name: str
    area_code: str
    phone: str
    gender: str
    birthday: date | None
    crm_code: str
    card_no: str
    source: str
    occupation: str
    income: str
    education: str
    marital_status: str
    sms_consent: bool
    remark: str
    introducer_id: int | None
    label_ids: list[int]


# The member's own fields, in the order the system log lists them, with the names the log and the
# field errors give them (the API's names).
PLAIN_FIELDS = {
    "name": "name",
    "area_code": "areaCode",
    "phone": "phone",
    "crm_code": "crmCode",
    "card_no": "cardNo",
    "birthday": "birthday",
    "gender": "gender",
    "source": "source",
    "occupation": "occupation",
    "income": "income",
    "education": "education",
    "marital_status": "maritalStatus",
    "remark": "remark",
    "sms_consent": "smsConsent",
}
_MASTER_FIELDS = {
    "gender": MasterType.GENDER,
    "source": MasterType.MEMBER_SOURCE,
    "occupation": MasterType.OCCUPATION,
    "income": MasterType.INCOME,
    "education": MasterType.STAFF_EDUCATION,
    "marital_status": MasterType.MARITAL_STATUS,
}
_UNIQUE_ERRORS: dict[str, Callable[[], DomainError]] = {
    "member_phone_unique": PhoneTaken,
    "member_code_unique": MemberCodeTaken,
    "member_card_no_unique": CardNoTaken,
}


def _check_master_code(field: str, code: str) -> str:
    code = (code or "").strip()
    if code and not MasterItem.objects.filter(type=_MASTER_FIELDS[field], code=code, enabled=True).exists():
        raise InvalidInput(_("please choose a value from the list"), field=PLAIN_FIELDS[field])
    return code


def _clean(fields: MemberFields, today: date) -> dict[str, object]:
    """The given plain fields, checked, by model field; a field not given is not in the answer."""
    clean: dict[str, object] = {}
    if "name" in fields:
        clean["name"] = rules.check_name(fields["name"])
    if "area_code" in fields or "phone" in fields:
        clean["area_code"], clean["phone"] = rules.check_phone(fields.get("area_code"), fields.get("phone"))
    for code in ("crm_code", "card_no"):
        if code in fields:
            clean[code] = rules.check_code(fields[code], PLAIN_FIELDS[code])
    if "birthday" in fields:
        clean["birthday"] = rules.check_birthday(fields["birthday"], today)
    given: dict[str, Any] = dict(fields)
    for master in _MASTER_FIELDS:
        if master in given:
            clean[master] = _check_master_code(master, given[master])
    if "remark" in fields:
        remark = (fields["remark"] or "").strip()
        if len(remark) > REMARK_MAX_LENGTH:
            raise InvalidInput(_("the remark can have at most 200 characters"), field="remark")
        clean["remark"] = remark
    if "sms_consent" in fields:
        clean["sms_consent"] = bool(fields["sms_consent"])
    return {field: clean[field] for field in PLAIN_FIELDS if field in clean}


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


def _logged(value: Any) -> Any:
    return value.isoformat() if isinstance(value, date) else value


def member_create(*, actor: Actor, store: OrgUnit, **fields: Unpack[MemberFields]) -> Member:
    """A new member file at `store` (newMember, stoSaveMember). Name, area code and phone are
    required; the database keeps one member per area code and phone, member code and card number."""
    fields.setdefault("name", "")
    fields.setdefault("phone", "")
    clean = _clean(fields, timezone.localdate())
    with transaction.atomic():
        member = Member(home_store=store, **clean)
        member.introducer = _introducer(fields.get("introducer_id"), None)
        if member.sms_consent:
            member.sms_consent_updated_at = timezone.now()
        labels = _labels(fields.get("label_ids"))
        _save(member)
        member.labels.set(labels)
        audit_record(
            actor=actor,
            action=AuditAction.MEMBER_CREATED,
            target=member,
            detail={
                "fields": {PLAIN_FIELDS[field]: _logged(value) for field, value in clean.items() if field != "phone"},
                "phone": mask_phone(member.phone),
                "labels": [label.pk for label in labels],
            },
        )
    return member


def member_update(*, actor: Actor, member: Member, **changes: Unpack[MemberFields]) -> Member:
    """Changes the given fields of a member file (stoUpdateMember); `label_ids` replaces the set.
    Logs each change as [old, new], phones masked."""
    if ("phone" in changes) != ("area_code" in changes):
        changes = {"area_code": member.area_code, "phone": member.phone, **changes}
    clean = _clean(changes, timezone.localdate())
    with transaction.atomic():
        member = Member.objects.select_for_update(no_key=True).get(pk=member.pk)
        if member.status != MemberStatus.ACTIVE:
            raise NotFound()
        changed: dict[str, list[Any]] = {}
        for field, value in clean.items():
            before = getattr(member, field)
            if before != value:
                masked = field == "phone"
                logged = [mask_phone(before), mask_phone(str(value))] if masked else [_logged(before), _logged(value)]
                changed[PLAIN_FIELDS[field]] = logged
                setattr(member, field, value)
        if "smsConsent" in changed:
            member.sms_consent_updated_at = timezone.now()
        if "introducer_id" in changes:
            introducer = _introducer(changes["introducer_id"], member.pk)
            if member.introducer_id != (introducer.pk if introducer else None):
                changed["introducerId"] = [member.introducer_id, introducer.pk if introducer else None]
                member.introducer = introducer
        if "label_ids" in changes:
            labels = _labels(changes["label_ids"])
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


class WholePhone(TypedDict):
    """A member's whole phone, shown on request and logged (WholePhoneOutputSerializer)."""

    memId: int
    areaCode: str
    phone: str


def sms_consent_set(*, actor: Actor, member: Member, consent: bool) -> Member:
    return member_update(actor=actor, member=member, sms_consent=consent)


def whole_phone_viewed(*, actor: Actor, member: Member) -> WholePhone:
    """The whole phone for the member's own page; each view is in the system log (spec §6), and many
    views in a short time are told to the store's owner (apps.members.phone_watch)."""
    with transaction.atomic():
        audit_record(actor=actor, action=AuditAction.PHONE_VIEWED, target=member, detail={})
        phone_views_watch(actor=actor)
    return {"memId": member.pk, "areaCode": member.area_code, "phone": member.phone}


def _operator_name(actor: Actor) -> str:
    return actor.login_name[:40]


def _points_entry(
    *,
    actor: Actor,
    member: Member,
    store: OrgUnit | None,
    kind: str,
    change: int,
    reason: str,
    order_id: int | None = None,
    refund_id: int | None = None,
) -> PointsEntry:
    """Adds `change` to a member locked by the caller and writes its ledger entry, dated today at
    `store`: refused (409 DAY-40901) when the store's day is closed."""
    check_day_open(store_id=store.pk if store is not None else None, day=business_day())
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
        order_id=order_id,
        refund_id=refund_id,
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
        locked = Member.objects.select_for_update(no_key=True).get(pk=member.pk)
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


def _order_points(
    *, actor: Actor, member_id: int, store: OrgUnit, kind: str, change: int, order_id: int, reason: str
) -> PointsEntry:
    with transaction.atomic():
        member = Member.objects.select_for_update(no_key=True).get(pk=member_id)
        if member.status != MemberStatus.ACTIVE:
            raise NotFound()
        return _points_entry(
            actor=actor, member=member, store=store, kind=kind, change=change, reason=reason[:100], order_id=order_id
        )


def points_spend(
    *, actor: Actor, member_id: int, store: OrgUnit, points: int, order_id: int, order_no: str = ""
) -> PointsEntry:
    """Pays part of an order with `points` of the member; 409 MEM-40904 when the member has fewer."""
    if points <= 0:
        raise InvalidInput(_("the points must be above 0"), field="amount")
    return _order_points(
        actor=actor,
        member_id=member_id,
        store=store,
        kind=PointsKind.SPEND,
        change=-points,
        order_id=order_id,
        reason=_("paid order %(order)s") % {"order": order_no or order_id},
    )


def points_earn(
    *, actor: Actor, member_id: int, store: OrgUnit, points: int, order_id: int, order_no: str = ""
) -> PointsEntry | None:
    """Points earned on a paid order (none when `points` is 0, nor for a member file since closed:
    its points lapsed with it)."""
    if points <= 0 or not Member.objects.filter(pk=member_id, status=MemberStatus.ACTIVE).exists():
        return None
    return _order_points(
        actor=actor,
        member_id=member_id,
        store=store,
        kind=PointsKind.EARN,
        change=points,
        order_id=order_id,
        reason=_("earned on order %(order)s") % {"order": order_no or order_id},
    )


def cancellation_apply(*, actor: Actor, member: Member, store: OrgUnit, reason: str) -> CancellationRequest:
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("please enter the reason"), field="reason")
    if len(reason) > REMARK_MAX_LENGTH:
        raise InvalidInput(_("the reason can have at most 200 characters"), field="reason")
    with transaction.atomic():
        member = Member.objects.select_for_update(no_key=True).get(pk=member.pk)
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
        request = CancellationRequest.objects.select_for_update(of=("self",)).select_related("store").get(pk=request.pk)
        if request.status != CancellationStatus.PENDING:
            raise Conflict(_("this request has already been decided"))
        request.status = CancellationStatus.APPROVED if approve else CancellationStatus.REJECTED
        request.decided_by_id = actor.user_id
        request.decided_at = timezone.now()
        request.decision_remark = remark
        request.save()
        if approve:
            member = Member.objects.select_for_update(no_key=True).get(pk=request.member_id)
            _anonymise(actor=actor, member=member, store=request.store)
        audit_record(
            actor=actor,
            action=AuditAction.CANCELLATION_DECIDED,
            target=request,
            detail={"memId": request.member_id, "approved": approve, "remark": remark},
        )
    return request


def member_locking(member_id: int | Expression | Subquery) -> QuerySet[Member]:
    """The member's row as `member_lock` locks it, for a caller that reads it with other rows in one
    statement (apps.core.query_shapes.read_together); `member_id` may be a subquery."""
    return Member.objects.select_for_update(no_key=True).filter(pk=member_id).only("pk")


def member_lock(*, member_id: int) -> None:
    """Locks the member's row until the caller's transaction ends, so two writes that each check
    the member's other rows (booking's "member already booked") take turns instead of both passing,
    and everything a payment changes for one member (cards, points, last visit) waits its turn."""
    member_locking(member_id).values_list("pk", flat=True).first()


def member_merged(*, actor: Actor, member: Member, into: Member, store: OrgUnit, reason: str) -> None:
    """Closes the duplicate file `member` into the person's kept file `into`, both locked by the
    caller: its points move by a pair of entries (nothing created or lost), its labels and last
    visit join the kept file's, and it is closed (cancelled) and points to the kept file. Its
    orders and reservations stay on it: they were made under it (receipts, staff credits, refunds
    name it) and are reached from the kept file through `merged_files`."""
    if member.pk == into.pk or member.status != MemberStatus.ACTIVE or into.status != MemberStatus.ACTIVE:
        raise NotFound(_("no such member"))
    reason = reason[:POINTS_REASON_MAX_LENGTH]
    if member.points:
        moved = member.points
        _points_entry(actor=actor, member=member, store=store, kind=PointsKind.MERGE_OUT, change=-moved, reason=reason)
        _points_entry(actor=actor, member=into, store=store, kind=PointsKind.MERGE_IN, change=moved, reason=reason)
    into.labels.add(*member.labels.all())
    if member.last_visit_at is not None and (into.last_visit_at is None or into.last_visit_at < member.last_visit_at):
        into.last_visit_at = member.last_visit_at
        into.save(update_fields=["last_visit_at", "updated_at"])
    member.status = MemberStatus.CANCELLED
    member.merged_into = into
    member.save(update_fields=["status", "merged_into", "updated_at"])


def member_visited(*, member_id: int, at: datetime) -> datetime | None:
    """A visit (a reservation's arrival, later a paid order) moves the member's last visit forward.
    Answers the last visit as it was before, which `member_visit_taken_back` restores."""
    before = (
        Member.objects.select_for_update(no_key=True)
        .filter(pk=member_id)
        .values_list("last_visit_at", flat=True)
        .first()
    )
    if before is None or before < at:
        Member.objects.filter(pk=member_id).update(last_visit_at=at)
    return before


def member_visit_forward(*, member_id: int, at: datetime) -> None:
    """`member_visited` for a caller that needs no answer: one conditional update, which a command
    writes with its answer (apps.core.held_writes): nothing in a payment reads it back."""
    visited = Member.objects.filter(pk=member_id).filter(Q(last_visit_at__isnull=True) | Q(last_visit_at__lt=at))
    update_at_close(visited, row=member_id, last_visit_at=at)


def member_visit_taken_back(*, member_id: int, visited_at: datetime, before: datetime | None) -> None:
    """A visit recorded at `visited_at` did not happen (an arrival undone): the last visit goes back to
    `before`, unless a later visit has been recorded since (then that one stands)."""
    Member.objects.filter(pk=member_id, last_visit_at=visited_at).update(last_visit_at=before)


def points_refund(
    *, actor: Actor, member_id: int, store: OrgUnit, points: int, order_id: int, refund_id: int, refund_no: str
) -> PointsEntry:
    """Gives back `points` a refunded order was paid with (billing's refund)."""
    if points <= 0:
        raise InvalidInput(_("the points must be above 0"), field="amount")
    with use_case_atomic():
        member = Member.objects.select_for_update(no_key=True).get(pk=member_id)
        return _points_entry(
            actor=actor,
            member=member,
            store=store,
            kind=PointsKind.REFUND,
            change=points,
            reason=(_("returned by refund %(refund)s") % {"refund": refund_no})[:100],
            order_id=order_id,
            refund_id=refund_id,
        )


def points_take_back(
    *, actor: Actor, member_id: int, store: OrgUnit, points: int, order_id: int, refund_id: int, refund_no: str
) -> int:
    """Takes back up to `points` earned on a refunded order: as many as the member still holds
    (points cannot go below 0; docs/decisions/0011-refunds.md). Answers how many were taken."""
    if points <= 0:
        return 0
    with use_case_atomic():
        member = Member.objects.select_for_update(no_key=True).get(pk=member_id)
        taken = min(points, member.points)
        if taken:
            _points_entry(
                actor=actor,
                member=member,
                store=store,
                kind=PointsKind.REFUND_OUT,
                change=-taken,
                reason=(_("taken back by refund %(refund)s") % {"refund": refund_no})[:100],
                order_id=order_id,
                refund_id=refund_id,
            )
        return taken
