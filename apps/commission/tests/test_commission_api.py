"""Staff commission through HTTP: plans as versions (codes, scope, the chain's plans head office's),
periods read and closed (Idempotency-Key), a staff member's own figures, and changeNurse refused in
a closed period, in both languages."""

from __future__ import annotations

import pytest

from apps.accounts.testing import api_client
from apps.billing.choices import CreditKind
from apps.billing.tests.factories import committed_order, line
from apps.commission.choices import AuditAction
from apps.commission.models import CommissionPeriod, PlanVersion
from apps.commission.tests.factories import month_ago, plan, sold
from apps.core.models import SystemLog
from apps.core.page_registry import code_of
from apps.core.role_codes import COMMISSION_CLOSE, COMMISSION_PLAN, CREDIT_MOVE
from apps.core.testing import assert_envelope
from apps.staff.choices import EmployeePosition

pytestmark = pytest.mark.django_db
PLANS = "/rest/commission/plans"
PERIODS = "/rest/commission/periods"
CLOSE = "/rest/commission/period/close"
MINE = "/rest/commission/mine"
OWNER_CODES = [COMMISSION_PLAN.code, COMMISSION_CLOSE.code]


def new_plan(store_id=None, since=None, **extra):
    body = {
        "name": "护理师产品提成",
        "position": "nurse",
        "kind": "sale",
        "version": {
            "effectiveFrom": (since or month_ago(1)).isoformat(),
            "tierMode": "above",
            "perSession": "0",
            "tiers": [{"fromAmount": "0", "rate": "5"}, {"fromAmount": "10000", "rate": "8"}],
        },
        **extra,
    }
    if store_id is not None:
        body["storeId"] = store_id
    return body


@pytest.fixture
def owner(store, make_entry):
    return api_client(entry=make_entry(store, codes=OWNER_CODES, kind="owner"))


@pytest.fixture
def head_office(chain, make_entry):
    return api_client(entry=make_entry(chain["head_office"], codes=OWNER_CODES, kind="owner"))


def test_the_owner_makes_a_store_plan_and_edits_it_as_a_new_version_with_the_system_log(owner, store):
    created = assert_envelope(owner.post(PLANS, new_plan(), format="json"), status=200)
    assert (created["storeId"], created["kind"], created["versionCount"]) == (store.pk, "sale", 1)
    assert created["current"]["tiers"] == [
        {"fromAmount": "0.00", "rate": "5.00"},
        {"fromAmount": "10000.00", "rate": "8.00"},
    ]
    version = {
        "effectiveFrom": month_ago(0).isoformat(),
        "tierMode": "whole",
        "tiers": [{"fromAmount": "0", "rate": "6"}],
    }
    path = f"/rest/commission/plan/{created['planId']}/version"
    detail = assert_envelope(owner.post(path, version, format="json", headers={"Idempotency-Key": "v2"}), status=200)
    again = assert_envelope(owner.post(path, version, format="json", headers={"Idempotency-Key": "v2"}), status=200)
    assert again == detail
    assert [v["effectiveFrom"] for v in detail["versions"]] == [month_ago(0).isoformat(), month_ago(1).isoformat()]
    assert [v["inForce"] for v in detail["versions"]] == [True, False]
    assert PlanVersion.objects.count() == 2
    actions = list(
        SystemLog.objects.filter(action__startswith="commission.").order_by("id").values_list("action", flat=True)
    )
    assert actions == [AuditAction.PLAN_CREATED, AuditAction.VERSION_CREATED]

    listed = assert_envelope(owner.get(PLANS), status=200)
    assert [p["planId"] for p in listed] == [created["planId"]]


