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

from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.functional import Promise

from apps.accounts.choices import AuditAction as AccountsAction
from apps.accounts.selectors import user_ids_matching, user_names
from apps.approvals.choices import AuditAction as ApprovalsAction
from apps.billing.choices import AuditAction as BillingAction
from apps.booking.choices import AuditAction as BookingAction
from apps.cards.choices import AuditAction as CardsAction
from apps.catalog.choices import AuditAction as CatalogAction
from apps.core.audit import operator_name
from apps.core.models import SystemLog
from apps.core.phones import mask_phones_in, mask_phones_in_text
from apps.core.time_ranges import check_time_range
from apps.groupbuy.choices import AuditAction as GroupBuyAction
from apps.inventory.choices import AuditAction as InventoryAction
from apps.members.choices import AuditAction as MembersAction
from apps.messaging.choices import AuditAction as MessagingAction
from apps.org.choices import AuditAction as OrgAction
from apps.payments.choices import AuditAction as PaymentsAction
from apps.reports.rows import SystemLogRow
from apps.staff.choices import AuditAction as StaffAction

# Spec §5 "selected time exceeds range": the limit is ours, the reservation history's.
SYSTEM_LOG_MAX_DAYS = 92

_ACTION_CHOICES = (
    AccountsAction,
    ApprovalsAction,
    OrgAction,
    CatalogAction,
    MessagingAction,
    StaffAction,
    MembersAction,
    InventoryAction,
    PaymentsAction,
    BookingAction,
    CardsAction,
    BillingAction,
    GroupBuyAction,
)


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


def entry_rows(window: Iterable[SystemLog]) -> list[SystemLogRow]:
    """A page of entries as the page shows them: names copied at the time, the actor's name today,
    the action's label, and every phone masked (the account too: managers sign in with a phone)."""
    rows = list(window)
    labels = action_labels()
    names = user_names(user_ids={row.user_id for row in rows if row.user_id is not None})
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
            "objectId": row.object_id,
            "objectRepr": mask_phones_in_text(row.object_repr),
            "detail": mask_phones_in(row.detail),
            "ipAddress": row.ip_address or "",
        }
        for row in rows
    ]
