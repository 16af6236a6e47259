"""Committing and cancelling orders through the API (contract §8): the answer's shape, the checks
(each a field in the envelope, nothing written), scoping, default staff, idempotency."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connections
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.choices import AuditAction
from apps.billing.models import Order, OrderLine, OrderLineStaff, Tender
from apps.billing.tests.conftest import CASHIER
from apps.billing.tests.factories import committed_order, line
from apps.booking.choices import ReservationStatus
from apps.booking.tests.factories import ReservationFactory
from apps.cards.choices import CardStatus
from apps.cards.tests.factories import package_card, stored_value_card
from apps.catalog.models import CardTypeDiscount
from apps.catalog.tests.factories import CardTypeFactory, ProductFactory, ProjectFactory
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.staff.choices import EmployeeStatus
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db

COMMIT = "/rest/order/commit"
CANCEL = "/rest/order/cancel"


def _line(type="product", item=None, **extra):
    return {"type": type, "itemId": getattr(item, "pk", item), **extra}


def nothing_written():
    return (
        not Order.objects.exists()
        and not OrderLine.objects.exists()
        and not SystemLog.objects.filter(action=AuditAction.ORDER_COMMITTED).exists()
    )


def test_a_commit_answers_the_contracts_shape_and_writes_the_order_its_lines_staff_and_log(
    client, store, member, nurse, product, project
):
    body = {
        "memId": member.pk,
        "lines": [
            _line("product", product, qty=2),
            _line("project", project, staff=[{"employeeId": nurse.pk, "share": "1"}]),
        ],
        "remark": "老客",
    }
    response = client.post(COMMIT, body, format="json")
    order = assert_envelope(response, status=201)
    assert response.json()["errmsg"] == "saved"
    saved = Order.objects.get()
    assert set(order) == {"orderId", "orderNo", "status", "total", "discount", "sessionsValue", "payable", "lines"}
    assert order["orderId"] == saved.pk and order["status"] == "unpaid"
    assert order["orderNo"] == f"SO{timezone.localdate():%Y%m%d}{saved.pk:08d}"
    assert (order["total"], order["discount"], order["payable"]) == ("498.00", "0.00", "498.00")
    first, second = order["lines"]
    assert set(first) == {
        "orderLineId",
        "type",
        "itemId",
        "name",
        "qty",
        "unitPrice",
        "discount",
        "sessionsValue",
        "amount",
        "cardId",
    }
    assert first == {
        "orderLineId": first["orderLineId"],
        "type": "product",
        "itemId": product.pk,
        "name": "洗发水",
        "qty": 2,
        "unitPrice": "100.00",
        "discount": "0.00",
        "sessionsValue": "0.00",
        "amount": "200.00",
        "cardId": None,
    }
    assert second["type"] == "project" and second["amount"] == "298.00"
    assert saved.business_date == timezone.localdate() and saved.store_id == store.pk
    assert (saved.name, saved.phone, saved.member_id, saved.remark) == ("王芳", "13912345678", member.pk, "老客")
    assert list(OrderLineStaff.objects.values_list("employee_id", "share")) == [(nurse.pk, Decimal("1"))]
    log = SystemLog.objects.get(action=AuditAction.ORDER_COMMITTED)
    assert log.detail["orderNo"] == order["orderNo"] and log.detail["payable"] == "498.00"


def test_a_walk_in_order_keeps_the_walk_ins_name_and_phone(client, product):
    body = {"walkIn": {"name": "路人", "areaCode": "00852", "phone": "61234567"}, "lines": [_line("product", product)]}
    assert_envelope(client.post(COMMIT, body, format="json"), status=201)
    order = Order.objects.get()
    assert (order.member_id, order.name, order.area_code, order.phone) == (None, "路人", "00852", "61234567")


def test_a_client_never_sends_a_price_the_server_prices_the_lines(client, member, project):
    card = stored_value_card(member=member)
    CardTypeDiscount.objects.create(card_type=card.card_type, category=project.category, rate=Decimal("0.5"))
    body = {"memId": member.pk, "lines": [_line("project", project, cardId=card.pk, unitPrice="0.01")]}
    order = assert_envelope(client.post(COMMIT, body, format="json"), status=201)
    assert order["lines"][0]["unitPrice"] == "298.00" and order["lines"][0]["amount"] == "149.00"
    assert order["discount"] == "149.00" and order["payable"] == "149.00"
    assert OrderLine.objects.get().discounts == [{"source": "card", "name": card.card_type.name, "amount": "149.00"}]


def test_the_reservations_nurse_serves_its_projects_when_no_staff_is_named(
    client, store, member, nurse, project, product
):
    reservation = ReservationFactory(store=store, member=member, nurse=nurse, projects=[project])
    body = {
        "memId": member.pk,
        "reservationId": reservation.pk,
        "lines": [_line("project", project), _line("product", product)],
    }
    assert_envelope(client.post(COMMIT, body, format="json"), status=201)
    project_line, product_line = OrderLine.objects.order_by("id")
    assert [(s.employee_id, s.share) for s in project_line.staff.all()] == [(nurse.pk, Decimal("1"))]
    assert not product_line.staff.exists()
    assert Order.objects.get().reservation_id == reservation.pk


def test_staff_shares_are_split_on_a_line(client, store, member, product):
    first, second = EmployeeFactory(store=store), EmployeeFactory(store=store)
    staff = [{"employeeId": first.pk, "share": "0.6"}, {"employeeId": second.pk, "share": "0.4"}]
    assert_envelope(
        client.post(COMMIT, {"memId": member.pk, "lines": [_line("product", product, staff=staff)]}, format="json"),
        status=201,
    )
    assert sorted(OrderLineStaff.objects.values_list("share", flat=True)) == [Decimal("0.4"), Decimal("0.6")]


@pytest.fixture
def refusals(store, member, product):
    """Bodies refused with a field each: (body builder, field)."""
    left = EmployeeFactory(store=store, status=EmployeeStatus.LEFT, left_date=timezone.localdate())
    here = EmployeeFactory(store=store)
    switched_off = ProductFactory(enabled=False)
    product_line = _line("product", product)

    def mine(*lines, **extra):
        return {"memId": member.pk, "lines": list(lines), **extra}

    def walk_in(**who):
        return {"walkIn": who, "lines": [product_line]}

    def staffed(*shares):
        return mine(_line("product", product, staff=[{"employeeId": e.pk, "share": s} for e, s in shares]))

    return {
        "no customer": ({"lines": [product_line]}, "memId"),
        "walk-in without a name": (walk_in(name=" ", phone="13912345678"), "walkIn.name"),
        "walk-in with a bad phone": (walk_in(name="路人", areaCode="0086", phone="1234"), "walkIn.phone"),
        "walk-in name too long": (walk_in(name="路" * 21, phone="13912345678"), "walkIn.name"),
        "unknown member": ({"memId": 999999, "lines": [product_line]}, "memId"),
        "no lines": (mine(), "lines"),
        "too many lines": (mine(*[product_line] * 51), "lines"),
        "quantity 0": (mine(_line("product", product, qty=0)), "lines[0].qty"),
        "quantity 1000": (mine(_line("product", product, qty=1000)), "lines[0].qty"),
        "unknown item": (mine(product_line, _line("product", 999999)), "lines[1].itemId"),
        "item switched off": (mine(_line("product", switched_off)), "lines[0].itemId"),
        "no item": (mine(_line("project")), "lines[0].itemId"),
        "a price on a product": (mine(_line("product", product, amount="1.00")), "lines[0].amount"),
        "shares not adding to 1": (staffed((here, "0.5")), "lines[0].staff"),
        "a share of 0": (staffed((here, "0"), (left, "1")), "lines[0].staff"),
        "an employee twice": (staffed((here, "0.5"), (here, "0.5")), "lines[0].staff"),
        "an employee who left": (staffed((left, "1")), "lines[0].staff"),
        "a card for a walk-in": (
            {"walkIn": {"name": "路人", "phone": "13912345678"}, "lines": [_line("cardType", CardTypeFactory())]},
            "lines[0].type",
        ),
        "a remark too long": (mine(product_line, remark="备" * 201), "remark"),
    }


@pytest.mark.parametrize(
    "case",
    [
        "no customer",
        "walk-in without a name",
        "walk-in with a bad phone",
        "walk-in name too long",
        "unknown member",
        "no lines",
        "too many lines",
        "quantity 0",
        "quantity 1000",
        "unknown item",
        "item switched off",
        "no item",
        "a price on a product",
        "shares not adding to 1",
        "a share of 0",
        "an employee twice",
        "an employee who left",
        "a card for a walk-in",
        "a remark too long",
    ],
)
def test_a_refused_commit_names_the_field_and_writes_nothing(client, refusals, case):
    body, field = refusals[case]
    refused = assert_envelope(client.post(COMMIT, body, format="json"), status=400, errcode="VALID-40000")
    assert field in refused["fields"], refused
    assert nothing_written()


def test_card_lines_must_fit_their_card(client, member, product, project):
    stored = stored_value_card(member=member)
    package = package_card(member=member, sessions=2)
    covered = package.sessions.get().project
    cases = [
        (_line("product", product, cardId=package.pk), "lines[0].cardId"),  # a package card pays projects only
        (_line("project", project, cardId=package.pk), "lines[0].cardId"),  # a project the card does not hold
        (_line("topUp", cardId=package.pk, amount="100"), "lines[0].cardId"),  # only stored value is topped up
        (_line("topUp", amount="100"), "lines[0].cardId"),  # a top-up names its card
        (_line("topUp", cardId=stored.pk, amount="0"), "lines[0].amount"),
        (_line("topUp", cardId=stored.pk, amount="100000.01"), "lines[0].amount"),
        (_line("topUp", cardId=stored.pk, amount="100", qty=2), "lines[0].qty"),
        (_line("cardType", CardTypeFactory(), cardId=stored.pk), "lines[0].cardId"),
    ]
    for bad_line, field in cases:
        refused = client.post(COMMIT, {"memId": member.pk, "lines": [bad_line]}, format="json")
        assert field in assert_envelope(refused, status=400, errcode="VALID-40000")["fields"], (
            bad_line,
            refused.json(),
        )
    too_many = client.post(
        COMMIT, {"memId": member.pk, "lines": [_line("project", covered, cardId=package.pk, qty=3)]}, format="json"
    )
    assert_envelope(too_many, status=409, errcode="CARD-40902")
    assert nothing_written()


def test_a_card_that_is_not_usable_is_refused(client, member, product):
    card = stored_value_card(member=member)
    card.status = CardStatus.FROZEN
    card.save()
    refused = client.post(
        COMMIT, {"memId": member.pk, "lines": [_line("product", product, cardId=card.pk)]}, format="json"
    )
    assert_envelope(refused, status=409, errcode="CARD-40903")
    assert nothing_written()


def test_another_stores_reservation_another_members_card_and_another_stores_employee_are_not_found(
    client, other_store, member, product, project
):
    elsewhere = ReservationFactory(store=other_store, member=member, projects=[project])
    someone_elses = stored_value_card(member=MemberFactory())
    their_employee = EmployeeFactory(store=other_store)
    bodies = [
        {"memId": member.pk, "reservationId": elsewhere.pk, "lines": [_line("project", project)]},
        {"memId": member.pk, "lines": [_line("product", product, cardId=someone_elses.pk)]},
        {"memId": member.pk, "lines": [_line("topUp", cardId=someone_elses.pk, amount="100")]},
        {
            "memId": member.pk,
            "lines": [_line("product", product, staff=[{"employeeId": their_employee.pk, "share": "1"}])],
        },
    ]
    for body in bodies:
        assert_envelope(client.post(COMMIT, body, format="json"), status=404, errcode="SYS-40400")
    assert nothing_written()


def test_a_reservation_of_another_customer_or_cancelled_is_refused(client, store, member, project):
    theirs = ReservationFactory(store=store, member=MemberFactory(), projects=[project])
    cancelled = ReservationFactory(
        store=store, member=member, projects=[project], status=ReservationStatus.CANCELLED, cancel_reason="other"
    )
    for reservation in (theirs, cancelled):
        body = {"memId": member.pk, "reservationId": reservation.pk, "lines": [_line("project", project)]}
        refused = assert_envelope(client.post(COMMIT, body, format="json"), status=400, errcode="VALID-40000")
        assert "reservationId" in refused["fields"]
    assert nothing_written()


def test_the_same_idempotency_key_twice_makes_one_order(client, member, product):
    client.credentials(HTTP_IDEMPOTENCY_KEY="commit-1", **_auth(client))
    body = {"memId": member.pk, "lines": [_line("product", product)]}
    first = client.post(COMMIT, body, format="json")
    again = client.post(COMMIT, body, format="json")
    assert first.status_code == again.status_code == 201 and first.content == again.content
    assert Order.objects.count() == 1
    other = client.post(COMMIT, {**body, "remark": "x"}, format="json")
    assert_envelope(other, status=409, errcode="SYS-40901")


def _auth(client) -> dict[str, str]:
    """The client's token headers, which `credentials` would otherwise replace."""
    return {
        "HTTP_AUTHORIZATION": f"Bearer {client.issued['access']}",
        "HTTP_X_ACCOUNT_VERSION": client.issued["accountVersion"],
    }


