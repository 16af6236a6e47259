"""Reads of member move-ins (issue 17 §2): the store's list with its filters and totals, the lines
across move-ins, one move-in with its lines, attachments and approval, and the lists the form picks
from (card types, projects, the member holding a phone). Phones are masked (spec §6)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import TypedDict

from django.db.models import Count, Prefetch, Q, QuerySet, Sum
from django.utils import timezone

from apps.catalog.choices import CardKind
from apps.catalog.models import CardType
from apps.catalog.selectors import card_type_search, project_search
from apps.core.audit import operator_name
from apps.core.money import money_to_wire
from apps.core.phones import mask_phone
from apps.members.choices import MOVE_IN_EDITABLE, MemberStatus, MoveInStatus
from apps.members.models import Member, MoveIn, MoveInAttachment, MoveInLine, MoveInSession


class MoveInRow(TypedDict):
    """A move-in of the list (MoveInRowOutputSerializer); money as wire text, the phone masked."""

    id: int
    moveInNo: str
    storeId: int
    storeName: str
    memId: int | None
    name: str
    areaCode: str
    phone: str
    sourceBrand: str
    sourceStore: str
    status: str
    statusName: str
    lineCount: int
    oldValue: str
    newValue: str
    sessions: int
    approvalId: int | None
    decisionRemark: str
    createdByName: str
    createdAt: datetime
    submittedAt: datetime | None
    decidedAt: datetime | None
    canEdit: bool
    canCommit: bool
    canDelete: bool


class StatusCount(TypedDict):
    """StatusCountOutputSerializer."""

    status: str
    statusName: str
    count: int


class MoveInSummary(TypedDict):
    """MoveInSummaryOutputSerializer."""

    total: int
    lineCount: int
    oldValue: str
    newValue: str
    sessions: int
    byStatus: list[StatusCount]


class MoveInSessionRow(TypedDict):
    """MoveInSessionOutputSerializer."""

    projectId: int
    projectCode: str
    projectName: str
    sessions: int


class MoveInLineRow(TypedDict):
    """An old card of a move-in (MoveInLineOutputSerializer)."""

    lineId: int
    oldCardName: str
    oldCardNo: str
    kind: str
    kindName: str
    oldBalance: str
    coefficient: str
    newValue: str
    expiresOn: date | None
    cardTypeId: int
    cardTypeName: str
    cardId: int | None
    cardNo: str
    sessions: list[MoveInSessionRow]


class MoveInLineListRow(MoveInLineRow):
    """An old card in the lines across move-ins (MoveInLineRowOutputSerializer)."""

    moveInId: int
    moveInNo: str
    name: str
    phone: str
    sourceStore: str
    status: str
    statusName: str
    createdAt: datetime


class AttachmentRow(TypedDict):
    """AttachmentOutputSerializer."""

    id: int
    moveInId: int
    name: str
    contentType: str
    size: int
    uploadedByName: str
    createdAt: datetime
    url: str


class MoveInApprovalRow(TypedDict):
    """MoveInApprovalOutputSerializer."""

    id: int
    status: str
    statusName: str
    decidedByName: str
    decidedAt: datetime | None
    remark: str


class MoveInDetail(MoveInRow):
    """One move-in with its lines, attachments and approval (MoveInDetailOutputSerializer)."""

    birthday: date | None
    remark: str
    lines: list[MoveInLineRow]
    attachments: list[AttachmentRow]
    approval: MoveInApprovalRow | None


class FoundMember(TypedDict):
    """The member holding a phone (FoundMemberOutputSerializer); the phone masked."""

    memId: int
    name: str
    areaCode: str
    phone: str
    birthday: date | None
    dependencyStore: str
    dependencyStoreId: int


class MoveInCardTypeRow(TypedDict):
    """MoveInCardTypeOutputSerializer."""

    id: int
    code: str
    name: str
    kind: str
    kindName: str
    faceValue: str
    validityDays: int | None


class DiscountRuleRow(TypedDict):
    """DiscountRuleOutputSerializer."""

    categoryId: int
    categoryName: str
    rate: str


class NewCardDiscount(TypedDict):
    """NewCardDiscountOutputSerializer."""

    cardTypeId: int
    cardTypeName: str
    kind: str
    discounts: list[DiscountRuleRow]


class MoveInProjectRow(TypedDict):
    """MoveInProjectOutputSerializer."""

    id: int
    code: str
    name: str


def _day_start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def move_ins(
    *,
    store_ids: Iterable[int],
    status: str = "",
    keyword: str = "",
    date_from: date | None = None,
    date_to: date | None = None,
) -> QuerySet[MoveIn]:
    """Move-ins of the stores, newest first; `keyword` is a name, a whole phone or a move-in number;
    the dates bound the day it was created."""
    rows = MoveIn.objects.filter(store_id__in=list(store_ids)).select_related("store", "approval")
    if status:
        rows = rows.filter(status=status)
    keyword = keyword.strip()
    if keyword:
        condition = Q(name__contains=keyword) | Q(phone=keyword) | Q(source_store__contains=keyword)
        number = keyword.upper().removeprefix("MI")
        if number.isdigit():
            condition |= Q(pk=int(number))
        rows = rows.filter(condition)
    if date_from is not None:
        rows = rows.filter(created_at__gte=_day_start(date_from))
    if date_to is not None:
        rows = rows.filter(created_at__lt=_day_start(date_to + timedelta(days=1)))
    return rows.order_by("-id")


def move_in_row(move_in: MoveIn) -> MoveInRow:
    editable = move_in.status in MOVE_IN_EDITABLE
    return {
        "id": move_in.pk,
        "moveInNo": move_in.number,
        "storeId": move_in.store_id,
        "storeName": move_in.store.name,
        "memId": move_in.member_id,
        "name": move_in.name,
        "areaCode": move_in.area_code,
        "phone": mask_phone(move_in.phone),
        "sourceBrand": move_in.source_brand,
        "sourceStore": move_in.source_store,
        "status": move_in.status,
        "statusName": str(MoveInStatus(move_in.status).label),
        "lineCount": move_in.line_count,
        "oldValue": money_to_wire(move_in.old_value),
        "newValue": money_to_wire(move_in.new_value),
        "sessions": move_in.sessions,
        "approvalId": move_in.approval_id,
        "decisionRemark": move_in.decision_remark,
        "createdByName": operator_name(move_in.created_by_name),
        "createdAt": move_in.created_at,
        "submittedAt": move_in.submitted_at,
        "decidedAt": move_in.decided_at,
        "canEdit": editable,
        "canCommit": editable,
        "canDelete": move_in.status == MoveInStatus.DRAFT,
    }


def move_in_rows(window: Iterable[MoveIn]) -> list[MoveInRow]:
    return [move_in_row(move_in) for move_in in window]


def move_in_summary(rows: QuerySet[MoveIn]) -> MoveInSummary:
    """Counts by status and the totals of the filtered move-ins (one query)."""
    totals = rows.order_by().aggregate(
        total=Count("id"),
        old_value=Sum("old_value"),
        new_value=Sum("new_value"),
        sessions=Sum("sessions"),
        lines=Sum("line_count"),
        **{status.value: Count("id", filter=Q(status=status)) for status in MoveInStatus},
    )
    return {
        "total": totals["total"],
        "lineCount": totals["lines"] or 0,
        "oldValue": money_to_wire(totals["old_value"] or Decimal("0")),
        "newValue": money_to_wire(totals["new_value"] or Decimal("0")),
        "sessions": totals["sessions"] or 0,
        "byStatus": [
            {"status": status.value, "statusName": str(status.label), "count": totals[status.value]}
            for status in MoveInStatus
        ],
    }


def _sessions_prefetch() -> Prefetch[str, QuerySet[MoveInSession], str]:
    return Prefetch("sessions", MoveInSession.objects.select_related("project").order_by("id"))


def _line(line: MoveInLine) -> MoveInLineRow:
    return {
        "lineId": line.pk,
        "oldCardName": line.old_card_name,
        "oldCardNo": line.old_card_no,
        "kind": line.kind,
        "kindName": str(CardKind(line.kind).label),
        "oldBalance": money_to_wire(line.old_balance),
        "coefficient": f"{line.coefficient:.4f}",
        "newValue": money_to_wire(line.new_value),
        "expiresOn": line.expires_on,
        "cardTypeId": line.card_type_id,
        "cardTypeName": line.card_type.name,
        "cardId": line.card_id,
        "cardNo": line.card_no,
        "sessions": [
            {
                "projectId": session.project_id,
                "projectCode": session.project.code,
                "projectName": session.project.name,
                "sessions": session.sessions,
            }
            for session in line.sessions.all()
        ],
    }


def attachment_row(attachment: MoveInAttachment) -> AttachmentRow:
    return {
        "id": attachment.pk,
        "moveInId": attachment.move_in_id,
        "name": attachment.name,
        "contentType": attachment.content_type,
        "size": attachment.size,
        "uploadedByName": operator_name(attachment.uploaded_by_name),
        "createdAt": attachment.created_at,
        "url": f"/rest/storerelocationupload/file/{attachment.pk}",
    }


def attachments(move_in_id: int) -> list[AttachmentRow]:
    return [attachment_row(row) for row in MoveInAttachment.objects.filter(move_in_id=move_in_id).order_by("id")]


def move_in_detail(move_in: MoveIn) -> MoveInDetail:
    lines = (
        MoveInLine.objects.filter(move_in=move_in)
        .select_related("card_type")
        .prefetch_related(_sessions_prefetch())
        .order_by("id")
    )
    approval = move_in.approval
    return {
        **move_in_row(move_in),
        "birthday": move_in.birthday,
        "remark": move_in.remark,
        "lines": [_line(line) for line in lines],
        "attachments": attachments(move_in.pk),
        "approval": None
        if approval is None
        else {
            "id": approval.pk,
            "status": approval.status,
            "statusName": str(approval.get_status_display()),
            "decidedByName": operator_name(approval.decided_by_name),
            "decidedAt": approval.decided_at,
            "remark": approval.remark,
        },
    }


def move_in_lines(
    *,
    store_ids: Iterable[int],
    status: str = "",
    kind: str = "",
    keyword: str = "",
    date_from: date | None = None,
    date_to: date | None = None,
) -> QuerySet[MoveInLine]:
    """The old cards of the stores' move-ins (the move-in detail list), newest move-in first."""
    move_in_ids = move_ins(store_ids=store_ids, status=status, keyword=keyword, date_from=date_from, date_to=date_to)
    rows = MoveInLine.objects.filter(move_in__in=move_in_ids.values("id"))
    if kind:
        rows = rows.filter(kind=kind)
    return (
        rows.select_related("move_in", "card_type").prefetch_related(_sessions_prefetch()).order_by("-move_in_id", "id")
    )


