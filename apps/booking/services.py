"""Reservation use cases: save (create or edit), force over soft conflicts, move, status changes.
Each runs in one transaction with its history row and system-log entry. The nurse's row and then the
person's (the member's row, or a walk-in's phone) are locked before the checks, so two bookings of
one nurse or of one person queue instead of racing; the exclusion constraint backs the nurse's up
whatever path writes."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from typing import Any, Unpack

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.booking import rules
from apps.booking.choices import (
    BILLABLE_STATUSES,
    OVERRIDABLE_PROBLEMS,
    UNDOABLE_STATUSES,
    AuditAction,
    CancelReason,
    ChangeKind,
    ProblemCode,
    ReservationStatus,
)
from apps.booking.drafts import (
    Draft,
    Problem,
    ReservationFields,
    bookable_nurse,
    draft_from,
    problems_of,
)
from apps.booking.errors import (
    NotStartedYet,
    NotTheReservationsDay,
    ReservationBilled,
    ReservationConflict,
    UndoTooLate,
    WrongStatus,
)
from apps.booking.models import Reservation, ReservationChange, ReservationProject
from apps.core.audit import Actor, audit_record
from apps.core.constraints import constraint_errors
from apps.core.errors import InvalidInput
from apps.core.json_types import JsonObject
from apps.core.phones import mask_phone
from apps.members.services import member_lock, member_visit_taken_back, member_visited
from apps.org.models import OrgUnit
from apps.staff.models import Employee

# The first key of the advisory locks that stand in for a walk-in's row (_lock_person).
WALK_IN_LOCK_SPACE = 51021

# action -> (statuses it starts from, status it leads to)
TRANSITIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "arrival": ((ReservationStatus.BOOKED,), ReservationStatus.ARRIVED),
    "startService": ((ReservationStatus.ARRIVED,), ReservationStatus.IN_SERVICE),
    "finish": ((ReservationStatus.IN_SERVICE,), ReservationStatus.DONE),
    "noShow": ((ReservationStatus.BOOKED,), ReservationStatus.NO_SHOW),
    "inValid": ((ReservationStatus.BOOKED, ReservationStatus.ARRIVED), ReservationStatus.CANCELLED),
}


def _snapshot(reservation: Reservation) -> JsonObject:
    return {
        "nurseId": reservation.nurse_id,
        "start": reservation.start.isoformat() if reservation.start else None,
        "end": reservation.end.isoformat() if reservation.end else None,
        "status": reservation.status,
        "name": reservation.name,
        "phone": mask_phone(reservation.phone),
        "source": reservation.source,
        "remark": reservation.remark,
    }


def _history(actor: Actor, reservation: Reservation, kind: str, before: JsonObject, **extra: Any) -> None:
    """One history row: on a change only the fields that changed, on a booking the whole snapshot."""
    after = _snapshot(reservation)
    if before:
        changed = [key for key in after if before.get(key) != after[key]]
        before, after = {key: before[key] for key in changed}, {key: after[key] for key in changed}
    ReservationChange.objects.create(
        reservation=reservation,
        kind=kind,
        before=before,
        after={**after, **extra},
        by_id=actor.user_id,
        by_name=actor.login_name[:40],
    )


def _lock_nurse(nurse: Employee | None) -> None:
    if nurse is not None:
        Employee.objects.select_for_update().filter(pk=nurse.pk).first()


def _lock_person(draft: Draft) -> None:
    """Bookings of one person take turns, so the "member already booked" check of each sees the
    other's row (without a nurse nothing else serialises them). A member's row is locked; a walk-in
    has no row, so a transaction-level advisory lock on the phone stands in for it."""
    if draft.member is not None:
        member_lock(member_id=draft.member.pk)
    elif draft.phone:
        digest = hashlib.sha256(f"{draft.area_code}|{draft.phone}".encode()).digest()
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(%s, %s)",
                [WALK_IN_LOCK_SPACE, int.from_bytes(digest[:4], "big", signed=True)],
            )


def _write(reservation: Reservation) -> None:
    """Saves; the exclusion constraint's refusal (a nurse booked twice) becomes RES-51021."""
    with constraint_errors(
        {"reservation_nurse_no_overlap": lambda: ReservationConflict([Problem.of(ProblemCode.NURSE_BUSY)])}
    ):
        reservation.save()