@pytest.mark.django_db(transaction=True)
def test_one_key_sent_ten_times_at_once_makes_one_order(chain, make_entry):
    entry = make_entry(chain["store"], codes=[CASHIER])
    member = MemberFactory(home_store=chain["store"])
    product = stocked(chain["store"], "10")
    body = {"memId": member.pk, "lines": [_line("product", product)]}
    start = threading.Barrier(10)
    answers: list[tuple[int, bytes]] = []

    def send() -> None:
        try:
            client = api_client(entry=entry)
            client.credentials(HTTP_IDEMPOTENCY_KEY="double-click", **_auth(client))
            start.wait()
            response = client.post(COMMIT, body, format="json")
            answers.append((response.status_code, response.content))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(answers) == 10 and len(set(answers)) == 1 and answers[0][0] == 201
    assert Order.objects.count() == 1 and OrderLine.objects.count() == 1


def test_an_unpaid_order_is_cancelled_and_logged_once(client, store):
    order = committed_order(store=store)
    cancelled = assert_envelope(client.post(CANCEL, {"orderId": order.pk}, format="json"), status=200)
    assert cancelled["status"] == "cancelled" and cancelled["orderId"] == order.pk
    assert SystemLog.objects.filter(action=AuditAction.ORDER_CANCELLED).count() == 1
    assert_envelope(client.post(CANCEL, {"orderId": order.pk}, format="json"), status=409, errcode="ORD-40901")