def test_a_plans_form_is_checked_in_the_callers_language(owner, make_entry, store):
    bad = new_plan()
    bad["version"]["tiers"] = [{"fromAmount": "100", "rate": "5"}]
    body = owner.post(PLANS, bad, format="json").json()
    assert (body["errcode"], body["errmsg"]) == ("VALID-40000", "the first tier starts at 0")
    zh = api_client(entry=make_entry(store, codes=OWNER_CODES, kind="owner"), language="zh-hans")
    body = zh.post(PLANS, bad, format="json").json()
    assert body["errcode"] == "VALID-40000" and body["errmsg"] == "第一档须从 0 开始"


def test_the_chains_plans_are_head_offices_to_change_and_every_store_reads_them(head_office, owner, chain):
    created = assert_envelope(head_office.post(PLANS, new_plan(), format="json"), status=200)
    assert created["storeId"] is None
    assert [p["planId"] for p in assert_envelope(owner.get(PLANS), status=200)] == [created["planId"]]
    version = {
        "effectiveFrom": month_ago(0).isoformat(),
        "tierMode": "whole",
        "tiers": [{"fromAmount": "0", "rate": "6"}],
    }
    path = f"/rest/commission/plan/{created['planId']}/version"
    assert_envelope(owner.post(path, version, format="json"), status=403, errcode="AUTH-40300")
    assert_envelope(head_office.post(path, version, format="json"), status=200)


def test_another_stores_plan_is_not_found_and_plans_need_the_code(owner, other_store, make_entry, store):
    other_owner = api_client(entry=make_entry(other_store, codes=OWNER_CODES, kind="owner"))
    theirs = assert_envelope(other_owner.post(PLANS, new_plan(), format="json"), status=200)
    assert_envelope(owner.get(f"/rest/commission/plan/{theirs['planId']}"), status=404, errcode="SYS-40400")
    assert_envelope(owner.get(PLANS, {"storeId": other_store.pk}), status=404, errcode="SYS-40400")
    assert assert_envelope(owner.get(PLANS), status=200) == []
    nurse = api_client(entry=make_entry(store, codes=[code_of("/orderBoard")]))
    assert_envelope(nurse.get(PLANS), status=403, errcode="AUTH-40300")
    assert_envelope(
        nurse.post(CLOSE, {"month": f"{month_ago(1):%Y-%m}"}, format="json"), status=403, errcode="AUTH-40300"
    )


def test_a_version_inside_a_closed_month_is_refused_with_the_first_open_day(owner, store):
    created = assert_envelope(owner.post(PLANS, new_plan(since=month_ago(3)), format="json"), status=200)
    assert_envelope(owner.post(CLOSE, {"month": f"{month_ago(2):%Y-%m}"}, format="json"), status=200)
    version = {
        "effectiveFrom": month_ago(2, 15).isoformat(),
        "tierMode": "whole",
        "tiers": [{"fromAmount": "0", "rate": "9"}],
    }
    body = owner.post(f"/rest/commission/plan/{created['planId']}/version", version, format="json").json()
    assert body["errcode"] == "COM-40903"
    assert month_ago(1).isoformat() in body["errmsg"]
    detail = assert_envelope(owner.get(f"/rest/commission/plan/{created['planId']}"), status=200)
    assert detail["firstOpenDay"] == month_ago(1).isoformat()
    assert detail["versions"][0]["frozen"] is True


