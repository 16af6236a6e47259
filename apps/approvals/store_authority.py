"""Store authority (issue 17, spec §2.4 "apply permission", §7.9 staffList/getStoreAuthority and
getStoreAuthorityResult; docs/decisions/0023-store-authority.md).

A person acting at a store asks for its boss authority (an owner-kind role entry there) or its
manager authority (a principal-kind one). The request is an approval of the kind "store-authority":
the store's owner decides it in the approval centre, or on the phone in WeCom's approval when the
corp, the template, the applicant and an owner are all known to WeCom. The browser polls the result
every 5 s; a poll of a request raised in WeCom asks WeCom where it stands and records WeCom's decision
through the approval centre's `decide`, so both roads end in the same hook: the role entry granted
(through accounts' service, in the system log) in the decision's transaction."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

from django.db.models import TextChoices
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.accounts import wecom_oa
from apps.accounts.choices import RoleKind
from apps.accounts.models import Role, User, UserRole
from apps.accounts.services import user_role_grant
from apps.accounts.store_master import store_owners
from apps.approvals import services
from apps.approvals.choices import ApprovalStatus
from apps.approvals.errors import AuthorityHeld, AuthorityRoleMissing, RequestDecided
from apps.approvals.kinds import ApprovalKind, register_kind
from apps.approvals.models import ApprovalRequest
from apps.core.audit import Actor
from apps.core.errors import NotFound
from apps.core.role_codes import STORE_AUTHORITY_APPROVE
from apps.org.models import OrgUnit

logger = logging.getLogger(__name__)

KIND = "store-authority"
SUBJECT_TYPE = "store-authority"
# Our own approval number, for a request not raised in WeCom.
OWN_NUMBER = re.compile(r"^ERP-(\d{1,12})$")


class Authority(TextChoices):
    BOSS = "boss", gettext_lazy("boss")
    MANAGER = "manager", gettext_lazy("manager")


# The role kind each authority grants, and the kinds that already give it (an owner needs no manager's).
GRANTED_KIND = {Authority.BOSS: RoleKind.OWNER, Authority.MANAGER: RoleKind.PRINCIPAL}
HELD_WITH = {Authority.BOSS: {RoleKind.OWNER}, Authority.MANAGER: {RoleKind.OWNER, RoleKind.PRINCIPAL}}


class Outcome(TextChoices):
    """The spec's store-authority codes (§7.9, contract: passed through the envelope's errcode)."""

    GRANTED = "200"
    WAITING = "204"
    NOT_PASSED = "505"


@dataclass(frozen=True)
class Asked:
    request: ApprovalRequest
    sp_no: str


def role_granted_for(authority: str) -> Role:
    """The role an authority grants: the first role (lowest id) of its kind, as the demo's 老板 and 店长."""
    role = Role.objects.filter(kind=GRANTED_KIND[Authority(authority)]).order_by("id").first()
    if role is None:
        raise AuthorityRoleMissing()
    return role


def approval_number(request: ApprovalRequest) -> str:
    """What the browser polls with: WeCom's sp_no when the request was raised there, else ours."""
    return request.external_no or f"ERP-{request.pk}"


def _subject_id(*, store_id: int, user_id: int, authority: str) -> str:
    return f"{store_id}:{user_id}:{authority}"


def ask(*, actor: Actor, user: User, store: OrgUnit, authority: str) -> Asked:
    """Files the request (asking again while it waits answers the same one) and, when WeCom's approval
    is set up and the applicant and an owner are bound there, raises it in WeCom too. WeCom failing
    leaves the request filed: the owner decides it in the approval centre."""
    authority = Authority(authority)
    held = UserRole.objects.filter(user=user, hier=store, role__kind__in=HELD_WITH[authority]).exists()
    if held:
        raise AuthorityHeld()
    role = role_granted_for(authority)
    subject_id = _subject_id(store_id=store.pk, user_id=user.pk, authority=authority)
    already_waiting = ApprovalRequest.objects.filter(
        kind=KIND, subject_type=SUBJECT_TYPE, subject_id=subject_id, status=ApprovalStatus.PENDING
    ).exists()
    name = user.nickname or user.login_name
    request = services.request_approval(
        actor=actor,
        kind=KIND,
        store_id=store.pk,
        subject_type=SUBJECT_TYPE,
        subject_id=subject_id,
        subject=_("%(name)s asks for the %(authority)s authority at %(store)s")
        % {"name": name, "authority": authority.label, "store": store.name},
        payload={"authority": str(authority), "userId": user.pk, "roleId": role.pk, "roleName": role.name},
    )
    if not already_waiting and not request.external_no:
        sp_no = _raise_in_wecom(request=request, user=user, store=store, authority=authority)
        if sp_no:
            services.set_external_no(request_id=request.pk, external_no=sp_no)
            request.refresh_from_db(fields=["external_no"])
    return Asked(request=request, sp_no=approval_number(request))


