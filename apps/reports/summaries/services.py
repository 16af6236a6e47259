"""The nightly check of the summaries (beat, `apps.reports.tasks.check_summaries`): the last days
rebuilt from the facts and compared; a difference is never silent: the system log records it for
the store, a task tells the store's owner and head office, and the days are recomputed."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from datetime import date, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext

from apps.commission.selectors import months_between
from apps.core.audit import SYSTEM_ACTOR, Actor, audit_record
from apps.core.json_types import JsonObject
from apps.messaging.choices import TaskAudience, TaskType
from apps.messaging.services import task_raise
from apps.messaging.system_texts import SystemText
from apps.org.models import OrgUnit
from apps.reports.choices import SUMMARY_DIFFERENCE_TEXT, AuditAction
from apps.reports.summaries.audit import (
    MemberSummaryDifference,
    SummaryDifference,
    member_summaries_refreshed,
    member_summary_differences,
    month_visitor_differences,
    month_visitors_refreshed,
    summary_differences_between,
)
from apps.reports.summaries.commission_months import (
    CommissionMonthDifference,
    commission_month_differences,
    refresh_commission_months,
)
from apps.reports.summaries.drain import drain

SHOWN_DAYS = 10  # the days a task names (a store's differences are all in the system log)


def check_days() -> int:
    return int(getattr(settings, "SUMMARY_CHECK_DAYS", 7))


def summaries_check(
    *, days: int | None = None, today: date | None = None
) -> list[SummaryDifference | MemberSummaryDifference | CommissionMonthDifference]:
    """Compares the summaries of the last `days` days (the setting SUMMARY_CHECK_DAYS, 7), the
    visit summaries of the members who visited in them, the commission months they fall in and the
    days' month visitors, with their rebuild; records, raises and fixes every difference. Answers
    the differences found."""
    today = today or timezone.localdate()
    since = today - timedelta(days=days or check_days())
    found = summary_differences_between(since, today)
    members = member_summary_differences(since, today)
    if members:
        _members_corrected(members)
    commission = commission_month_differences(months_between(since, today))
    if commission:
        _commission_months_corrected(commission)
    # After the members' fix: a member's refreshed history refreshes their days' month visitors.
    month_visitors = month_visitor_differences(since, today)
    if month_visitors:
        _month_visitors_corrected(month_visitors)
    derived: list[SummaryDifference | MemberSummaryDifference | CommissionMonthDifference] = [
        *members,
        *commission,
        *month_visitors,
    ]
    if not found:
        return derived
    by_store: dict[int, list[SummaryDifference]] = defaultdict(list)
    for difference in found:
        by_store[difference.store_id].append(difference)
    stores = OrgUnit.objects.in_bulk(list(by_store))
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO reports_dirtystoreday (store_id, business_date, txid, marked_at) "
                "SELECT DISTINCT s, d, txid_current(), now() FROM unnest(%s::bigint[], %s::date[]) AS p(s, d) "
                "ON CONFLICT DO NOTHING",
                [[f.store_id for f in found], [f.business_date for f in found]],
            )
        for store_id, differences in by_store.items():
            days_found = sorted({f.business_date.isoformat() for f in differences})
            audit_record(
                # The chain's product-days name no store (audit.CHAIN): recorded at head office.
                actor=Actor(login_name=SYSTEM_ACTOR.login_name, store_id=store_id or None),
                action=AuditAction.SUMMARIES_CORRECTED,
                detail={
                    "storeId": store_id or None,
                    "days": days_found,
                    "differences": [
                        {"day": f.business_date.isoformat(), "table": f.table, "kept": f.kept, "ledgers": f.recomputed}
                        for f in differences
                    ],
                },
            )
            store = stores.get(store_id)
            if store is not None and store.is_store:
                task_raise(
                    actor=SYSTEM_ACTOR,
                    store=store,
                    task_type=TaskType.SUMMARY_DIFFERENCE,
                    text_code=SUMMARY_DIFFERENCE_TEXT,
                    text_params={"store": store.name, "days": days_found[:SHOWN_DAYS], "count": len(days_found)},
                    audience=TaskAudience.OWNER,
                )
    drain(stores=list(by_store))
    return [*found, *derived]


def _corrections_recorded(by_store: Mapping[int | None, list[JsonObject]], key: str) -> None:
    """One system-log entry a store (`key`: what was corrected there, each as kept and rebuilt)."""
    for store_id, corrected in by_store.items():
        audit_record(
            actor=Actor(login_name=SYSTEM_ACTOR.login_name, store_id=store_id),
            action=AuditAction.SUMMARIES_CORRECTED,
            detail={"storeId": store_id, key: corrected},
        )


def _members_corrected(found: list[MemberSummaryDifference]) -> None:
    """Records each member summary unlike the orders in the system log (of the member's home store)
    and recomputes it. No task: a member's summary is derived from the visit days, so a difference
    that is not also a store-day's (which raises one) is the summary's own, fixed here."""
    by_store: dict[int | None, list[JsonObject]] = defaultdict(list)
    for f in found:
        by_store[f.home_store_id].append({"member": f.member_id, "kept": f.kept, "ledgers": f.recomputed})
    with transaction.atomic():
        _corrections_recorded(by_store, "members")
        member_summaries_refreshed([f.member_id for f in found])


def _commission_months_corrected(found: list[CommissionMonthDifference]) -> None:
    """Records each commission month unlike its pricing in the system log (of its store) and
    reprices it. No task: the month is derived from the staff-kind-days, whose own differences
    raise one."""
    by_store: dict[int | None, list[JsonObject]] = defaultdict(list)
    for f in found:
        by_store[f.store_id].append({"month": f"{f.month:%Y-%m}", "kept": f.kept, "ledgers": f.recomputed})
    with transaction.atomic():
        _corrections_recorded(by_store, "commissionMonths")
        refresh_commission_months((f.store_id, f.month) for f in found)


def _month_visitors_corrected(found: list[SummaryDifference]) -> None:
    """Records each store-day's month visitors unlike its visit days in the system log (of its store)
    and recomputes them. No task: they are derived from the visit days, whose own differences raise
    one."""
    by_store: dict[int | None, list[JsonObject]] = defaultdict(list)
    for f in found:
        by_store[f.store_id].append({"day": f.business_date.isoformat(), "kept": f.kept, "ledgers": f.recomputed})
    with transaction.atomic():
        _corrections_recorded(by_store, "monthVisitors")
        month_visitors_refreshed([(f.store_id, f.business_date) for f in found])


def summary_difference_text(params: JsonObject) -> SystemText:
    """The task's words in the reader's language: {store, days, count} of the corrected days."""
    days = params.get("days")
    shown = ", ".join(str(day) for day in days) if isinstance(days, list) else ""
    return SystemText(
        title=gettext("Report figures of %(store)s corrected") % {"store": str(params.get("store", ""))[:60]},
        content=gettext(
            "The nightly check found the report figures of %(store)s on %(count)s day(s) (%(days)s) unlike "
            "the ledgers and recomputed them. The system log has the figures before and after."
        )
        % {"store": params.get("store", ""), "count": params.get("count", 0), "days": shown},
    )