def test_the_owner_reads_and_closes_a_month_once_and_staff_see_only_their_own(owner, store, make_entry, product):
    from apps.staff.tests.factories import EmployeeFactory

    nurse_entry = make_entry(store, codes=[code_of("/orderBoard")], kind="store_employee")
    nurse = EmployeeFactory(store=store, name="张敏", position=EmployeePosition.NURSE, user=nurse_entry.user)
    other = EmployeeFactory(store=store, name="吴佳怡", position=EmployeePosition.NURSE)
    plan(EmployeePosition.NURSE, CreditKind.SALE, month_ago(6), [(0, 10)])
    sold(store, nurse, product, day=month_ago(1, 3), qty=2)
    sold(store, other, product, day=month_ago(1, 4), qty=5)
    month = f"{month_ago(1):%Y-%m}"

    period = assert_envelope(owner.get(PERIODS, {"month": month}), status=200)
    assert (period["status"], period["net"]) == ("open", "70.00")
    assert {(f["staffName"], f["net"]) for f in period["figures"]} == {("张敏", "20.00"), ("吴佳怡", "50.00")}

    headers = {"Idempotency-Key": "close-1"}
    closed = assert_envelope(owner.post(CLOSE, {"month": month}, format="json", headers=headers), status=200)
    replay = assert_envelope(owner.post(CLOSE, {"month": month}, format="json", headers=headers), status=200)
    assert closed == replay and closed["status"] == "closed" and CommissionPeriod.objects.count() == 1
    assert_envelope(owner.post(CLOSE, {"month": month}, format="json"), status=409, errcode="COM-40901")
    this_month = f"{month_ago(0):%Y-%m}"
    assert_envelope(owner.post(CLOSE, {"month": this_month}, format="json"), status=409, errcode="COM-40902")

    mine = assert_envelope(api_client(entry=nurse_entry).get(MINE, {"month": month}), status=200)
    assert [(f["staffName"], f["net"]) for f in mine["figures"]] == [("张敏", "20.00")]
    assert mine["status"] == "closed"
    assert_envelope(api_client(entry=nurse_entry).get(PERIODS, {"month": month}), status=403, errcode="AUTH-40300")
    stranger = api_client(entry=make_entry(store, codes=[code_of("/orderBoard")]))
    assert assert_envelope(stranger.get(MINE, {"month": month}), status=200)["figures"] == []


def test_another_stores_period_is_not_found(owner, other_store):
    assert_envelope(
        owner.get(PERIODS, {"month": "2026-01", "storeId": other_store.pk}), status=404, errcode="SYS-40400"
    )
    assert_envelope(
        owner.post(CLOSE, {"month": "2026-01", "storeId": other_store.pk}, format="json"),
        status=404,
        errcode="SYS-40400",
    )


@pytest.mark.parametrize("month", ["0000-01", "1899-12", "2101-01"])
def test_a_month_outside_the_dates_range_is_refused_not_a_server_error(owner, month):
    for path in (PERIODS, MINE):
        answer = owner.get(path, {"month": month})
        assert_envelope(answer, status=400, errcode="VALID-40000")
        assert "1900-01-01" in answer.json()["errmsg"]


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "the staff commission of this month is closed: staff credits of its days can no longer change"),
        ("zh-hans", "本月员工提成已结算：其中各天的员工业绩不能再变动"),
    ],
)
def test_change_nurse_is_refused_when_the_orders_day_is_in_a_closed_period(
    store, make_entry, product, nurse, language, message
):
    """The check billing asks commission through its hook: a day of a closed month (here the current
    month's row, written directly: a month closes only once ended, when its paid orders' staff no
    longer change, so this guards the credits against any path that reaches them)."""
    from apps.billing.tests.factories import CASHIER
    from apps.billing.till.checkout import TenderAsked, order_pay
    from apps.staff.tests.factories import EmployeeFactory

    codes = [code_of("/account"), code_of("/orderDetails"), CREDIT_MOVE.code]
    client = api_client(entry=make_entry(store, codes=codes), language=language)
    order = committed_order(store=store, lines=[line("product", product, staff=[(nurse, "1")])])
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])
    CommissionPeriod.objects.create(store=store, month=month_ago(0))
    body = {
        "orderId": order.pk,
        "orderLineId": order.lines.get().pk,
        "staff": [{"employeeId": EmployeeFactory(store=store).pk, "share": "1"}],
        "reason": "记错了护理师",
    }
    answer = client.post("/rest/order/changeNurse", body, format="json").json()
    assert (answer["errcode"], answer["errmsg"]) == ("ORD-40905", message)
