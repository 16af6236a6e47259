"""The Commission report (/rest/businessReportCommission/*) on credits written by billing's checkout
and refunds: the figures per staff member, kind and plan version with the version's name and date,
the drills (to SalesDetail by staffId, to its own lines), the lines with their inputs, closed months
read as stored, and scope: staff see only their own rows, another store's answer 404."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation

from apps.accounts.testing import api_client
from apps.billing.choices import CreditKind
from apps.commission.services import period_close
from apps.commission.tests.factories import month_ago, plan, refunded, sold
from apps.core.audit import SYSTEM_ACTOR
from apps.core.page_registry import code_of
from apps.core.role_codes import REPORT_FIGURES_CODE
from apps.core.testing import assert_envelope
from apps.inventory.tests.factories import stocked
from apps.staff.choices import EmployeePosition
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db
SHOW = "/rest/businessReportCommission/show"
SELECT = "/rest/businessReportCommission/select"


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def month(store, make_entry):
    """Last month at Store A: the nurse 张敏 (with an account) sold 12 × 100 and had 3 refunded the
    same month, 吴佳怡 sold 5; the nurses' sales plan pays 5%, 10% from 1,000 (whole month)."""
    nurse_entry = make_entry(store, codes=[code_of("/orderBoard")], kind="store_employee")
    nurse = EmployeeFactory(store=store, name="张敏", position=EmployeePosition.NURSE, user=nurse_entry.user)
    other = EmployeeFactory(store=store, name="吴佳怡", position=EmployeePosition.NURSE)
    product = stocked(store, "1000", name="洗发水", price=Decimal("100.00"))
    sales = plan(EmployeePosition.NURSE, CreditKind.SALE, month_ago(6), [(0, 5), (1000, 10)])
    order = sold(store, nurse, product, day=month_ago(1, 3), qty=12)
    refunded(order, day=month_ago(1, 9), qty=3)
    sold(store, other, product, day=month_ago(1, 4), qty=5)
    return {"nurse": nurse, "nurse_entry": nurse_entry, "other": other, "plan": sales, "order": order}


def last_month():
    from apps.core.time_ranges import month_bounds

    first, last = month_bounds(month_ago(1))
    return {"from": first.isoformat(), "to": last.isoformat()}


@pytest.fixture
def owner(store, make_entry):
    return api_client(entry=make_entry(store, codes=[REPORT_FIGURES_CODE], kind="owner"))


def test_the_owner_sees_each_staff_members_commission_with_the_plan_version_and_drills(owner, month):
    answer = assert_envelope(owner.get(SHOW, last_month()), status=200)
    rows = {row["staffName"]: row for row in answer["list"]}
    mine = rows["张敏"]
    assert (mine["baseAmount"], mine["monthTotal"], mine["tierFrom"], mine["rate"]) == (
        "900.00",
        "900.00",
        "0.00",
        "5.00",
    )
    assert (mine["commission"], mine["clawback"], mine["net"]) == ("60.00", "-15.00", "45.00")
    assert mine["planVersion"] == f"{month['plan'].name} · {month_ago(6).isoformat()}"
    assert mine["periodStatus"] == "open"
    assert mine["staffId"] == month["nurse"].pk and mine["detailLines"] == "lines"
    assert answer["totals"]["net"] == "70.00"  # 45 + 500 × 5%
    columns = {column["key"]: column for column in answer["columns"]}
    assert columns["staffName"]["drill"]["report"] == "SalesDetail"
    assert columns["staffName"]["drill"]["filters"] == {"staffId": "staffId"}
    assert columns["net"]["drill"] == {
        "report": "Commission",
        "route": "/staffCommission",
        "filters": {"staffId": "staffId", "detail": "detailLines"},
    }


def test_the_lines_show_each_credits_inputs_and_link_the_order(owner, month):
    query = {**last_month(), "detail": "lines", "staffId": month["nurse"].pk}
    answer = assert_envelope(owner.get(SHOW, query), status=200)
    lines = answer["list"]
    assert [(line["amount"], line["clawback"], line["commission"]) for line in lines] == [
        ("1200.00", "", "60.00"),
        ("-300.00", "clawback", "-15.00"),
    ]
    assert lines[0]["orderId"] == month["order"].pk and lines[0]["orderNo"] == month["order"].order_no
    assert (lines[0]["monthTotal"], lines[0]["rate"]) == ("900.00", "5.00")
    assert answer["totals"]["commission"] == "45.00"


def test_a_closed_month_reads_its_stored_lines(owner, store, month):
    period_close(actor=SYSTEM_ACTOR, store_id=store.pk, month=month_ago(1))
    answer = assert_envelope(owner.get(SHOW, last_month()), status=200)
    assert {row["periodStatus"] for row in answer["list"]} == {"closed"}
    assert answer["totals"]["net"] == "70.00"


