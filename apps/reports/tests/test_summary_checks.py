"""The summaries are checked against the ledgers: the nightly check finds a difference, says so in the
system log and the task list, and fixes it; `audit_ledgers` holds every summary row equal to its
recomputation, and a day still waiting in the queue is not a difference."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone

from apps.billing.tests.checkout_factories import product
from apps.core.ledgers import ledger_audits
from apps.core.models import SystemLog
from apps.messaging.choices import TaskAudience, TaskType
from apps.messaging.models import Task
from apps.reports.choices import AuditAction
from apps.reports.models import StaffDaySummary, StoreDaySummary
from apps.reports.summaries.drain import drain
from apps.reports.summaries.services import summaries_check
from apps.reports.tasks import check_summaries
from apps.reports.tests.summary_factories import sold

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def store(chain):
    return chain["store"]


def summaries_audit():
    return list(ledger_audits()["summaries"]())


def test_the_nightly_check_finds_an_injected_difference_alerts_and_fixes_it(store):
    sold(store, product("30.00"))
    drain()
    StoreDaySummary.objects.filter(store_id=store.pk).update(net_sales=D("999.00"))
    (found,) = summaries_check()
    assert (found.store_id, found.business_date, found.table) == (
        store.pk,
        timezone.localdate(),
        "reports_storedaysummary",
    )
    assert '"net_sales":999.00' in found.kept and '"net_sales":30.00' in found.recomputed
    log = SystemLog.objects.get(action=AuditAction.SUMMARIES_CORRECTED)
    assert log.store_id == store.pk and log.detail["days"] == [timezone.localdate().isoformat()]
    task = Task.objects.get(type=TaskType.SUMMARY_DIFFERENCE)
    assert (task.store_id, task.audience) == (store.pk, TaskAudience.OWNER)
    assert store.name in task.msg_name
    assert StoreDaySummary.objects.get(store_id=store.pk).net_sales == D("30.00")
    assert summaries_audit() == []


def test_a_clean_night_raises_nothing(store):
    sold(store, product("30.00"))
    drain()
    assert check_summaries() == 0
    assert not SystemLog.objects.filter(action=AuditAction.SUMMARIES_CORRECTED).exists()
    assert not Task.objects.filter(type=TaskType.SUMMARY_DIFFERENCE).exists()


def test_the_ledger_audit_finds_a_summary_row_no_fact_explains(store):
    sold(store, product("30.00"))
    drain()
    StaffDaySummary.objects.create(store_id=store.pk, business_date=timezone.localdate(), employee_id=1, net=D("5"))
    (difference,) = summaries_audit()
    assert (difference.ledger, difference.field) == ("summaries", "reports_staffdaysummary")
    assert difference.recomputed == "-"


def test_a_day_waiting_in_the_queue_is_not_a_difference(store):
    sold(store, product("30.00"))
    assert summaries_audit() == []
    drain()
    sold(store, product("20.00"))
    assert summaries_audit() == []


def test_audit_ledgers_runs_the_summaries_audit(store, capsys):
    sold(store, product("30.00"))
    drain()
    call_command("audit_ledgers")
    assert "summaries: 0 difference(s)" in capsys.readouterr().out


def test_a_wrong_chain_product_day_is_found_recorded_at_head_office_and_fixed(store):
    from apps.reports.models import ProductDaySummary

    sold(store, product("30.00"))
    drain()
    row = ProductDaySummary.objects.get()
    right = row.sold
    ProductDaySummary.objects.filter(pk=row.pk).update(sold=right + 7)
    (difference,) = summaries_audit()
    assert (difference.ledger, difference.field) == ("summaries", "reports_productdaysummary")
    (found,) = summaries_check()
    assert (found.store_id, found.table) == (0, "reports_productdaysummary")
    log = SystemLog.objects.get(action=AuditAction.SUMMARIES_CORRECTED)
    assert log.store_id is None and log.detail["storeId"] is None
    assert not Task.objects.filter(type=TaskType.SUMMARY_DIFFERENCE).exists()  # no store to tell
    assert ProductDaySummary.objects.get().sold == right
    assert summaries_audit() == []
