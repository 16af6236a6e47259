"""Writes of member move-ins (会员迁入, issue 17 §2): a store takes over a member of another store or
brand with the cards they still hold there. The store saves a draft (the member found by phone or
described as new, the old cards, the new card type of each, photos of the old cards), commits it for
approval, and an approver with BTN-HYQR-MOVEIN-APPROVE decides it in the approval centre.

Approving opens the new cards, which live a floor higher (apps.cards.move_in registers the approval
kind and runs in the decision's transaction): it calls `move_in_for_approval`, `move_in_member` and
`move_in_approved` here, so the member file is found or filed by the members app's own service and
the move-in is marked with what was opened, all in one transaction. A rejection (or the applicant
withdrawing the request) sends the move-in back (`move_in_sent_back`).

The value rule (docs/api.md "Member move-in"): a stored-value old card's new card gets its remaining
balance × the line's old-card coefficient (0 < coefficient ≤ 1), rounded half up to the cent, as
principal; a package card's new card gets each project's remaining sessions one for one."""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, TypedDict

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.approvals.choices import ApprovalStatus
from apps.approvals.models import ApprovalRequest
from apps.approvals.services import request_approval
from apps.catalog.choices import CardKind
from apps.catalog.models import CardType, Project
from apps.catalog.selectors import card_type_search, project_search
from apps.core.audit import Actor, audit_record
from apps.core.bounds import shown
from apps.core.errors import Conflict, InvalidInput
from apps.core.json_types import JsonObject
from apps.core.money import round_money
from apps.core.phones import mask_phone
from apps.core.transactions import use_case_atomic
from apps.members import rules
from apps.members.choices import (
    MOVE_IN_APPROVAL_KIND,
    MOVE_IN_ATTACHMENT_MAX_BYTES,
    MOVE_IN_ATTACHMENT_NAME_MAX_LENGTH,
    MOVE_IN_CARD_NAME_MAX_LENGTH,
    MOVE_IN_CARD_NO_MAX_LENGTH,
    MOVE_IN_EDITABLE,
    MOVE_IN_MAX_ATTACHMENTS,
    MOVE_IN_MAX_BALANCE,
    MOVE_IN_MAX_LINES,
    MOVE_IN_MAX_SESSION_PROJECTS,
    MOVE_IN_MAX_SESSIONS,
    MOVE_IN_SOURCE_MAX_LENGTH,
    MOVE_IN_SUBJECT_TYPE,
    REMARK_MAX_LENGTH,
    MemberStatus,
    MoveInAuditAction,
    MoveInStatus,
)
from apps.members.errors import MoveInNotEditable
from apps.members.models import Member, MoveIn, MoveInAttachment, MoveInLine, MoveInSession
from apps.members.services import member_create
from apps.org.models import OrgUnit

ONE = Decimal("1")
COEFFICIENT_STEP = Decimal("0.0001")

# What an attachment may be, told by its first bytes (never by the name or the type the browser sent).
_SIGNATURES = (
    (b"\xff\xd8\xff", "image/jpeg", ".jpg"),
    (b"\x89PNG\r\n\x1a\n", "image/png", ".png"),
    (b"%PDF-", "application/pdf", ".pdf"),
)


@dataclass
class LineInput:
    """One old card as the form or an import row gives it."""

    old_card_name: str
    kind: str
    card_type_id: int
    old_card_no: str = ""
    old_balance: Decimal = Decimal("0")
    coefficient: Decimal = ONE
    expires_on: date | None = None
    sessions: list[tuple[int, int]] = field(default_factory=list)


@dataclass
class MoveInInput:
    """A move-in as the form or an import gives it: a member found by phone (`member_id`) or new."""

    source_store: str
    lines: list[LineInput]
    member_id: int | None = None
    name: str = ""
    area_code: str = "0086"
    phone: str = ""
    birthday: date | None = None
    source_brand: str = ""
    remark: str = ""


