"""Serving a write-off (`order/groupBuy`: an order paid by the coupon) and cancelling one
(`groupPurchasing/cancel`: undone at the platform, and the order refunded when it was served).
Serving tests write off by hand (Kuaishou); cancelling ones go through the fake Meituan too."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.models import Order, OrderLineStaff
from apps.billing.tests.conftest import ORDER_DETAILS
from apps.cards.models import Card, CardSession
from apps.catalog.tests.factories import CardTypeFactory, ProjectFactory, ProjectPackageLineFactory
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND, WRITE_OFF_CANCEL
from apps.core.testing import assert_envelope
from apps.groupbuy.models import WriteOff
from apps.staff.tests.factories import EmployeeFactory

from .factories import KUAISHOU, MEITUAN, mapped_deal
from .helpers import new_code

BOARD = code_of("/orderBoard")
CASHIER = code_of("/account")
SERVE = "/rest/order/groupBuy"
CANCEL = "/rest/groupPurchasing/cancel"


@pytest.fixture
def entry(store, make_entry):
    return make_entry(store, codes=[BOARD, CASHIER, WRITE_OFF_CANCEL.code])


def written_off(entry, platform_id=KUAISHOU, *, item=None, code=None, kind="project", language="en"):
    body = {
        "platformType": 1,
        "platformId": platform_id,
        "checkCode": code or new_code(),
        "phone": "13912345678",
    }
    if item is not None:
        body |= {"commodityType": kind, "commodityId": item.pk}
    call = "/rest/groupPurchasing/writeOffReview" if platform_id == MEITUAN else "/rest/groupPurchasing/writeOff"
    answer = api_client(entry=entry, language=language).post(call, body, format="json")
    return assert_envelope(answer, status=201)["recordId"]


def serve(entry, record_id, **extra):
    return api_client(entry=entry).post(SERVE, {"recordId": record_id, **extra}, format="json")


# -- serving ---------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_project_package_served_banks_its_sessions_on_a_package_card_of_the_member(entry, fixed_platforms):
    """A `package` coupon sells the project package as an order line paid by the coupon, and the
    payment issues the member the package's card with its sessions (decision 0038)."""
    line = ProjectPackageLineFactory(sessions=6, package__validity_days=90)
    record_id = written_off(entry, item=line.package, kind="package")
    served = assert_envelope(serve(entry, record_id), status=200)
    record = WriteOff.objects.get(pk=record_id)
    order = Order.objects.get(pk=served["orderId"])
    assert order.member_id == record.member_id and order.status == "paid"
    assert [(li.type, li.item_id) for li in order.lines.all()] == [("projectPackage", line.package_id)]
    assert [(t.method, t.amount) for t in order.tenders.all()] == [("groupBuy", line.package.price)]
    assert served["record"]["statusLabel"] == "served" and served["status"] == "done"
    card = Card.objects.get(member=record.member)
    assert (card.kind, card.card_type.project_package_id, order.lines.get().card_id) == (
        "package",
        line.package_id,
        card.pk,
    )
    assert card.expires_on == timezone.localdate() + timedelta(days=90)
    assert list(CardSession.objects.filter(card=card).values_list("project_id", "left")) == [(line.project_id, 6)]
    assert audit_all() == []


@pytest.mark.django_db
def test_a_package_card_type_is_no_group_buy_item_as_sessions_are_sold_as_the_package(entry, fixed_platforms):
    line = ProjectPackageLineFactory(sessions=6)
    card_type = CardTypeFactory(kind="package", project_package=line.package, face_value=0, price=Decimal("399.00"))
    body = {"platformType": 1, "platformId": KUAISHOU, "checkCode": new_code(), "phone": "13912345678"}
    body |= {"commodityType": "card", "commodityId": card_type.pk}
    answer = api_client(entry=entry).post("/rest/groupPurchasing/writeOff", body, format="json")
    data = assert_envelope(answer, status=400, errcode="VALID-40000")
    assert data["fields"] == {"commodityId": ["the store does not sell this item"]}
    assert not WriteOff.objects.exists() and not Card.objects.exists()


@pytest.mark.django_db
def test_a_card_type_served_gives_the_member_the_card(entry, fixed_platforms):
    card_type = CardTypeFactory(price=Decimal("500.00"), face_value=Decimal("600.00"))
    record_id = written_off(entry, item=card_type, kind="card")
    assert_envelope(serve(entry, record_id), status=200)
    card = Card.objects.get(member=WriteOff.objects.get(pk=record_id).member)
    assert (card.card_type_id, card.kind) == (card_type.pk, "storedValue")
    assert card.principal + card.gift == Decimal("600.00")