def move_in_line_rows(window: Iterable[MoveInLine]) -> list[MoveInLineListRow]:
    return [
        {
            **_line(line),
            "moveInId": line.move_in_id,
            "moveInNo": line.move_in.number,
            "name": line.move_in.name,
            "phone": mask_phone(line.move_in.phone),
            "sourceStore": line.move_in.source_store,
            "status": line.move_in.status,
            "statusName": str(MoveInStatus(line.move_in.status).label),
            "createdAt": line.move_in.created_at,
        }
        for line in window
    ]


def member_by_phone(*, area_code: str, phone: str) -> FoundMember | None:
    """The active member holding a whole phone (the form's "find by phone"), or None: a new member."""
    member = (
        Member.objects.filter(area_code=area_code, phone=phone, status=MemberStatus.ACTIVE)
        .select_related("home_store")
        .first()
    )
    if member is None:
        return None
    return {
        "memId": member.pk,
        "name": member.name,
        "areaCode": member.area_code,
        "phone": mask_phone(member.phone),
        "birthday": member.birthday,
        "dependencyStore": member.home_store.name,
        "dependencyStoreId": member.home_store_id,
    }


def card_types(*, store_id: int, kind: str = "") -> list[MoveInCardTypeRow]:
    """The card types enabled in the store a move-in may issue."""
    return [
        {
            "id": card_type.pk,
            "code": card_type.code,
            "name": card_type.name,
            "kind": card_type.kind,
            "kindName": str(CardKind(card_type.kind).label),
            "faceValue": money_to_wire(card_type.face_value),
            "validityDays": card_type.validity_days,
        }
        for card_type in card_type_search(store_id=store_id, kind=kind, enabled=True)
    ]