@dataclass(frozen=True)
class CheckedLine:
    line: LineInput
    card_type: CardType
    new_value: Decimal


def new_value_of(kind: str, old_balance: Decimal, coefficient: Decimal) -> Decimal:
    """The rule of docs/api.md: a stored-value card's new value is its remaining balance × the
    coefficient, rounded half up to the cent; a package card carries sessions, not money."""
    if kind != CardKind.STORED_VALUE:
        return Decimal("0.00")
    return round_money(old_balance * coefficient)


def _text(value: str, field_name: str, limit: int, *, required: bool = False, message: str = "") -> str:
    value = (value or "").strip()
    if required and not value:
        raise InvalidInput(message or _("required"), field=field_name)
    if len(value) > limit:
        raise InvalidInput(_("at most %(n)d characters") % {"n": limit}, field=field_name)
    return value


def _card_types(store: OrgUnit) -> dict[int, CardType]:
    return {card_type.pk: card_type for card_type in card_type_search(store_id=store.pk, enabled=True)}


def _projects(store: OrgUnit) -> dict[int, Project]:
    return {project.pk: project for project in project_search(store_id=store.pk, enabled=True)}


def _check_line(
    line: LineInput, index: int, card_types: dict[int, CardType], projects: dict[int, Project], today: date
) -> CheckedLine:
    where = f"lines[{index}]"
    line.old_card_name = _text(
        line.old_card_name,
        f"{where}.oldCardName",
        MOVE_IN_CARD_NAME_MAX_LENGTH,
        required=True,
        message=_("please enter the old card's name"),
    )
    line.old_card_no = _text(line.old_card_no, f"{where}.oldCardNo", MOVE_IN_CARD_NO_MAX_LENGTH)
    if line.kind not in CardKind.values:
        raise InvalidInput(_("the kind must be a stored-value card or a package card"), field=f"{where}.kind")
    card_type = card_types.get(line.card_type_id)
    if card_type is None:
        raise InvalidInput(_("choose a card type enabled in this store"), field=f"{where}.cardTypeId")
    if card_type.kind != line.kind:
        raise InvalidInput(_("the new card type must be of the same kind as the old card"), field=f"{where}.cardTypeId")
    if line.expires_on is not None and line.expires_on < today:
        raise InvalidInput(_("the old card has expired"), field=f"{where}.expiresOn")
    if line.kind == CardKind.STORED_VALUE:
        if line.sessions:
            raise InvalidInput(_("a stored-value card has no sessions"), field=f"{where}.sessions")
        if not line.old_balance.is_finite() or line.old_balance <= 0 or line.old_balance > MOVE_IN_MAX_BALANCE:
            raise InvalidInput(
                _("the remaining balance must be above 0 and at most %(most)s") % {"most": shown(MOVE_IN_MAX_BALANCE)},
                field=f"{where}.oldBalance",
            )
        if line.old_balance != line.old_balance.quantize(Decimal("0.01")):
            raise InvalidInput(_("at most 2 decimal places"), field=f"{where}.oldBalance")
        if not line.coefficient.is_finite() or not (0 < line.coefficient <= ONE):
            raise InvalidInput(_("the coefficient must be above 0 and at most 1"), field=f"{where}.coefficient")
        if line.coefficient != line.coefficient.quantize(COEFFICIENT_STEP):
            raise InvalidInput(_("at most 4 decimal places"), field=f"{where}.coefficient")
    else:
        # Sessions carry over one for one: a package line has no balance and no coefficient.
        line.old_balance, line.coefficient = Decimal("0"), ONE
        if not line.sessions:
            raise InvalidInput(_("please enter the sessions left of at least one project"), field=f"{where}.sessions")
        if len(line.sessions) > MOVE_IN_MAX_SESSION_PROJECTS:
            raise InvalidInput(_("at most 20 projects on one card"), field=f"{where}.sessions")
        seen: set[int] = set()
        for project_id, count in line.sessions:
            if project_id not in projects:
                raise InvalidInput(_("choose a project enabled in this store"), field=f"{where}.sessions")
            if project_id in seen:
                raise InvalidInput(_("the same project is listed twice"), field=f"{where}.sessions")
            seen.add(project_id)
            if not 0 < count <= MOVE_IN_MAX_SESSIONS:
                raise InvalidInput(
                    _("the sessions must be from 1 to %(most)s") % {"most": shown(MOVE_IN_MAX_SESSIONS)},
                    field=f"{where}.sessions",
                )
    return CheckedLine(line, card_type, new_value_of(line.kind, line.old_balance, line.coefficient))