@pytest.mark.django_db
def test_serving_twice_is_refused(entry, fixed_platforms):
    record_id = written_off(entry, item=ProjectFactory())
    assert_envelope(serve(entry, record_id), status=200)
    again = serve(entry, record_id)
    assert_envelope(again, status=409, errcode="GB-40904")
    assert again.json()["errmsg"] == "only a written-off coupon that is not served yet can be served"
    assert Order.objects.count() == 1


@pytest.mark.django_db
def test_a_record_written_off_without_an_item_is_served_with_one(entry, fixed_platforms):
    record_id = written_off(entry)
    answer = serve(entry, record_id)
    data = assert_envelope(answer, status=400, errcode="VALID-40000")
    assert data["fields"] == {"commodityId": ["please select project package / project / card"]}
    assert Order.objects.count() == 0
    project = ProjectFactory(price=Decimal("168.00"))
    served = assert_envelope(serve(entry, record_id, commodityType="project", commodityId=project.pk), status=200)
    assert served["record"]["commodity"] == {
        "type": "project",
        "id": project.pk,
        "name": project.name,
        "unifiedCode": project.code,
    }
    assert Order.objects.get(pk=served["orderId"]).payable == Decimal("168.00")


@pytest.mark.django_db
def test_the_staff_shares_reach_the_order_line(entry, store, fixed_platforms):
    first, second = EmployeeFactory(store=store), EmployeeFactory(store=store)
    record_id = written_off(entry, item=ProjectFactory())
    staff = [{"employeeId": first.pk, "share": "0.6000"}, {"employeeId": second.pk, "share": "0.4000"}]
    served = assert_envelope(serve(entry, record_id, staff=staff), status=200)
    line = Order.objects.get(pk=served["orderId"]).lines.get()
    shares = OrderLineStaff.objects.filter(line=line).order_by("employee_id").values_list("employee_id", "share")
    assert [(employee, f"{share:.4f}") for employee, share in shares] == [(first.pk, "0.6000"), (second.pk, "0.4000")]


@pytest.mark.django_db
def test_a_served_order_is_not_refunded_as_a_plain_order(entry, store, make_entry, fixed_platforms):
    record_id = written_off(entry, item=ProjectFactory())
    order = Order.objects.get(pk=assert_envelope(serve(entry, record_id), status=200)["orderId"])
    line = order.lines.get()
    refunder = api_client(
        entry=make_entry(store, codes=[code_of("/returnList"), code_of("/refundList"), ORDER_DETAILS, REFUND.code]),
        language="zh-hans",
    )
    answer = refunder.post(
        "/rest/recede/recede",
        {"orderId": order.pk, "lines": [{"orderLineId": line.pk}], "reason": "顾客不要了"},
        format="json",
    )
    assert_envelope(answer, status=409, errcode="ORD-40901")
    assert answer.json()["errmsg"] == "团购券支付的订单不能直接退款，请撤销对应的团购核销"
    assert order.refunds.count() == 0


@pytest.mark.django_db
def test_serving_needs_the_cashier_and_the_records_store(entry, store, other_store, make_entry, fixed_platforms):
    record_id = written_off(entry, item=ProjectFactory())
    board_only = make_entry(store, codes=[BOARD])
    assert_envelope(serve(board_only, record_id), status=403, errcode="AUTH-40300")
    elsewhere = make_entry(other_store, codes=[BOARD, CASHIER])
    assert_envelope(serve(elsewhere, record_id), status=404, errcode="SYS-40400")


# -- cancelling ------------------------------------------------------------------------------------


def cancel(entry, record_id, reason="顾客退款", language="en"):
    return api_client(entry=entry, language=language).post(
        CANCEL, {"recordId": record_id, "reason": reason}, format="json"
    )


@pytest.mark.django_db(transaction=True)
def test_an_unserved_write_off_is_cancelled_and_its_code_can_be_written_off_again(
    entry, fixed_platforms, platform_accounts
):
    _deal, project = mapped_deal(fixed_platforms[MEITUAN])
    code = new_code()
    record_id = written_off(entry, MEITUAN, item=project, code=code)
    cancelled = assert_envelope(cancel(entry, record_id), status=200)
    assert cancelled["status"] == "cancelled" and cancelled["orderId"] is None
    assert cancelled["record"]["cancelReason"] == "顾客退款"
    assert all(c.cancelled for c in platform_accounts["meituan"].book.of_code(code))
    again = written_off(entry, MEITUAN, item=project, code=code)
    assert WriteOff.objects.get(pk=again).status == "done"
    assert_envelope(cancel(entry, record_id), status=409, errcode="GB-40904")


