"""Asking for and deciding approvals (issue 17 §1). The kind's hooks (apps.approvals.kinds) act on a
decision inside its transaction, under the request's row lock, so a request is decided once and what
the decision does commits with it or not at all."""

from __future__ import annotations

from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.approvals.choices import ApprovalStatus, AuditAction
from apps.approvals.errors import OwnRequest, RequestDecided
from apps.approvals.kinds import ApprovalKind, kind_of
from apps.approvals.models import ApprovalRequest
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput, NotFound, PermissionRefused
from apps.core.json_types import JsonObject
from apps.core.money import round_money
from apps.core.transactions import use_case_atomic


def _kind(code: str) -> ApprovalKind:
    kind = kind_of(code)
    if kind is None:
        raise ValueError(f"approval kind {code!r} is not registered")
    return kind


def request_approval(
    *,
    actor: Actor,
    kind: str,
    store_id: int,
    subject_type: str,
    subject_id: str | int,
    subject: str,
    amount: Decimal | None = None,
    payload: JsonObject | None = None,
    reason: str = "",
    external_no: str = "",
) -> ApprovalRequest:
    """A request waiting for someone who holds the kind's codes. Asking again for a subject whose
    request of this kind still waits answers that request: a double click files one."""
    _kind(kind)
    if actor.user_id is None:
        raise PermissionRefused()
    subject_key = str(subject_id)
    waiting = ApprovalRequest.objects.filter(
        kind=kind, subject_type=subject_type, subject_id=subject_key, status=ApprovalStatus.PENDING
    )
    if subject_key:
        found = waiting.first()
        if found is not None:
            return found
    try:
        with transaction.atomic():
            request = ApprovalRequest.objects.create(
                kind=kind,
                store_id=store_id,
                applicant_id=actor.user_id,
                subject_type=subject_type,
                subject_id=subject_key,
                subject=subject[:200],
                amount=None if amount is None else round_money(amount),
                payload=payload or {},
                reason=reason,
                external_no=external_no,
            )
    except IntegrityError:
        # Another request for the same subject was filed at this moment: that one waits.
        found = waiting.first()
        if found is None:
            raise
        return found
    audit_record(
        actor=actor,
        action=AuditAction.REQUESTED,
        target=request,
        detail={"kind": kind, "subject": request.subject, "amount": None if amount is None else str(request.amount)},
    )
    return request


def _locked(request_id: int, store_ids: frozenset[int] | None) -> ApprovalRequest:
    rows = ApprovalRequest.objects.select_for_update(of=("self",)).filter(pk=request_id)
    if store_ids is not None:
        rows = rows.filter(store_id__in=store_ids)
    request = rows.first()
    if request is None or kind_of(request.kind) is None:
        raise NotFound()
    return request


def decide(
    *,
    actor: Actor,
    request_id: int,
    approve: bool,
    remark: str = "",
    codes: frozenset[str] | None,
    store_ids: frozenset[int] | None,
    decided_by_name: str = "",
) -> ApprovalRequest:
    """Approve or reject a waiting request. A person decides with their role's `codes` and
    `store_ids` (a request of another store is not found; one of a kind they may not decide is
    refused; nobody decides their own). An outside approval system that decided it (WeCom's OA)
    is trusted: `codes` and `store_ids` None, `decided_by_name` says who decided there."""
    if not approve and codes is not None and not remark.strip():
        raise InvalidInput(_("please give the reason for rejecting"), field="remark")
    with use_case_atomic():
        request = _locked(request_id, store_ids)
        kind = _kind(request.kind)
        if codes is not None:
            if not codes.intersection(kind.decide_codes):
                raise PermissionRefused()
            if request.applicant_id == actor.user_id:
                raise OwnRequest()
        if request.status != ApprovalStatus.PENDING:
            raise RequestDecided()
        request.status = ApprovalStatus.APPROVED if approve else ApprovalStatus.REJECTED
        request.decided_by_id = actor.user_id
        request.decided_by_name = (decided_by_name or actor.login_name)[:64]
        request.decided_at = timezone.now()
        request.remark = remark.strip()
        request.save(update_fields=["status", "decided_by", "decided_by_name", "decided_at", "remark", "updated_at"])
        hook = kind.on_approved if approve else kind.on_rejected
        if hook is not None:
            hook(request, actor)
        audit_record(
            actor=actor,
            action=AuditAction.APPROVED if approve else AuditAction.REJECTED,
            target=request,
            detail={"kind": request.kind, "subject": request.subject, "remark": request.remark},
        )
    return request


def withdraw(*, actor: Actor, request_id: int) -> ApprovalRequest:
    """The applicant takes back a request still waiting; the kind's `on_rejected` hook releases what
    the request held (it reads `status` to tell a withdrawal from a rejection)."""
    with use_case_atomic():
        request = _locked(request_id, None)
        if request.applicant_id != actor.user_id:
            raise NotFound()
        if request.status != ApprovalStatus.PENDING:
            raise RequestDecided()
        request.status = ApprovalStatus.WITHDRAWN
        request.decided_by_id = actor.user_id
        request.decided_by_name = actor.login_name[:64]
        request.decided_at = timezone.now()
        request.save(update_fields=["status", "decided_by", "decided_by_name", "decided_at", "updated_at"])
        hook = _kind(request.kind).on_rejected
        if hook is not None:
            hook(request, actor)
        audit_record(actor=actor, action=AuditAction.WITHDRAWN, target=request, detail={"kind": request.kind})
    return request


def set_external_no(*, request_id: int, external_no: str) -> None:
    """Note the number an outside approval system gave the request (after it was raised there)."""
    ApprovalRequest.objects.filter(pk=request_id, external_no="").update(external_no=external_no)


def close_waiting(*, actor: Actor, kind: str, subject_type: str, subject_id: str | int, remark: str = "") -> None:
    """The subject of a waiting request was ended where it lives (a stocktake cancelled on its own
    page): the request is withdrawn without its kind's hooks, since the subject's own use case has
    already done what a withdrawal would. Runs inside the caller's transaction; nothing waiting, nothing done."""
    waiting = (
        ApprovalRequest.objects.select_for_update(of=("self",))
        .filter(kind=kind, subject_type=subject_type, subject_id=str(subject_id), status=ApprovalStatus.PENDING)
        .first()
    )
    if waiting is None:
        return
    waiting.status = ApprovalStatus.WITHDRAWN
    waiting.decided_by_id = actor.user_id
    waiting.decided_by_name = actor.login_name[:64]
    waiting.decided_at = timezone.now()
    waiting.remark = remark.strip()
    waiting.save(update_fields=["status", "decided_by", "decided_by_name", "decided_at", "remark", "updated_at"])
    audit_record(actor=actor, action=AuditAction.WITHDRAWN, target=waiting, detail={"kind": kind, "remark": remark})