class MoveInMemberFields(TypedDict):
    """Who the move-in is for, by the move-in's field names."""

    name: str
    area_code: str
    phone: str
    birthday: date | None


def _check_member(data: MoveInInput, today: date) -> tuple[Member | None, MoveInMemberFields]:
    """The member the move-in is for: the one named by id, else the one holding the phone (found by
    phone), else a new one described by name, phone and birthday."""
    if data.member_id is not None:
        member = Member.objects.filter(pk=data.member_id, status=MemberStatus.ACTIVE).first()
        if member is None:
            raise InvalidInput(_("unknown member"), field="memId")
        return member, {
            "name": member.name,
            "area_code": member.area_code,
            "phone": member.phone,
            "birthday": member.birthday,
        }
    area_code, phone = rules.check_phone(data.area_code, data.phone)
    found = Member.objects.filter(area_code=area_code, phone=phone, status=MemberStatus.ACTIVE).first()
    if found is not None:
        return found, {"name": found.name, "area_code": area_code, "phone": phone, "birthday": found.birthday}
    return None, {
        "name": rules.check_name(data.name),
        "area_code": area_code,
        "phone": phone,
        "birthday": rules.check_birthday(data.birthday, today),
    }


@dataclass(frozen=True)
class CheckedMoveIn:
    member: Member | None
    member_fields: MoveInMemberFields
    source_brand: str
    source_store: str
    remark: str
    lines: list[CheckedLine]


def move_in_check(
    *,
    store: OrgUnit,
    data: MoveInInput,
    card_types: dict[int, CardType] | None = None,
    projects: dict[int, Project] | None = None,
) -> CheckedMoveIn:
    """Every rule of a move-in, without writing (the form's save and each imported move-in)."""
    today = timezone.localdate()
    member, member_fields = _check_member(data, today)
    source_brand = _text(data.source_brand, "sourceBrand", MOVE_IN_SOURCE_MAX_LENGTH)
    source_store = _text(
        data.source_store,
        "sourceStore",
        MOVE_IN_SOURCE_MAX_LENGTH,
        required=True,
        message=_("please enter the store the member comes from"),
    )
    remark = _text(data.remark, "remark", REMARK_MAX_LENGTH)
    if not data.lines:
        raise InvalidInput(_("please add at least one old card"), field="lines")
    if len(data.lines) > MOVE_IN_MAX_LINES:
        raise InvalidInput(_("at most 20 old cards in one move-in"), field="lines")
    card_types = card_types if card_types is not None else _card_types(store)
    projects = projects if projects is not None else _projects(store)
    lines = [_check_line(line, index, card_types, projects, today) for index, line in enumerate(data.lines)]
    return CheckedMoveIn(member, member_fields, source_brand, source_store, remark, lines)


def _write_lines(move_in: MoveIn, lines: list[CheckedLine]) -> None:
    move_in.lines.all().delete()
    sessions: list[MoveInSession] = []
    for checked in lines:
        line = checked.line
        saved = MoveInLine.objects.create(
            move_in=move_in,
            old_card_name=line.old_card_name,
            old_card_no=line.old_card_no,
            kind=line.kind,
            old_balance=line.old_balance,
            coefficient=line.coefficient,
            new_value=checked.new_value,
            expires_on=line.expires_on,
            card_type=checked.card_type,
        )
        sessions.extend(
            MoveInSession(line=saved, project_id=project_id, sessions=count) for project_id, count in line.sessions
        )
    MoveInSession.objects.bulk_create(sessions)
    move_in.old_value = sum((checked.line.old_balance for checked in lines), Decimal("0"))
    move_in.new_value = sum((checked.new_value for checked in lines), Decimal("0"))
    move_in.sessions = sum(count for checked in lines for _project, count in checked.line.sessions)
    move_in.line_count = len(lines)