@pytest.mark.django_db(transaction=True)
def test_a_served_write_off_cancelled_refunds_its_order(entry, fixed_platforms, platform_accounts):
    _deal, project = mapped_deal(fixed_platforms[MEITUAN])
    record_id = written_off(entry, MEITUAN, item=project)
    order_id = assert_envelope(serve(entry, record_id), status=200)["orderId"]
    cancelled = assert_envelope(cancel(entry, record_id), status=200)
    assert cancelled["status"] == "cancelled" and cancelled["orderId"] == order_id
    refund = Order.objects.get(pk=order_id).refunds.get()
    assert refund.amount == Order.objects.get(pk=order_id).payable
    assert audit_all() == []


@pytest.mark.django_db(transaction=True)
def test_a_cancel_after_the_platforms_window_is_refused_and_the_record_stays_done(
    entry, fixed_platforms, platform_accounts, monkeypatch
):
    _deal, project = mapped_deal(fixed_platforms[MEITUAN])
    record_id = written_off(entry, MEITUAN, item=project)
    order_id = assert_envelope(serve(entry, record_id), status=200)["orderId"]
    monkeypatch.setattr(platform_accounts["meituan"].book, "cancel_window_seconds", 0)
    answer = cancel(entry, record_id, language="zh-hans")
    data = assert_envelope(answer, status=409, errcode="GB-40902")
    assert data["platformMessage"] == "已超过可撤销时间"
    assert answer.json()["errmsg"] == "已超过平台允许的撤销时限，无法撤销该核销 (已超过可撤销时间)"
    record = WriteOff.objects.get(pk=record_id)
    assert (record.status, record.order_id) == ("done", order_id)
    assert Order.objects.get(pk=order_id).refunds.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize("reason", ["", "   "])
def test_a_cancel_needs_a_reason(entry, fixed_platforms, reason):
    record_id = written_off(entry, item=ProjectFactory())
    data = assert_envelope(cancel(entry, record_id, reason=reason), status=400, errcode="VALID-40000")
    assert data["fields"] == {"reason": ["please give the reason for cancelling"]}
    chinese = assert_envelope(
        cancel(entry, record_id, reason=reason, language="zh-hans"), status=400, errcode="VALID-40000"
    )
    assert chinese["fields"] == {"reason": ["请填写撤销原因"]}
    assert WriteOff.objects.get(pk=record_id).status == "done"


@pytest.mark.django_db
def test_cancelling_needs_its_button_code(store, make_entry, entry, fixed_platforms):
    record_id = written_off(entry, item=ProjectFactory())
    without = make_entry(store, codes=[BOARD, CASHIER])
    assert_envelope(cancel(without, record_id), status=403, errcode="AUTH-40300")
    assert WriteOff.objects.get(pk=record_id).status == "done"


@pytest.mark.django_db
def test_a_manual_write_off_is_cancelled_with_no_platform_asked(entry, fixed_platforms):
    code = new_code()
    record_id = written_off(entry, code=code, item=ProjectFactory())
    assert_envelope(serve(entry, record_id), status=200)
    assert assert_envelope(cancel(entry, record_id), status=200)["status"] == "cancelled"
    assert WriteOff.objects.get(pk=written_off(entry, code=code)).status == "done"
    assert audit_all() == []


@pytest.mark.django_db
def test_a_served_package_write_off_cancelled_takes_its_cards_sessions_back(entry, fixed_platforms):
    line = ProjectPackageLineFactory(sessions=6)
    record_id = written_off(entry, item=line.package, kind="package")
    assert_envelope(serve(entry, record_id), status=200)
    assert assert_envelope(cancel(entry, record_id), status=200)["status"] == "cancelled"
    card = Card.objects.get(member=WriteOff.objects.get(pk=record_id).member)
    assert (card.status, card.sessions.get().left) == ("closed", 0)
    assert list(card.entries.order_by("id").values_list("kind", "sessions_change")) == [
        ("sale", 6),
        ("refundOut", -6),
    ]
    assert audit_all() == []
