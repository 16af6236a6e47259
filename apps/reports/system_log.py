"""The system log page (/sysLog, CZRZ-0001): the entries apps.core.audit writes, read with filters,
scoped to the stores of the chosen role, with the phones in them masked (spec §6) and each action
named in the request's language.

It sits on the reports floor because naming the actions reads every app's AuditAction choices; the
log itself (apps.core.models.SystemLog) is core's. Which entries a role sees: those written in a
store it acts in (the chosen store, or every store under a head-office level) and, at a head-office
level, those written at that level itself. Entries written by the system or by someone with no role
chosen (store_id empty) belong to no store and are left to the admin."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.apps import apps as django_apps
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.functional import Promise

from apps.accounts.choices import AuditAction as AccountsAction
from apps.accounts.selectors import user_ids_matching, user_names
from apps.approvals.choices import AuditAction as ApprovalsAction
from apps.approvals.names import request_names
from apps.billing.choices import AuditAction as BillingAction
from apps.billing.orders.names import closing_days, deposit_numbers, order_numbers, refund_numbers
from apps.booking.choices import AuditAction as BookingAction
from apps.booking.names import reservation_names
from apps.cards.choices import AuditAction as CardsAction
from apps.cards.names import asset_transfer_names
from apps.catalog.choices import AuditAction as CatalogAction
from apps.commission.choices import AuditAction as CommissionAction
from apps.commission.names import period_names, plan_names
from apps.core.audit import operator_name
from apps.core.choices import AuditAction as CoreAction
from apps.core.models import SystemLog
from apps.core.object_names import Namer
from apps.core.phones import mask_phones_in, mask_phones_in_text
from apps.core.time_ranges import check_time_range
from apps.evaluations.choices import AuditAction as EvaluationsAction
from apps.evaluations.names import evaluation_names
from apps.groupbuy.choices import AuditAction as GroupBuyAction
from apps.groupbuy.names import write_off_names
from apps.inventory.choices import AuditAction as InventoryAction
from apps.inventory.choices import OutboundAction
from apps.inventory.names import document_numbers, goods_order_numbers, stocktake_numbers
from apps.members.choices import AuditAction as MembersAction
from apps.members.choices import MoveInAuditAction
from apps.members.names import cancellation_names, examination_names, member_names, move_in_names
from apps.messaging.choices import AuditAction as MessagingAction
from apps.messaging.selectors import task_titles
from apps.org.choices import AuditAction as OrgAction
from apps.payments.choices import AuditAction as PaymentsAction
from apps.reports.choices import AuditAction as ReportsAction
from apps.reports.rows import SystemLogRow
from apps.settlement.choices import AuditAction as SettlementAction
from apps.settlement.names import month_settlement_names, statement_names
from apps.staff.choices import AuditAction as StaffAction

# Spec §5 "selected time exceeds range": the limit is ours, the reservation history's.
SYSTEM_LOG_MAX_DAYS = 92

_ACTION_CHOICES = (
    CoreAction,
    AccountsAction,
    ApprovalsAction,
    OrgAction,
    CatalogAction,
    MessagingAction,
    StaffAction,
    MembersAction,
    MoveInAuditAction,
    InventoryAction,
    OutboundAction,
    PaymentsAction,
    BookingAction,
    CardsAction,
    BillingAction,
    GroupBuyAction,
    EvaluationsAction,
    CommissionAction,
    SettlementAction,
    ReportsAction,
)


# The kinds of row the log names by what their app answers today (issue 28 §9: "SO…" for an order, a
# member's code and masked name), by their model's label; any other kind shows the name it had when
# the entry was written (its __str__ then: a product's code and name, a card's number...).
OBJECT_NAMERS: dict[str, Namer] = {
    "approvals.approvalrequest": request_names,
    "billing.dailyclosing": closing_days,
    "billing.deposit": deposit_numbers,
    "billing.order": order_numbers,
    "billing.refund": refund_numbers,
    "booking.reservation": reservation_names,
    "cards.assettransfer": asset_transfer_names,
    "evaluations.evaluation": evaluation_names,
    "commission.commissionperiod": period_names,
    "commission.commissionplan": plan_names,
    "groupbuy.writeoff": write_off_names,
    "inventory.goodsorder": goods_order_numbers,
    "inventory.stockdocument": document_numbers,
    "inventory.stocktake": stocktake_numbers,
    "members.cancellationrequest": cancellation_names,
    "members.examination": examination_names,
    "members.member": member_names,
    "members.movein": move_in_names,
    "messaging.task": task_titles,
    "settlement.monthsettlement": month_settlement_names,
    "settlement.statement": statement_names,
}


def action_labels() -> dict[str, str | Promise]:
    """Every action an app names in its AuditAction choices, with its (lazy) label."""
    return {str(code): label for choices in _ACTION_CHOICES for code, label in choices.choices}


def action_name(code: str, labels: dict[str, str | Promise] | None = None) -> str:
    """The action's label in the request's language; an action no app names shows its code."""
    label = (labels if labels is not None else action_labels()).get(code)
    return str(label) if label is not None else code


def action_options() -> list[dict[str, str]]:
    """The action filter's choices, by their label in the request's language."""
    options = [{"code": code, "name": str(label)} for code, label in action_labels().items()]
    return sorted(options, key=lambda option: option["name"])


def visible_levels(*, hier_id: int | None, store_ids: frozenset[int]) -> frozenset[int]:
    """The store ids of the entries a role sees: its stores, and its own head-office level."""
    return store_ids | ({hier_id} if hier_id is not None else set())


def entries(
    *,
    levels: frozenset[int],
    date_from: datetime.date | None = None,
    date_to: datetime.date | None = None,
    store_id: int | None = None,
    who: str = "",
    role: str = "",
    action: str = "",
    object_type: str = "",
    object_id: str = "",
) -> QuerySet[SystemLog]:
    """The entries of `levels` (or of the one store named) between two days of the store's calendar,
    both included, newest first. The range is required (spec §5)."""
    start, end = check_time_range(date_from, date_to, SYSTEM_LOG_MAX_DAYS)
    zone = timezone.get_current_timezone()
    since = datetime.datetime.combine(start, datetime.time.min, tzinfo=zone)
    until = datetime.datetime.combine(end + datetime.timedelta(days=1), datetime.time.min, tzinfo=zone)
    found = SystemLog.objects.filter(
        store_id__in=[store_id] if store_id is not None else levels, created_at__gte=since, created_at__lt=until
    )
    if who:
        found = found.filter(Q(login_name__icontains=who) | Q(user_id__in=user_ids_matching(who)))
    if role:
        found = found.filter(role_name__icontains=role)
    if action:
        found = found.filter(action=action)
    if object_type:
        found = found.filter(object_type=object_type)
    if object_id:
        found = found.filter(object_id=object_id)
    return found.order_by("-created_at", "-id")


def _object_names(rows: list[SystemLog]) -> dict[tuple[str, str], str]:
    """(object type, object id) -> the object's name today, for the kinds of row OBJECT_NAMERS
    names; one query per kind on the page."""
    wanted: dict[str, set[int]] = {}
    for row in rows:
        if row.object_type in OBJECT_NAMERS and row.object_id.isdigit():
            wanted.setdefault(row.object_type, set()).add(int(row.object_id))
    names: dict[tuple[str, str], str] = {}
    for object_type, ids in wanted.items():
        names.update({(object_type, str(pk)): name for pk, name in OBJECT_NAMERS[object_type](ids).items()})
    return names


def object_type_name(object_type: str) -> str:
    """The kind of row in the reader's language (its model's name); one no app has any more shows
    its code."""
    try:
        return str(django_apps.get_model(object_type)._meta.verbose_name)
    except (LookupError, ValueError):
        return object_type


def entry_rows(window: Iterable[SystemLog]) -> list[SystemLogRow]:
    """A page of entries as the page shows them: names copied at the time, the actor's name today,
    the action's label, the object by its kind and its business name, and every phone masked (the
    account too: managers sign in with a phone)."""
    rows = list(window)
    labels = action_labels()
    names = user_names(user_ids={row.user_id for row in rows if row.user_id is not None})
    objects = _object_names(rows)
    return [
        {
            "id": row.pk,
            "createdAt": row.created_at,
            "loginName": mask_phones_in_text(operator_name(row.login_name)),
            "userName": mask_phones_in_text(names.get(row.user_id, "")) if row.user_id is not None else "",
            "roleName": row.role_name,
            "storeId": row.store_id,
            "storeName": row.store_name,
            "action": row.action,
            "actionName": action_name(row.action, labels),
            "objectType": row.object_type,
            "objectTypeName": object_type_name(row.object_type) if row.object_type else "",
            "objectId": row.object_id,
            "objectName": mask_phones_in_text(objects.get((row.object_type, row.object_id), row.object_repr)),
            "detail": mask_phones_in(row.detail),
            "ipAddress": row.ip_address or "",
        }
        for row in rows
    ]
