"""The remaining order calls (spec §7.8): isSurplusSize (sessions left for the order's lines),
judgment (can it be paid, and what stands in the way), diff (what is paid beyond the package and the
card) and changeNurse (another employee on a line; a paid line's credits move by reversing and new
entries, on its business day only)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db.models import Sum
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.choices import CreditKind
from apps.billing.models import Order, OrderLineStaff, StaffCredit
from apps.billing.tests.conftest import BILLS, CASHIER, ORDER_DETAILS
from apps.billing.tests.factories import committed_order, line
from apps.cards.choices import CardStatus
from apps.cards.tests.factories import package_card, stored_value_card
from apps.core.ledgers import audit_all
from apps.core.role_codes import CREDIT_MOVE
from apps.core.testing import assert_envelope
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db
D = Decimal
PAY = "/rest/pay/excute"
CHANGE = "/rest/order/changeNurse"


def get(client, path, status=200, errcode="0", **query):
    return assert_envelope(client.get(path, query), status=status, errcode=errcode)


def change(client, order, line_id, staff, status=200, errcode="0", reason="the desk named the wrong nurse"):
    body = {
        "orderId": order.pk,
        "orderLineId": line_id,
        "staff": [{"employeeId": e.pk, "share": share} for e, share in staff],
        "reason": reason,
    }
    return assert_envelope(client.post(CHANGE, body, format="json"), status=status, errcode=errcode)


def test_is_surplus_size_sums_the_lines_of_a_card_and_says_when_it_falls_short(client, store, member):
    card = package_card(member=member, sessions=3)
    project = card.sessions.get().project
    order = committed_order(store=store, member=member, lines=[line("project", project, card=card, qty=2)])
    answer = get(client, "/rest/order/isSurplusSize", orderId=order.pk)
    assert answer["enough"] is True
    assert [(s["cardId"], s["needed"], s["left"], s["enough"]) for s in answer["sessions"]] == [(card.pk, 2, 3, True)]
    card.sessions.update(left=1)
    answer = get(client, "/rest/order/isSurplusSize", orderId=order.pk)
    assert answer["enough"] is False and answer["sessions"][0]["left"] == 1


def test_judgment_lists_every_block_and_clears_when_they_are_gone(client, store, member):
    card = package_card(member=member, sessions=1)
    project = card.sessions.get().project
    order = committed_order(store=store, member=member, lines=[line("project", project, card=card)])
    assert get(client, "/rest/order/judgment", orderId=order.pk)["payable"] is True

    store.signature_required = True
    store.save()
    card.sessions.update(left=0)
    card.status = CardStatus.FROZEN
    card.save(update_fields=["status"])
    answer = get(client, "/rest/order/judgment", orderId=order.pk)
    assert answer["payable"] is False
    assert [block["code"] for block in answer["blocks"]] == ["card", "sessions", "signature"]

    order.status = "cancelled"
    order.save(update_fields=["status"])
    assert get(client, "/rest/order/judgment", orderId=order.pk)["blocks"][0]["code"] == "status"


def test_diff_says_what_the_package_covers_and_what_is_paid_beyond_the_card(client, store, member, product):
    card = package_card(member=member, sessions=5)
    project = card.sessions.get().project
    project.price = D("298.00")
    project.save()
    stored = stored_value_card(member=member, paid="60.00", store=store)
    order = committed_order(
        store=store, member=member, lines=[line("project", project, card=card), line("product", product)]
    )
    answer = get(client, "/rest/order/diff", orderId=order.pk)
    assert (answer["sessionsCovered"], answer["due"], answer["beyond"], answer["card"]) == (
        "298.00",
        "100.00",
        "100.00",
        None,
    )
    answer = get(client, "/rest/order/diff", orderId=order.pk, cardId=stored.pk)
    assert answer["card"]["fromCard"] == "60.00" and answer["beyond"] == "40.00"
    other = stored_value_card(store=store)
    get(client, "/rest/order/diff", status=404, errcode="SYS-40400", orderId=order.pk, cardId=other.pk)
    get(client, "/rest/order/diff", status=400, errcode="VALID-40000", orderId=order.pk, cardId=card.pk)


def test_another_stores_order_is_not_found_by_the_checks(other_client, store, member, product):
    order = committed_order(store=store, member=member, lines=[line("product", product)])
    for path in ("isSurplusSize", "judgment", "diff"):
        get(other_client, f"/rest/order/{path}", status=404, errcode="SYS-40400", orderId=order.pk)


def test_the_staff_of_an_unpaid_line_are_replaced_and_nothing_is_credited(client, store, member, product, nurse):
    seller = EmployeeFactory(store=store)
    order = committed_order(store=store, member=member, lines=[line("product", product, staff=[(nurse, "1")])])
    line_id = order.lines.get().pk
    answer = change(client, order, line_id, [(nurse, "0.5"), (seller, "0.5")])
    assert {s["employeeId"] for s in answer["lines"][0]["staff"]} == {nurse.pk, seller.pk}
    assert not StaffCredit.objects.exists()


def test_a_paid_lines_credits_move_to_the_new_staff_by_reversing_entries(store, make_entry, member, product, nurse):
    codes = [CASHIER, BILLS, ORDER_DETAILS, CREDIT_MOVE.code]
    client = api_client(entry=make_entry(store, codes=codes))
    seller = EmployeeFactory(store=store)
    order = committed_order(store=store, member=member, lines=[line("product", product, staff=[(nurse, "1")])])
    assert_envelope(
        client.post(PAY, {"orderId": order.pk, "tenders": [{"method": "cash", "amount": "100"}]}, format="json"),
        status=200,
    )
    first = list(StaffCredit.objects.values_list("id", flat=True))
    change(client, order, order.lines.get().pk, [(seller, "0.7"), (nurse, "0.3")])

    assert list(StaffCredit.objects.filter(id__in=first).values_list("amount", flat=True)) == [D("100.00")]
    net = dict(
        StaffCredit.objects.values("employee_id").annotate(total=Sum("amount")).values_list("employee_id", "total")
    )
    assert net == {nurse.pk: D("30.00"), seller.pk: D("70.00")}
    kinds = set(StaffCredit.objects.values_list("kind", flat=True))
    assert kinds == {CreditKind.SALE}
    assert StaffCredit.objects.aggregate(total=Sum("amount"))["total"] == D("100.00")
    assert set(StaffCredit.objects.values_list("business_date", flat=True)) == {order.business_date}
    assert audit_all() == []


def test_moving_a_paid_orders_credits_needs_a_reason_which_the_system_log_keeps(
    store, make_entry, member, product, nurse
):
    from apps.billing.choices import AuditAction
    from apps.core.models import SystemLog

    client = api_client(entry=make_entry(store, codes=[CASHIER, BILLS, ORDER_DETAILS, CREDIT_MOVE.code]))
    seller = EmployeeFactory(store=store)
    order = committed_order(store=store, member=member, lines=[line("product", product, staff=[(nurse, "1")])])
    assert_envelope(
        client.post(PAY, {"orderId": order.pk, "tenders": [{"method": "cash", "amount": "100"}]}, format="json"),
        status=200,
    )
    answer = change(client, order, order.lines.get().pk, [(seller, "1")], status=400, errcode="VALID-40000", reason=" ")
    assert "reason" in answer["fields"]
    assert StaffCredit.objects.count() == 1

    change(client, order, order.lines.get().pk, [(seller, "1")], reason="the seller was named wrong")
    log = SystemLog.objects.get(action=AuditAction.LINE_STAFF_CHANGED)
    assert log.detail["reason"] == "the seller was named wrong"


def test_a_paid_orders_staff_do_not_change_after_its_business_day(client, store, member, product, nurse):
    order = committed_order(store=store, member=member, lines=[line("product", product, staff=[(nurse, "1")])])
    assert_envelope(
        client.post(PAY, {"orderId": order.pk, "tenders": [{"method": "cash", "amount": "100"}]}, format="json"),
        status=200,
    )
    Order.objects.filter(pk=order.pk).update(business_date=timezone.localdate() - timedelta(days=1))
    change(client, order, order.lines.get().pk, [(EmployeeFactory(store=store), "1")], status=409, errcode="ORD-40901")
    assert StaffCredit.objects.count() == 1


def test_a_paid_orders_staff_do_not_change_once_its_day_is_closed(client, store, member, product, nurse):
    from apps.core.business_days import mark_day_closed

    order = committed_order(store=store, member=member, lines=[line("product", product, staff=[(nurse, "1")])])
    assert_envelope(
        client.post(PAY, {"orderId": order.pk, "tenders": [{"method": "cash", "amount": "100"}]}, format="json"),
        status=200,
    )
    mark_day_closed(store_id=store.pk, day=timezone.localdate())
    change(client, order, order.lines.get().pk, [(EmployeeFactory(store=store), "1")], status=409, errcode="DAY-40901")
    assert StaffCredit.objects.count() == 1


def test_a_staff_change_is_checked_like_the_commits(client, other_store, store, member, product, nurse):
    order = committed_order(store=store, member=member, lines=[line("product", product)])
    line_id = order.lines.get().pk
    change(client, order, line_id, [(nurse, "0.5")], status=400, errcode="VALID-40000")
    change(client, order, line_id, [(EmployeeFactory(store=other_store), "1")], status=404, errcode="SYS-40400")
    other = committed_order(store=store, member=member, lines=[line("product", product)])
    change(client, order, other.lines.get().pk, [(nurse, "1")], status=404, errcode="SYS-40400")
    assert not OrderLineStaff.objects.filter(line__order=order).exists()
    order.status = "cancelled"
    order.save(update_fields=["status"])
    change(client, order, line_id, [(nurse, "1")], status=409, errcode="ORD-40901")


def test_a_staff_change_needs_the_cashier_or_details_role(store, make_entry, member, product, nurse):
    order = committed_order(store=store, member=member, lines=[line("product", product)])
    bills_only = api_client(entry=make_entry(store, codes=[BILLS]))
    change(bills_only, order, order.lines.get().pk, [(nurse, "1")], status=403, errcode="AUTH-40300")


FLAG = "/rest/order/flagCard"


def test_the_card_check_says_which_lines_a_package_card_can_pay(client, member, product):
    card = package_card(member=member, sessions=2)
    project = card.sessions.get().project
    body = {
        "memId": member.pk,
        "cardId": card.pk,
        "lines": [
            {"type": "project", "itemId": project.pk, "qty": 2},
            {"type": "project", "itemId": project.pk},
            {"type": "product", "itemId": product.pk},
        ],
    }
    answer = assert_envelope(client.post(FLAG, body, format="json"), status=200)
    assert answer["usable"] is True
    assert [(row["index"], row["fits"]) for row in answer["lines"]] == [(0, True), (1, False), (2, False)]
    assert answer["lines"][1]["reason"] == "not enough sessions on the card"
    assert answer["lines"][2]["reason"] == "a package card pays only the projects it holds"


def test_the_card_check_refuses_every_line_of_a_frozen_card_and_not_another_members_card(
    client, store, member, product
):
    card = stored_value_card(member=member, store=store)
    body = {"memId": member.pk, "cardId": card.pk, "lines": [{"type": "product", "itemId": product.pk}]}
    assert assert_envelope(client.post(FLAG, body, format="json"), status=200)["lines"][0]["fits"] is True
    card.status = CardStatus.FROZEN
    card.save(update_fields=["status"])
    answer = assert_envelope(client.post(FLAG, body, format="json"), status=200)
    assert answer["usable"] is False and answer["lines"][0]["fits"] is False
    assert answer["lines"][0]["reason"] == answer["reason"] != ""
    theirs = stored_value_card(store=store)
    other = {**body, "cardId": theirs.pk}
    assert_envelope(client.post(FLAG, other, format="json"), status=404, errcode="SYS-40400")


def test_a_paid_orders_credits_move_only_for_a_role_with_the_credit_code(store, make_entry, member, product, nurse):
    desk = api_client(entry=make_entry(store, codes=[CASHIER, ORDER_DETAILS]))
    order = committed_order(store=store, member=member, lines=[line("product", product, staff=[(nurse, "1")])])
    tenders = [{"method": "cash", "amount": "100"}]
    assert_envelope(desk.post(PAY, {"orderId": order.pk, "tenders": tenders}, format="json"), status=200)
    change(desk, order, order.lines.get().pk, [(EmployeeFactory(store=store), "1")], status=403, errcode="AUTH-40300")
    assert StaffCredit.objects.count() == 1