def _apply(reservation: Reservation, draft: Draft) -> None:
    reservation.member = draft.member
    reservation.name = draft.name
    reservation.area_code = draft.area_code
    reservation.phone = draft.phone
    reservation.nurse = draft.nurse
    reservation.start = draft.start
    reservation.end = draft.end
    reservation.source = draft.source
    reservation.remark = draft.remark


def reservation_save(
    *,
    actor: Actor,
    store: OrgUnit,
    reservation: Reservation | None = None,
    force: bool = False,
    **fields: Unpack[ReservationFields],
) -> Reservation:
    """saveOrUpdate (force False) and forceUpdate (force True). Any problem refuses the save with
    RES-51021 and its list; force overrides the soft ones (off duty, opening hours, member booked)
    but never a nurse booked twice. Editing a walk-in without a phone keeps the stored one (the
    pages only ever see it masked)."""
    if reservation is not None and fields.get("member_id") is None and not fields.get("phone"):
        fields = {**fields, "area_code": reservation.area_code, "phone": reservation.phone}
    draft = draft_from(store, **fields)
    with transaction.atomic():
        _lock_nurse(draft.nurse)
        if reservation is not None:
            reservation = Reservation.objects.select_for_update().get(pk=reservation.pk)
            if reservation.status != ReservationStatus.BOOKED:
                raise WrongStatus()
        _lock_person(draft)
        problems = problems_of(draft, reservation_id=reservation.pk if reservation else None)
        blocking = [p for p in problems if not (force and p.code in OVERRIDABLE_PROBLEMS)]
        if blocking:
            raise ReservationConflict(problems if not force else blocking)
        created = reservation is None
        before = {} if reservation is None else _snapshot(reservation)
        if reservation is None:
            reservation = Reservation(store=store, created_by_id=actor.user_id)
        _apply(reservation, draft)
        reservation.forced = reservation.forced or bool(force and problems)
        _write(reservation)
        reservation.lines.all().delete()
        ReservationProject.objects.bulk_create(
            ReservationProject(reservation=reservation, project=p, name=p.name, minutes=draft.minutes_by_project[p.pk])
            for p in draft.projects
        )
        projects = [p.name for p in draft.projects]
        if force and problems:
            _history(actor, reservation, ChangeKind.FORCED, before, overridden=[p.code for p in problems])
            audit_record(
                actor=actor,
                action=AuditAction.RESERVATION_FORCED,
                target=reservation,
                detail={"overridden": [p.code for p in problems], "projects": projects},
            )
        else:
            _history(actor, reservation, ChangeKind.CREATED if created else ChangeKind.EDITED, before)
            audit_record(
                actor=actor,
                action=AuditAction.RESERVATION_SAVED,
                target=reservation,
                detail={"created": created, "projects": projects, "start": reservation.start.isoformat()},
            )
    return reservation


def reservation_move(
    *, actor: Actor, reservation: Reservation, nurse_id: int | None, start: datetime | None, keep_nurse: bool
) -> Reservation:
    """The board's drag: another nurse and/or start, the same length; the same checks as a save."""
    with transaction.atomic():
        reservation = Reservation.objects.select_for_update(of=("self",)).select_related("store").get(pk=reservation.pk)
        if reservation.status != ReservationStatus.BOOKED:
            raise WrongStatus()
        nurse = reservation.nurse if keep_nurse else bookable_nurse(reservation.store, nurse_id)
        _lock_nurse(nurse)
        new_start = start or reservation.start
        draft = Draft(
            store=reservation.store,
            member=reservation.member,
            name=reservation.name,
            area_code=reservation.area_code,
            phone=reservation.phone,
            nurse=nurse,
            projects=[],
            start=new_start,
            end=new_start + timedelta(minutes=reservation.minutes),
            source=reservation.source,
            remark=reservation.remark,
        )
        _lock_person(draft)
        problems = problems_of(draft, reservation_id=reservation.pk)
        if problems:
            raise ReservationConflict(problems)
        before = _snapshot(reservation)
        reservation.nurse, reservation.start, reservation.end = nurse, draft.start, draft.end
        _write(reservation)
        _history(actor, reservation, ChangeKind.MOVED, before)
        audit_record(
            actor=actor,
            action=AuditAction.RESERVATION_MOVED,
            target=reservation,
            detail={"from": before, "to": _snapshot(reservation)},
        )
    return reservation