def test_staff_see_only_their_own_commission(month):
    nurse = api_client(entry=month["nurse_entry"])
    answer = assert_envelope(nurse.get(SHOW, last_month()), status=200)
    assert [row["staffName"] for row in answer["list"]] == ["张敏"]
    other = {**last_month(), "staffId": month["other"].pk}
    assert [row["staffName"] for row in assert_envelope(nurse.get(SHOW, other), status=200)["list"]] == ["张敏"]


def test_another_stores_commission_is_not_found(owner, chain, month):
    query = {**last_month(), "storeId": chain["other_store"].pk}
    assert_envelope(owner.get(SHOW, query), status=404, errcode="SYS-40400")


def test_select_offers_the_lines_filter_and_the_route(owner, month):
    answer = assert_envelope(owner.get(SELECT), status=200)
    assert answer["route"] == "/staffCommission"
    assert [extra["name"] for extra in answer["extra"]] == ["detail"]


def test_a_closed_month_is_exported_for_payroll_through_the_download_centre(owner, store, month, settings, tmp_path):
    from io import BytesIO

    from openpyxl import load_workbook

    from erp.celery import app as celery_app

    settings.MEDIA_ROOT = str(tmp_path)
    period_close(actor=SYSTEM_ACTOR, store_id=store.pk, month=month_ago(1))
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    try:
        queued = owner.post("/rest/businessReportCommission/export", last_month(), format="json")
        job_id = assert_envelope(queued, status=202)["jobId"]
    finally:
        celery_app.conf.task_always_eager = previous
    response = owner.get(f"/rest/downloadCenter/file/{job_id}")
    assert response.status_code == 200
    sheet = load_workbook(BytesIO(b"".join(response.streaming_content))).worksheets[0]
    header = [cell.value for cell in sheet[1]]
    rows = [dict(zip(header, row, strict=True)) for row in sheet.iter_rows(min_row=2, values_only=True)]
    nets = {row["staff"]: row["net"] for row in rows}
    assert nets == {"张敏": 45, "吴佳怡": 25}  # money cells are numbers
    assert {row["period"] for row in rows} == {"closed"}


def test_an_open_months_figures_from_the_summaries_equal_its_lines_added_up(owner, store, month):
    """On top of `month`: a project of 3 sessions shared 1/3–2/3 by the two nurses, partly paid from
    stored value (card consumption and service credits of one line), a session of it refunded; a
    service plan with a fixed amount per session and a version from the 15th in the other tier mode.
    The report (summed from the staff-kind-day summary) says what the periods call (the credits,
    line by line) says, figure by figure."""
    from apps.billing.tests.factories import committed_order, line
    from apps.billing.till.checkout import TenderAsked, order_pay
    from apps.cards.tests.factories import stored_value_card
    from apps.catalog.tests.factories import ProjectFactory
    from apps.commission.selectors import period_row
    from apps.commission.services import version_create
    from apps.commission.tests.factories import version
    from apps.members.tests.factories import MemberFactory

    first = month_ago(1)
    service = plan(EmployeePosition.NURSE, CreditKind.SERVICE, month_ago(6), [(0, 3), (500, 7)], per_session="12.5")
    version_create(
        actor=SYSTEM_ACTOR,
        plan=service,
        version=version(first.replace(day=15), [(0, 4), (300, 9.5)], mode="above", per_session="7.33"),
    )
    plan(EmployeePosition.NURSE, CreditKind.CARD_CONSUMPTION, month_ago(6), [(0, 2.5)], per_session="3")
    project = ProjectFactory(name="头皮护理", price=Decimal("333.33"))
    member = MemberFactory(home_store=store)
    card = stored_value_card(member=member, paid="250.00", store=store)
    for day in (7, 18):
        order = committed_order(
            store=store,
            member=member,
            lines=[line("project", project, qty=3, staff=[(month["nurse"], "0.3333"), (month["other"], "0.6667")])],
            today=first.replace(day=day),
        )
        order_pay(
            actor=SYSTEM_ACTOR,
            order_id=order.pk,
            tenders=[
                TenderAsked("storedValue", Decimal("100.00"), card_id=card.pk),
                TenderAsked("cash", order.payable - 100),
            ],
        )
        refunded(order, day=first.replace(day=day + 2), qty=1)

    def key(staff, kind_name, version_label):
        return (staff, kind_name, version_label)

    figures = ("baseAmount", "sessions", "monthTotal", "tierFrom", "rate", "commission", "clawback", "net")
    with translation.override("en"):  # the kinds' names as the report gives them to the test client
        from_lines = {
            key(f["staffName"], f["kindName"], f["planVersion"]): tuple(f[name] for name in figures)
            for f in period_row(store_id=store.pk, month=first)["figures"]
        }
    report = assert_envelope(owner.get(SHOW, {**last_month(), "pageSize": 100}), status=200)["list"]
    from_sums = {
        key(r["staffName"], r["kindName"], r["planVersion"]): tuple(r[name] for name in figures) for r in report
    }
    assert len(from_lines) >= 6
    assert from_sums == from_lines