def _raise_in_wecom(*, request: ApprovalRequest, user: User, store: OrgUnit, authority: Authority) -> str:
    """WeCom's sp_no, or "" when WeCom is not set up, someone is not bound there, or WeCom failed."""
    if not wecom_oa.oa_configured() or not user.wecom_userid:
        return ""
    approvers = sorted({owner.wecom_userid for owner in store_owners(store) if owner.wecom_userid})
    if not approvers:
        return ""
    # WeCom shows the form in the boss's app: Chinese, as the business speaks.
    label = {Authority.BOSS: "老板", Authority.MANAGER: "店长"}[authority]
    text = f"门店：{store.name}\n申请权限：{label}\n申请人：{user.nickname or user.login_name}（{user.login_name}）"
    try:
        return wecom_oa.apply_event(
            creator_userid=user.wecom_userid,
            approver_userids=approvers,
            text=text,
            summary=f"{label}授权：{store.name}",
        )
    except wecom_oa.WecomCallFailed:
        logger.warning("store-authority request %s was not raised in WeCom; the approval centre decides it", request.pk)
        return ""


def request_of(*, sp_no: str, user: User) -> ApprovalRequest:
    """The applicant's own request of that number; another's, or none, is not found."""
    rows = ApprovalRequest.objects.filter(kind=KIND, applicant=user)
    own = OWN_NUMBER.match(sp_no)
    found = rows.filter(pk=int(own.group(1))).first() if own else rows.filter(external_no=sp_no).first()
    if found is None:
        raise NotFound()
    return found


def result(*, user: User, sp_no: str) -> tuple[Outcome, ApprovalRequest]:
    """Where the request stands: still waiting (204), granted (200) or not passed (505). A request
    raised in WeCom that still waits here is looked up there, and WeCom's decision recorded; WeCom
    failing answers "still waiting" (the browser keeps polling)."""
    request = request_of(sp_no=sp_no, user=user)
    if request.status == ApprovalStatus.PENDING and request.external_no and wecom_oa.oa_configured():
        _follow_wecom(request)
        request.refresh_from_db()
    if request.status == ApprovalStatus.PENDING:
        return Outcome.WAITING, request
    if request.status == ApprovalStatus.APPROVED:
        return Outcome.GRANTED, request
    return Outcome.NOT_PASSED, request


def _follow_wecom(request: ApprovalRequest) -> None:
    try:
        state = wecom_oa.approval_state(request.external_no)
    except wecom_oa.WecomCallFailed:
        logger.warning("WeCom could not say where store-authority request %s stands", request.pk)
        return
    if state.sp_status != wecom_oa.SP_APPROVED and state.sp_status not in wecom_oa.SP_NOT_PASSED:
        return
    approve = state.sp_status == wecom_oa.SP_APPROVED
    decider = User.objects.filter(wecom_userid=state.decided_by).first() if state.decided_by else None
    actor = Actor(
        user_id=decider.pk if decider else None,
        login_name=decider.login_name if decider else "wecom",
        store_id=request.store_id,
    )
    try:
        services.decide(
            actor=actor,
            request_id=request.pk,
            approve=approve,
            remark="" if approve else f"WeCom sp_status {state.sp_status}",
            codes=None,
            store_ids=None,
            decided_by_name=f"WeCom {state.decided_by}".strip(),
        )
    except RequestDecided:
        pass  # decided meanwhile in the approval centre or by another poll: that decision stands


def _granted(request: ApprovalRequest, actor: Actor) -> None:
    """The approval's hook: the applicant gets the role entry at the store, in the decision's transaction."""
    authority = Authority(request.payload["authority"])
    user = User.objects.get(pk=request.applicant_id)
    store = OrgUnit.objects.get(pk=request.store_id)
    user_role_grant(actor=actor, user=user, role=role_granted_for(authority), hier=store)


def _describe(request: ApprovalRequest) -> list[tuple[str, str]]:
    authority = request.payload.get("authority", "")
    label = str(Authority(authority).label) if authority in Authority.values else authority
    return [(_("authority"), label), (_("role granted"), str(request.payload.get("roleName", "")))]


def register() -> None:
    register_kind(
        ApprovalKind(
            code=KIND,
            name=gettext_lazy("store authority"),
            decide_codes=(STORE_AUTHORITY_APPROVE.code,),
            on_approved=_granted,
            describe=_describe,
        )
    )