def test_an_order_that_took_a_tender_is_not_cancelled(client, store):
    order = committed_order(store=store)
    Tender.objects.create(order=order, method="cash", amount=Decimal("1.00"), status="pending", store=store)
    assert_envelope(client.post(CANCEL, {"orderId": order.pk}, format="json"), status=409, errcode="ORD-40901")
    order.refresh_from_db()
    assert order.status == "unpaid"


def test_another_stores_order_is_not_found_for_cancel(other_client, store):
    order = committed_order(store=store)
    assert_envelope(other_client.post(CANCEL, {"orderId": order.pk}, format="json"), status=404, errcode="SYS-40400")


def test_a_project_paid_by_package_sessions_commits_at_0(client, member):
    card = package_card(member=member, sessions=5)
    project = card.sessions.get().project
    body = {"memId": member.pk, "lines": [_line("project", project, qty=2, cardId=card.pk)]}
    order = assert_envelope(client.post(COMMIT, body, format="json"), status=201)
    assert order["payable"] == "0.00" and order["lines"][0]["cardId"] == card.pk
    assert OrderLine.objects.get().discounts[0]["source"] == "sessions"
    assert card.sessions.get().left == 5  # sessions are taken at payment, not at commit


def test_a_card_purchase_and_a_top_up_commit_for_a_member(client, member):
    card_type = CardTypeFactory(price=Decimal("1000.00"))
    card = stored_value_card(member=member)
    body = {"memId": member.pk, "lines": [_line("cardType", card_type), _line("topUp", cardId=card.pk, amount="500")]}
    order = assert_envelope(client.post(COMMIT, body, format="json"), status=201)
    assert [(line["type"], line["amount"]) for line in order["lines"]] == [("cardType", "1000.00"), ("topUp", "500.00")]
    assert order["lines"][1]["itemId"] == card.card_type_id and order["payable"] == "1500.00"


def test_the_factory_commits_through_the_service(store, project):
    order = committed_order(store=store, lines=[line("project", ProjectFactory(price=Decimal("10.00")), qty=2)])
    assert order.payable == Decimal("20.00") and order.order_no.startswith("SO")