def _logged(move_in: MoveIn) -> JsonObject:
    return {
        "memberId": move_in.member_id,
        "name": move_in.name,
        "phone": mask_phone(move_in.phone),
        "sourceBrand": move_in.source_brand,
        "sourceStore": move_in.source_store,
        "lines": move_in.line_count,
        "oldValue": str(move_in.old_value),
        "newValue": str(move_in.new_value),
        "sessions": move_in.sessions,
    }


def _apply(move_in: MoveIn, checked: CheckedMoveIn) -> None:
    move_in.member = checked.member
    for name, value in checked.member_fields.items():
        setattr(move_in, name, value)
    move_in.source_brand, move_in.source_store, move_in.remark = (
        checked.source_brand,
        checked.source_store,
        checked.remark,
    )


def move_in_create(*, actor: Actor, store: OrgUnit, data: MoveInInput, checked: CheckedMoveIn | None = None) -> MoveIn:
    """A new draft move-in at `store` (storemembermoveinrest/save)."""
    checked = checked or move_in_check(store=store, data=data)
    with use_case_atomic():
        move_in = MoveIn(store=store, created_by_id=actor.user_id, created_by_name=actor.login_name[:40])
        _apply(move_in, checked)
        move_in.save()
        _write_lines(move_in, checked.lines)
        move_in.save(update_fields=["old_value", "new_value", "sessions", "line_count", "updated_at"])
        audit_record(actor=actor, action=MoveInAuditAction.SAVED, target=move_in, detail=_logged(move_in))
    return move_in


def _locked(move_in_id: int) -> MoveIn:
    return MoveIn.objects.select_for_update().get(pk=move_in_id)


def move_in_update(*, actor: Actor, move_in: MoveIn, data: MoveInInput) -> MoveIn:
    """Replaces a draft's (or a rejected move-in's) member, source and old cards
    (storemembermoveinrest/update); 409 MEM-40907 once it is committed or approved."""
    checked = move_in_check(store=move_in.store, data=data)
    with use_case_atomic():
        move_in = _locked(move_in.pk)
        if move_in.status not in MOVE_IN_EDITABLE:
            raise MoveInNotEditable()
        _apply(move_in, checked)
        _write_lines(move_in, checked.lines)
        move_in.save()
        audit_record(actor=actor, action=MoveInAuditAction.SAVED, target=move_in, detail=_logged(move_in))
    return move_in


def _forget_files(names: list[str]) -> None:
    """Removes stored files once the rows that named them are gone for good (after the commit)."""
    from django.core.files.storage import default_storage

    def forget() -> None:
        for name in names:
            default_storage.delete(name)

    transaction.on_commit(forget)


def move_in_delete(*, actor: Actor, move_in: MoveIn) -> None:
    """Deletes a draft with its lines and attachments (storemembermoveinrest/delete); a committed,
    approved or rejected move-in stays (it has an approval history)."""
    with use_case_atomic():
        move_in = _locked(move_in.pk)
        if move_in.status != MoveInStatus.DRAFT:
            raise MoveInNotEditable()
        files = list(move_in.attachments.values_list("file", flat=True))
        detail = _logged(move_in)
        audit_record(actor=actor, action=MoveInAuditAction.DELETED, target=move_in, detail=detail)
        move_in.delete()
        _forget_files(files)


def _subject(move_in: MoveIn) -> str:
    return f"{move_in.number} {move_in.name} {mask_phone(move_in.phone)} ← {move_in.source_store}"