def test_a_version_written_later_reprices_the_months_from_its_start(owner, store, month):
    """The report's months are priced ahead (the commission month summary): a version written after
    the sales marks every month from its start, so the next call shows the new rate; a month before
    its start keeps the old one."""
    from apps.commission.services import version_create
    from apps.commission.tests.factories import version

    two_months_ago = month_ago(2)
    product = stocked(store, "100", name="护发素", price=Decimal("100.00"))
    sold(store, month["other"], product, day=month_ago(2, 5), qty=4)
    earlier = {"from": two_months_ago.isoformat(), "to": last_month()["to"]}
    before = assert_envelope(owner.get(SHOW, earlier), status=200)
    assert {(row["month"], row["rate"]) for row in before["list"]} == {
        (f"{two_months_ago:%Y-%m}", "5.00"),
        (f"{month_ago(1):%Y-%m}", "5.00"),
    }
    version_create(actor=SYSTEM_ACTOR, plan=month["plan"], version=version(month_ago(1), [(0, 8)]))

    after = assert_envelope(owner.get(SHOW, earlier), status=200)
    by_month = {(row["month"], row["staffName"]): row for row in after["list"]}
    kept = by_month[(f"{two_months_ago:%Y-%m}", "吴佳怡")]
    assert (kept["rate"], kept["commission"], kept["periodStatus"]) == ("5.00", "20.00", "open")
    repriced = by_month[(f"{month_ago(1):%Y-%m}", "张敏")]
    assert (repriced["rate"], repriced["commission"], repriced["clawback"]) == ("8.00", "96.00", "-24.00")
    assert repriced["planVersion"] == f"{month['plan'].name} · {month_ago(1).isoformat()}"


def test_the_audit_finds_a_commission_month_unlike_its_pricing_and_the_nightly_check_reprices_it(owner, store, month):
    from apps.core.ledgers import ledger_audits
    from apps.core.models import SystemLog
    from apps.reports.choices import AuditAction
    from apps.reports.summaries.models import CommissionMonthSummary
    from apps.reports.summaries.services import summaries_check

    assert_envelope(owner.get(SHOW, last_month()), status=200)
    assert list(ledger_audits()["summaries"]()) == []
    CommissionMonthSummary.objects.filter(employee_id=month["nurse"].pk).update(commission_amount=Decimal("1.00"))

    (found,) = list(ledger_audits()["summaries"]())
    assert found.field == "reports_commissionmonthsummary" and found.record == f"store {store.pk} {month_ago(1):%Y-%m}"
    differences = summaries_check(days=40)
    assert [(d.store_id, d.month) for d in differences] == [(store.pk, month_ago(1))]
    assert list(ledger_audits()["summaries"]()) == []
    assert SystemLog.objects.filter(action=AuditAction.SUMMARIES_CORRECTED, store_id=store.pk).exists()
    mine = next(
        row for row in assert_envelope(owner.get(SHOW, last_month()), status=200)["list"] if row["staffName"] == "张敏"
    )
    assert mine["commission"] == "60.00"


def test_head_office_lists_each_credit_of_a_store_or_a_staff_member_not_of_the_whole_chain(chain, month, make_entry):
    """The lines are priced one by one: a region's or the chain's credits for a year are millions.
    Head office is refused them (on the filter, in both languages), before an export is queued; a
    store's or a staff member's lines are served."""
    from apps.reports.models import ExportJob

    head_office = api_client(entry=make_entry(chain["head_office"], codes=[REPORT_FIGURES_CODE], kind="owner"))
    query = {**last_month(), "detail": "lines"}
    refused = head_office.get(SHOW, query)
    assert_envelope(refused, status=400, errcode="VALID-40000")
    assert refused.json()["data"]["fields"] == {
        "detail": ["choose a store or a staff member to list each staff credit's commission"]
    }
    in_chinese = head_office.get(SHOW, query, HTTP_ACCEPT_LANGUAGE="zh-hans").json()["errmsg"]
    assert in_chinese == "请选择门店或员工后再查看每条业绩的提成"
    export = head_office.post("/rest/businessReportCommission/export", query, format="json")
    assert_envelope(export, status=400, errcode="VALID-40000")
    assert not ExportJob.objects.exists()
    lines = assert_envelope(head_office.get(SHOW, {**query, "storeId": month["nurse"].store_id}), status=200)
    assert len(lines["list"]) == 3
    one = assert_envelope(head_office.get(SHOW, {**query, "staffId": month["nurse"].pk}), status=200)
    assert len(one["list"]) == 2