def _check_timing(reservation: Reservation, action: str) -> None:
    """Arrival and service happen on the reservation's day; a no-show once its start has passed."""
    now = timezone.now()
    if action in ("arrival", "startService") and timezone.localdate(reservation.start) != timezone.localdate(now):
        raise NotTheReservationsDay()
    if action == "noShow" and now < reservation.start:
        raise NotStartedYet()


def reservation_status_change(
    *,
    actor: Actor,
    reservation: Reservation,
    action: str,
    reason: str = "",
    remark: str = "",
    nurse_id: int | None = None,
) -> Reservation:
    """arrival, startService, finish, noShow, inValid (cancel with a reason). Arrival counts as the
    member's visit. Service on an any-nurse reservation starts with the nurse who gives it."""
    starts_from, leads_to = TRANSITIONS[action]
    if action == "inValid" and reason not in CancelReason.values:
        raise InvalidInput(_("please choose a cancellation reason"), field="reason")
    remark = rules.check_remark(remark)
    with transaction.atomic():
        reservation = Reservation.objects.select_for_update(of=("self",)).select_related("store").get(pk=reservation.pk)
        if reservation.status not in starts_from:
            raise WrongStatus()
        _check_timing(reservation, action)
        before = _snapshot(reservation)
        if action == "startService" and reservation.nurse_id is None:
            if nurse_id is None:
                raise InvalidInput(_("please choose the nurse who gives the service"), field="nurseId")
            nurse = bookable_nurse(reservation.store, nurse_id)
            _lock_nurse(nurse)
            reservation.nurse = nurse
        reservation.status = leads_to
        if action == "arrival":
            reservation.arrived_at = timezone.now()
            if reservation.member_id is not None:
                reservation.last_visit_before = member_visited(
                    member_id=reservation.member_id, at=reservation.arrived_at
                )
        if action == "inValid":
            reservation.cancel_reason, reservation.cancel_remark = reason, remark
        # The exclusion constraint refuses a nurse already busy then (RES-51021).
        _write(reservation)
        extra = {"reason": reason, "remark": remark} if action == "inValid" else {}
        _history(actor, reservation, ChangeKind.STATUS, before, **extra)
        audit_record(
            actor=actor,
            action=AuditAction.RESERVATION_STATUS,
            target=reservation,
            detail={"action": action, "from": before["status"], "to": leads_to, **extra},
        )
    return reservation


def _arrival_taken_back(reservation: Reservation) -> None:
    if reservation.member_id is not None and reservation.arrived_at is not None:
        member_visit_taken_back(
            member_id=reservation.member_id, visited_at=reservation.arrived_at, before=reservation.last_visit_before
        )
    reservation.arrived_at, reservation.last_visit_before = None, None