def move_in_commit(*, actor: Actor, move_in: MoveIn) -> MoveIn:
    """Sends a draft (or a rejected move-in, corrected) for approval (storemembermoveinrest/commit):
    an approval request of kind member-move-in waits in the approval centre; nothing is opened yet."""
    with use_case_atomic():
        move_in = _locked(move_in.pk)
        if move_in.status not in MOVE_IN_EDITABLE:
            raise MoveInNotEditable()
        today = timezone.localdate()
        for index, line in enumerate(move_in.lines.all()):
            if line.expires_on is not None and line.expires_on < today:
                raise InvalidInput(_("the old card has expired"), field=f"lines[{index}].expiresOn")
        if not move_in.line_count:
            raise InvalidInput(_("please add at least one old card"), field="lines")
        request = request_approval(
            actor=actor,
            kind=MOVE_IN_APPROVAL_KIND,
            store_id=move_in.store_id,
            subject_type=MOVE_IN_SUBJECT_TYPE,
            subject_id=move_in.pk,
            subject=_subject(move_in),
            amount=move_in.new_value,
            payload={"lines": move_in.line_count, "sessions": move_in.sessions, "oldValue": str(move_in.old_value)},
            reason=move_in.remark,
        )
        move_in.status = MoveInStatus.SUBMITTED
        move_in.approval = request
        move_in.submitted_at = timezone.now()
        move_in.decision_remark = ""
        move_in.save(update_fields=["status", "approval", "submitted_at", "decision_remark", "updated_at"])
        audit_record(actor=actor, action=MoveInAuditAction.COMMITTED, target=move_in, detail={"approvalId": request.pk})
    return move_in


# -- the approval's hooks (called by apps.cards.move_in inside the decision's transaction) -------


def move_in_for_approval(*, move_in_id: int) -> MoveIn:
    """The move-in a decision acts on, under its row lock; it must be waiting for approval."""
    move_in = MoveIn.objects.select_for_update().filter(pk=move_in_id).first()
    if move_in is None or move_in.status != MoveInStatus.SUBMITTED:
        raise Conflict(_("the move-in is not waiting for approval"))
    return move_in


def move_in_member(*, actor: Actor, move_in: MoveIn) -> Member:
    """The member the approved move-in's cards go to: the one it named (still active), else the one
    holding its phone now, else a new member file at the move-in's store (members' own service, so
    the file is checked and logged as any other)."""
    if move_in.member_id is not None:
        member = Member.objects.filter(pk=move_in.member_id, status=MemberStatus.ACTIVE).first()
        if member is None:
            raise Conflict(_("the member's file was closed; send the move-in back"))
        return member
    found = Member.objects.filter(area_code=move_in.area_code, phone=move_in.phone, status=MemberStatus.ACTIVE).first()
    if found is not None:
        return found
    return member_create(
        actor=actor,
        store=move_in.store,
        name=move_in.name,
        area_code=move_in.area_code,
        phone=move_in.phone,
        birthday=move_in.birthday,
        remark=_("moved in from %(store)s") % {"store": move_in.source_store},
    )


def move_in_approved(*, actor: Actor, move_in: MoveIn, member: Member, cards: dict[int, tuple[int, str]]) -> MoveIn:
    """Marks the locked move-in approved for `member`, each line with the card opened for it
    (`cards`: line id → (card id, card number))."""
    lines = list(move_in.lines.all())
    for line in lines:
        line.card_id, line.card_no = cards[line.pk]
    MoveInLine.objects.bulk_update(lines, ["card_id", "card_no"])
    move_in.member = member
    move_in.status = MoveInStatus.APPROVED
    move_in.decided_at = timezone.now()
    move_in.save(update_fields=["member", "status", "decided_at", "updated_at"])
    audit_record(
        actor=actor,
        action=MoveInAuditAction.APPROVED,
        target=move_in,
        detail={"memberId": member.pk, "cards": [card_no for _card_id, card_no in cards.values()]},
    )
    return move_in