def new_card_discount(card_type: CardType) -> NewCardDiscount:
    """What the new card pays at: its card type's discount rate by category (0.80 = 20% off)."""
    rules = list(card_type.discounts.select_related("category").order_by("id"))
    return {
        "cardTypeId": card_type.pk,
        "cardTypeName": card_type.name,
        "kind": card_type.kind,
        "discounts": [
            {"categoryId": rule.category_id, "categoryName": rule.category.name, "rate": f"{rule.rate:.2f}"}
            for rule in rules
        ],
    }


def projects(*, store_id: int) -> list[MoveInProjectRow]:
    """The projects enabled in the store whose sessions a package card may carry."""
    return [
        {"id": project.pk, "code": project.code, "name": project.name}
        for project in project_search(store_id=store_id, enabled=True)
    ]


def move_ins_with_store() -> QuerySet[MoveIn]:
    """Every move-in with its store and approval, for apps.core.scoping to pick one in scope."""
    return MoveIn.objects.select_related("store", "approval")


def move_in_attachments() -> QuerySet[MoveInAttachment]:
    """Every move-in attachment, for apps.core.scoping to pick one of the role's stores' move-ins."""
    return MoveInAttachment.objects.all()


def move_in_count(rows: QuerySet[MoveIn]) -> int:
    """How many move-ins a filtered list (move_ins) holds."""
    return rows.count()


def enabled_card_type(*, store_id: int, card_type_id: int) -> CardType | None:
    """A card type enabled in the store, or None."""
    return card_type_search(store_id=store_id, enabled=True).filter(pk=card_type_id).first()


def imported_move_in_rows(move_in_ids: list[int]) -> list[MoveInRow]:
    """The move-ins an import has just made, in the order they were made, as the list shows them."""
    rows = MoveIn.objects.filter(pk__in=move_in_ids).select_related("store", "approval")
    return move_in_rows(rows.order_by("id"))