def reservation_status_undo(*, actor: Actor, reservation: Reservation, reason: str) -> Reservation:
    """Takes back an arrival, a no-show or a cancellation on the day it was set, with a reason: the
    reservation returns to the status it had before (the history's last status change), and the
    history and the system log name both."""
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("please give a reason"), field="reason")
    reason = rules.check_remark(reason, field="reason")
    with transaction.atomic():
        reservation = Reservation.objects.select_for_update().get(pk=reservation.pk)
        if reservation.status not in UNDOABLE_STATUSES:
            raise WrongStatus()
        change = (
            reservation.changes.filter(kind=ChangeKind.STATUS, after__status=reservation.status)
            .order_by("-at", "-pk")
            .first()
        )
        if change is None or "status" not in change.before:
            raise WrongStatus()
        if timezone.localdate(change.at) != timezone.localdate():
            raise UndoTooLate()
        before = _snapshot(reservation)
        if reservation.status == ReservationStatus.ARRIVED:
            _arrival_taken_back(reservation)
        reservation.status = change.before["status"]
        reservation.cancel_reason, reservation.cancel_remark = "", ""
        # A nurse booked meanwhile in the freed time keeps her booking (RES-51021).
        _write(reservation)
        _history(actor, reservation, ChangeKind.UNDONE, before, reason=reason)
        audit_record(
            actor=actor,
            action=AuditAction.RESERVATION_UNDONE,
            target=reservation,
            detail={"from": before["status"], "to": reservation.status, "reason": reason},
        )
    return reservation


def reservation_billed(*, actor: Actor, reservation_id: int, order_no: str) -> Reservation:
    """The reservation billed by an order (billing's commit, or a group-buy coupon served for it):
    done, naming the order, so it leaves the till's and the write-off's lists of today. Runs in the
    caller's transaction under the reservation's row lock: of two orders at once from one reservation
    the second finds it billed (409 RES-40907). One still booked counts its arrival now (the member's
    visit), as marking the arrival would have; a cancelled or missed one is refused (RES-40901)."""
    with transaction.atomic():
        reservation = Reservation.objects.select_for_update(of=("self",)).get(pk=reservation_id)
        if reservation.billed_order_no:
            raise ReservationBilled(reservation.billed_order_no)
        if reservation.status not in BILLABLE_STATUSES:
            raise WrongStatus()
        before = _snapshot(reservation)
        if reservation.status == ReservationStatus.BOOKED:
            reservation.arrived_at = timezone.now()
            if reservation.member_id is not None:
                reservation.last_visit_before = member_visited(
                    member_id=reservation.member_id, at=reservation.arrived_at
                )
        reservation.status = ReservationStatus.DONE
        reservation.billed_order_no = order_no
        _bill_written(actor, reservation, before, order_no, billed=True)
    return reservation


def reservation_unbilled(*, actor: Actor, reservation_id: int, order_no: str) -> Reservation | None:
    """The order that billed the reservation was cancelled unpaid: the reservation is no longer
    billed and returns to the status it had before (an arrival the bill counted is taken back), so
    the till offers it again. Nothing changes when another order billed it (None then)."""
    with transaction.atomic():
        reservation = Reservation.objects.select_for_update(of=("self",)).get(pk=reservation_id)
        if reservation.billed_order_no != order_no:
            return None
        billed = reservation.changes.filter(kind=ChangeKind.BILLED).order_by("-at", "-pk").first()
        before = _snapshot(reservation)
        earlier = billed.before.get("status") if billed is not None else None
        if earlier == ReservationStatus.BOOKED:
            _arrival_taken_back(reservation)
        if earlier:
            reservation.status = earlier
        reservation.billed_order_no = ""
        # A nurse booked meanwhile in the time it frees keeps her booking (RES-51021).
        _bill_written(actor, reservation, before, order_no, billed=False)
    return reservation


def _bill_written(actor: Actor, reservation: Reservation, before: JsonObject, order_no: str, *, billed: bool) -> None:
    """Saves a reservation billed or unbilled by `order_no`, with its history row and system log."""
    _write(reservation)
    _history(actor, reservation, ChangeKind.BILLED if billed else ChangeKind.UNBILLED, before, orderNo=order_no)
    audit_record(
        actor=actor,
        action=AuditAction.RESERVATION_BILLED if billed else AuditAction.RESERVATION_UNBILLED,
        target=reservation,
        detail={"orderNo": order_no, "from": before["status"], "to": reservation.status},
    )