def move_in_sent_back(*, actor: Actor, request: ApprovalRequest) -> None:
    """A rejected request leaves its move-in rejected with the decider's reason (to correct and
    commit again); a withdrawn one leaves it a draft."""
    move_in = MoveIn.objects.select_for_update().filter(pk=int(request.subject_id)).first()
    if move_in is None or move_in.status != MoveInStatus.SUBMITTED:
        return
    rejected = request.status == ApprovalStatus.REJECTED
    move_in.status = MoveInStatus.REJECTED if rejected else MoveInStatus.DRAFT
    move_in.decision_remark = request.remark if rejected else ""
    move_in.decided_at = timezone.now() if rejected else None
    move_in.save(update_fields=["status", "decision_remark", "decided_at", "updated_at"])
    audit_record(
        actor=actor,
        action=MoveInAuditAction.SENT_BACK,
        target=move_in,
        detail={"approvalId": request.pk, "status": request.status, "remark": request.remark},
    )


# -- attachments ---------------------------------------------------------------------------------


def _sniffed(upload: Any) -> tuple[str, str]:
    upload.seek(0)
    head = upload.read(16)
    upload.seek(0)
    for signature, content_type, extension in _SIGNATURES:
        if head.startswith(signature):
            return content_type, extension
    raise InvalidInput(_("only JPEG, PNG or PDF files can be attached"), field="file")


def _shown_name(name: str, extension: str) -> str:
    base = os.path.basename((name or "").replace("\\", "/")).strip() or f"attachment{extension}"
    return base[-MOVE_IN_ATTACHMENT_NAME_MAX_LENGTH:]


def attachment_add(*, actor: Actor, move_in: MoveIn, upload: Any) -> MoveInAttachment:
    """Keeps a photo of the old card or the contract with an editable move-in
    (storerelocationupload/upload): JPEG, PNG or PDF by its content, at most 5 MB, 10 a move-in.
    A refused file leaves nothing stored."""
    if upload.size > MOVE_IN_ATTACHMENT_MAX_BYTES:
        raise InvalidInput(_("the file can be at most 5 MB"), field="file")
    content_type, extension = _sniffed(upload)
    with use_case_atomic():
        move_in = _locked(move_in.pk)
        if move_in.status not in MOVE_IN_EDITABLE:
            raise MoveInNotEditable()
        if move_in.attachments.count() >= MOVE_IN_MAX_ATTACHMENTS:
            raise InvalidInput(_("at most 10 files on one move-in"), field="file")
        attachment = MoveInAttachment(
            move_in=move_in,
            name=_shown_name(getattr(upload, "name", ""), extension),
            content_type=content_type,
            size=upload.size,
            uploaded_by_id=actor.user_id,
            uploaded_by_name=actor.login_name[:40],
        )
        # A name of our own: the person's file name is shown, never used as a path.
        attachment.file.save(f"{uuid.uuid4().hex}{extension}", upload, save=False)
        stored = attachment.file.name or ""
        try:
            attachment.save()
            audit_record(
                actor=actor,
                action=MoveInAuditAction.ATTACHMENT_ADDED,
                target=move_in,
                detail={"attachmentId": attachment.pk, "name": attachment.name, "size": attachment.size},
            )
        except BaseException:
            attachment.file.storage.delete(stored)
            raise
    return attachment


def attachment_delete(*, actor: Actor, attachment: MoveInAttachment) -> None:
    """Removes an attachment of an editable move-in (storerelocationupload/delete); the file goes
    from the storage once the removal is committed."""
    with use_case_atomic():
        move_in = _locked(attachment.move_in_id)
        if move_in.status not in MOVE_IN_EDITABLE:
            raise MoveInNotEditable()
        name = attachment.file.name or ""
        audit_record(
            actor=actor,
            action=MoveInAuditAction.ATTACHMENT_DELETED,
            target=move_in,
            detail={"attachmentId": attachment.pk, "name": attachment.name},
        )
        attachment.delete()
        _forget_files([name])
