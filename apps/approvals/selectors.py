"""Reading the approval centre: which requests a role sees, the count waiting for it, and rows."""

from __future__ import annotations

from datetime import date

from django.db.models import Q, QuerySet

from apps.approvals.choices import ApprovalBox, ApprovalStatus
from apps.approvals.kinds import kind_of, kinds_decided_with
from apps.approvals.models import ApprovalRequest
from apps.approvals.rows import ApprovalRequestDetailRow, ApprovalRequestRow
from apps.core.audit import operator_name
from apps.core.money import money_to_wire


def _waiting_for(user_id: int, codes: frozenset[str], store_ids: frozenset[int]) -> Q:
    return Q(status=ApprovalStatus.PENDING, kind__in=kinds_decided_with(codes), store_id__in=store_ids) & ~Q(
        applicant_id=user_id
    )


def visible_requests(
    *,
    box: str,
    user_id: int,
    codes: frozenset[str],
    store_ids: frozenset[int],
    kind: str = "",
    status: str = "",
    store_id: int | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
) -> QuerySet[ApprovalRequest]:
    """The requests of one box: waiting for me (kinds my codes decide, in my stores, not my own), my
    own, decided by me, or all I may see (those of kinds I decide in my stores, and my own)."""
    if box == ApprovalBox.MINE:
        where = Q(applicant_id=user_id)
    elif box == ApprovalBox.DECIDED:
        where = Q(decided_by_id=user_id) & ~Q(applicant_id=user_id)
    elif box == ApprovalBox.ALL:
        where = Q(applicant_id=user_id) | Q(kind__in=kinds_decided_with(codes), store_id__in=store_ids)
    else:
        where = _waiting_for(user_id, codes, store_ids)
    rows = ApprovalRequest.objects.filter(where)
    if kind:
        rows = rows.filter(kind=kind)
    if status:
        rows = rows.filter(status=status)
    if store_id is not None:
        rows = rows.filter(store_id=store_id)
    if date_from is not None:
        rows = rows.filter(created_at__date__gte=date_from)
    if date_to is not None:
        rows = rows.filter(created_at__date__lte=date_to)
    return rows.select_related("store", "applicant").order_by("-created_at", "-id")


def waiting_count(*, user_id: int, codes: frozenset[str], store_ids: frozenset[int]) -> int:
    """What the task bell counts: the requests waiting for this role."""
    if not kinds_decided_with(codes):
        return 0
    return ApprovalRequest.objects.filter(_waiting_for(user_id, codes, store_ids)).count()


def request_row(request: ApprovalRequest, *, user_id: int, codes: frozenset[str]) -> ApprovalRequestRow:
    kind = kind_of(request.kind)
    waiting = request.status == ApprovalStatus.PENDING
    return {
        "id": request.pk,
        "kind": request.kind,
        "kindName": str(kind.name) if kind else request.kind,
        "storeId": request.store_id,
        "storeName": request.store.name,
        "applicantId": request.applicant_id,
        "applicantName": request.applicant.nickname or request.applicant.login_name,
        "subjectType": request.subject_type,
        "subjectId": request.subject_id,
        "subject": request.subject,
        "amount": None if request.amount is None else money_to_wire(request.amount),
        "reason": request.reason,
        "status": request.status,
        "statusName": str(ApprovalStatus(request.status).label),
        "decidedByName": operator_name(request.decided_by_name),
        "decidedAt": request.decided_at,
        "remark": request.remark,
        "externalNo": request.external_no,
        "createdAt": request.created_at,
        "detailRoute": kind.detail_route.format(subject_id=request.subject_id) if kind and kind.detail_route else "",
        "canDecide": bool(
            waiting and kind and codes.intersection(kind.decide_codes) and request.applicant_id != user_id
        ),
        "canWithdraw": waiting and request.applicant_id == user_id,
    }


def request_detail(request: ApprovalRequest, *, user_id: int, codes: frozenset[str]) -> ApprovalRequestDetailRow:
    kind = kind_of(request.kind)
    lines = kind.describe(request) if kind and kind.describe else []
    return {
        **request_row(request, user_id=user_id, codes=codes),
        "details": [{"name": str(name), "value": str(value)} for name, value in lines],
    }


def visible_request(
    *, request_id: int, user_id: int, codes: frozenset[str], store_ids: frozenset[int]
) -> ApprovalRequest | None:
    """One request of any box the role sees, or None when it sees no such request."""
    found = visible_requests(box="all", user_id=user_id, codes=codes, store_ids=store_ids)
    return found.filter(pk=request_id).first()


def request_acted_on(
    *, box: str, request_id: int, user_id: int, codes: frozenset[str], store_ids: frozenset[int]
) -> ApprovalRequest:
    """A request the role has just decided or withdrawn, read again from the box that holds it."""
    return visible_requests(box=box, user_id=user_id, codes=codes, store_ids=store_ids).get(pk=request_id)


def waiting_request(*, kind: str, subject_type: str, subject_id: str | int) -> ApprovalRequest | None:
    """The request of `kind` about a subject that still waits for a decision, with its applicant (at
    most one waits per subject: a database rule)."""
    return (
        ApprovalRequest.objects.filter(
            kind=kind, subject_type=subject_type, subject_id=str(subject_id), status=ApprovalStatus.PENDING
        )
        .select_related("applicant")
        .first()
    )
