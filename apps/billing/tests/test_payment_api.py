"""Paying an order through pay/excute (contract §8): each tender, its rules, and what a paid order
delivers (cards, sessions, points, staff credits, last visit) in the same transaction."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from apps.billing.choices import AuditAction, CreditKind, OrderStatus
from apps.billing.models import Order, StaffCredit, Tender
from apps.billing.tests.checkout_factories import card_bought, order_of, product, project, sessions, top_up
from apps.cards.choices import EntryKind
from apps.cards.models import Card, CardEntry
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.catalog.choices import CardKind
from apps.catalog.tests.factories import CardTypeFactory, ProjectPackageLineFactory
from apps.core.ledgers import audit_all
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.members.choices import PointsKind
from apps.members.models import Member, PointsEntry
from apps.members.services import points_adjust
from apps.members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db

PAY = "/rest/pay/excute"


def pay(client, order, *tenders, key=None, status=200, errcode="0"):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return assert_envelope(
        client.post(PAY, {"orderId": order.pk, "tenders": list(tenders)}, format="json", **headers),
        status=status,
        errcode=errcode,
    )


def cash(amount):
    return {"method": "cash", "amount": amount}


def stored_value(card, amount):
    return {"method": "storedValue", "amount": amount, "cardId": card.pk}


def points(amount):
    return {"method": "points", "amount": amount}


def credits_of(order):
    return sorted(
        (credit.employee.name, credit.kind, str(credit.amount))
        for credit in StaffCredit.objects.filter(line__order=order).select_related("employee")
    )


def test_cash_pays_with_change_and_the_paid_order_credits_staff_earns_points_and_marks_the_visit(
    client, store, member, nurse, seller
):
    order = order_of(
        store=store,
        member=member,
        lines=[product("30.00", staff=[(seller, "1")]), project("50.50", staff=[(nurse, "0.5"), (seller, "0.5")])],
    )
    paid = pay(client, order, cash("100"))
    assert paid["status"] == "paid" and paid["paid"] == "80.50" and paid["due"] == "0.00" and paid["change"] == "19.50"
    assert [(t["method"], t["amount"], t["status"]) for t in paid["tenders"]] == [("cash", "80.50", "succeeded")]
    tender = Tender.objects.get(order=order)
    assert (tender.amount, tender.received, tender.change) == (Decimal("80.50"), Decimal("100.00"), Decimal("19.50"))
    order.refresh_from_db()
    assert order.paid_at is not None and order.status == OrderStatus.PAID
    assert credits_of(order) == [
        ("吴佳怡", CreditKind.SALE, "30.00"),
        ("吴佳怡", CreditKind.SERVICE, "25.25"),
        ("张敏", CreditKind.SERVICE, "25.25"),
    ]
    member.refresh_from_db()
    assert member.points == 80 and member.last_visit_at == order.paid_at
    earned = PointsEntry.objects.get(member=member)
    assert (earned.kind, earned.change, earned.order_id) == (PointsKind.EARN, 80, order.pk)
    assert SystemLog.objects.filter(action=AuditAction.ORDER_PAID).count() == 1
    assert audit_all() == []


def test_stored_value_pays_from_the_members_card_and_its_share_is_card_consumption(client, store, member, nurse):
    card = stored_value_card(member=member, paid="1000.00", face_value="1100.00")
    order = order_of(store=store, member=member, lines=[project("110.00", staff=[(nurse, "1")])])
    paid = pay(client, order, stored_value(card, "110"))
    assert paid["status"] == "paid" and paid["change"] == "0.00"
    card.refresh_from_db()
    assert (card.principal, card.gift) == (Decimal("900.00"), Decimal("90.00"))
    spent = CardEntry.objects.get(card=card, kind=EntryKind.SPEND)
    assert spent.order_id == order.pk
    assert Tender.objects.get(order=order).card_id == card.pk
    assert credits_of(order) == [("张敏", CreditKind.CARD_CONSUMPTION, "110.00")]
    member.refresh_from_db()
    assert member.points == 0  # the cash that loaded the card earned when it was sold
    assert audit_all() == []


def test_a_split_payment_takes_stored_value_then_cash_with_change(client, store, member, nurse):
    card = stored_value_card(member=member, paid="50.00")
    order = order_of(store=store, member=member, lines=[project("100.00", staff=[(nurse, "1")])])
    paid = pay(client, order, cash("60"), stored_value(card, "50"))
    assert (paid["status"], paid["paid"], paid["change"]) == ("paid", "100.00", "10.00")
    assert sorted(t["method"] for t in paid["tenders"]) == ["cash", "storedValue"]
    assert credits_of(order) == [("张敏", CreditKind.CARD_CONSUMPTION, "50.00"), ("张敏", CreditKind.SERVICE, "50.00")]
    member.refresh_from_db()
    assert member.points == 50


def test_a_partial_payment_leaves_the_order_partly_paid_until_the_rest_comes(client, store, member):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    first = pay(client, order, cash("40"))
    assert (first["status"], first["paid"], first["due"]) == ("partlyPaid", "40.00", "60.00")
    assert not StaffCredit.objects.exists() and Order.objects.get(pk=order.pk).paid_at is None
    second = pay(client, order, cash("60"))
    assert (second["status"], second["paid"], second["due"]) == ("paid", "100.00", "0.00")
    assert len(second["tenders"]) == 2
    assert audit_all() == []


def test_points_pay_at_the_configured_rate(client, store, member, settings):
    settings.POINTS_PER_YUAN_PAID = 100
    points_adjust(actor=CASHIER, member=member, store=store, change=1000, reason="gift")
    order = order_of(store=store, member=member, lines=[product("10.00")])
    paid = pay(client, order, points("5.00"), cash("5"))
    assert paid["status"] == "paid"
    assert Tender.objects.get(order=order, method="points").points == 500
    member.refresh_from_db()
    assert member.points == 1000 - 500 + 5  # 5 yuan of cash earns 5
    spent = PointsEntry.objects.get(member=member, kind=PointsKind.SPEND)
    assert (spent.change, spent.order_id) == (-500, order.pk)
    assert audit_all() == []


def test_points_short_are_refused_and_nothing_is_paid(client, store, member):
    order = order_of(store=store, member=member, lines=[product("10.00")])
    pay(client, order, points("1.00"), status=409, errcode="MEM-40904")
    assert Order.objects.get(pk=order.pk).paid == 0 and not Tender.objects.exists()


def test_more_than_is_due_by_other_than_cash_is_refused(client, store, member):
    card = stored_value_card(member=member, paid="500.00")
    order = order_of(store=store, member=member, lines=[product("100.00")])
    pay(client, order, stored_value(card, "100.01"), status=409, errcode="ORD-40901")
    pay(client, order, stored_value(card, "60"), cash("50"))
    card.refresh_from_db()
    assert card.balance == Decimal("440.00")


def test_a_paid_or_cancelled_order_takes_no_payment(client, store, member):
    order = order_of(store=store, member=member, lines=[product("10.00")])
    pay(client, order, cash("10"))
    pay(client, order, cash("10"), status=409, errcode="ORD-40901")
    cancelled = order_of(store=store, member=member, lines=[product("10.00")])
    Order.objects.filter(pk=cancelled.pk).update(status=OrderStatus.CANCELLED)
    pay(client, cancelled, cash("10"), status=409, errcode="ORD-40901")


@pytest.mark.parametrize("method", ["wechat", "alipay", "pos"])
def test_a_provider_method_the_store_has_no_account_for_is_refused_and_writes_nothing(
    client, settings, store, member, method
):
    settings.PAYMENT_PROVIDERS = {}
    order = order_of(store=store, member=member, lines=[product("10.00")])
    pay(client, order, {"method": method, "amount": "10", "authCode": "134"}, status=400, errcode="PAY-40001")
    assert not Tender.objects.filter(order=order).exists()


def test_one_payment_takes_one_provider_tender(client, store, member):
    order = order_of(store=store, member=member, lines=[product("10.00")])
    refused = pay(
        client,
        order,
        {"method": "wechat", "amount": "5"},
        {"method": "alipay", "amount": "5"},
        status=400,
        errcode="VALID-40000",
    )
    assert "one WeChat Pay, Alipay or card terminal tender" in refused["fields"]["tenders"][0]


def test_tenders_are_checked(client, store, member):
    walk_in = order_of(store=store, lines=[product("10.00")])
    card = stored_value_card(member=member)
    pay(client, walk_in, stored_value(card, "10"), status=400, errcode="VALID-40000")
    order = order_of(store=store, member=member, lines=[product("10.00")])
    pay(client, order, status=400, errcode="VALID-40000")  # nothing to pay with
    pay(client, order, cash("0"), status=400, errcode="VALID-40000")
    pay(client, order, cash("5"), cash("5"), status=400, errcode="VALID-40000")
    pay(client, order, {"method": "sessions", "amount": "10", "cardId": card.pk}, status=400, errcode="VALID-40000")
    pay(client, order, {"method": "storedValue", "amount": "10"}, status=400, errcode="VALID-40000")
    assert not Tender.objects.exists()


def test_a_card_of_another_member_or_not_usable_or_short_is_refused(client, store, member):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    pay(client, order, stored_value(stored_value_card(paid="500.00"), "100"), status=404, errcode="SYS-40400")
    short = stored_value_card(member=member, paid="50.00")
    pay(client, order, stored_value(short, "100"), status=409, errcode="CARD-40901")
    expired = stored_value_card(member=member, paid="500.00")
    Card.objects.filter(pk=expired.pk).update(expires_on=timezone.localdate() - timedelta(days=1))
    pay(client, order, stored_value(expired, "100"), status=409, errcode="CARD-40903")
    assert Order.objects.get(pk=order.pk).paid == 0 and audit_all() == []


def test_an_order_paid_by_sessions_is_paid_with_no_tenders_and_uses_them(client, store, member, nurse):
    card = package_card(member=member, sessions=5)
    order = order_of(store=store, member=member, lines=[sessions(card, qty=2, price="198.00", staff=[(nurse, "1")])])
    paid = pay(client, order)
    assert (paid["status"], paid["paid"], paid["tenders"]) == ("paid", "0.00", [])
    assert card.sessions.get().left == 3
    assert credits_of(order) == [("张敏", CreditKind.CARD_CONSUMPTION, "396.00")]
    drawn = assert_envelope(client.get(f"/rest/pay/drawDetail/{order.pk}"), status=200)
    assert [(d["cardId"], d["sessions"], d["sessionsLeft"]) for d in drawn] == [(card.pk, 2, 3)]
    assert audit_all() == []


def test_a_walk_in_order_cannot_use_a_members_package_card(client, store, member):
    card = package_card(member=member, sessions=2)
    order = order_of(store=store, lines=[sessions(card)])
    pay(client, order, status=400, errcode="VALID-40000")
    assert card.sessions.get().left == 2


def test_sessions_short_refuse_the_whole_payment(client, store, member):
    card = package_card(member=member, sessions=1)
    order = order_of(store=store, member=member, lines=[sessions(card, qty=2), product("10.00")])
    pay(client, order, cash("10"), status=409, errcode="CARD-40902")
    assert Order.objects.get(pk=order.pk).paid == 0 and card.sessions.get().left == 1


def test_a_card_bought_is_issued_and_a_top_up_loaded_when_the_order_is_paid(client, store, member, seller):
    stored_type = CardTypeFactory(price=Decimal("1000"), face_value=Decimal("1100"))
    package_line = ProjectPackageLineFactory(sessions=10)
    package_type = CardTypeFactory(kind=CardKind.PACKAGE, project_package=package_line.package, face_value=0)
    held = stored_value_card(member=member, paid="100.00")
    order = order_of(
        store=store,
        member=member,
        lines=[
            card_bought(stored_type, "1000.00", staff=[(seller, "1")]),
            card_bought(package_type, "1980.00", staff=[(seller, "1")]),
            top_up(held, "500.00", staff=[(seller, "1")]),
        ],
    )
    pay(client, order, cash("1000"))
    assert not Card.objects.filter(member=member).exclude(pk=held.pk).exists()  # not before it is paid
    pay(client, order, cash("2480"))
    issued = {line.type + str(line.item_id): line.card for line in order.lines.exclude(type="topUp")}
    stored = issued[f"cardType{stored_type.pk}"]
    assert (stored.principal, stored.gift, stored.member_id) == (Decimal("1000.00"), Decimal("100.00"), member.pk)
    assert issued[f"cardType{package_type.pk}"].sessions.get().left == 10
    held.refresh_from_db()
    assert held.balance == Decimal("600.00")
    assert credits_of(order) == [
        ("吴佳怡", CreditKind.CARD_SALE, "1000.00"),
        ("吴佳怡", CreditKind.CARD_SALE, "1980.00"),
        ("吴佳怡", CreditKind.CARD_SALE, "500.00"),
    ]
    member.refresh_from_db()
    assert member.points == 3480
    assert audit_all() == []


def test_two_cards_bought_on_one_line_are_two_cards(client, store, member):
    card_type = CardTypeFactory(price=Decimal("300"), face_value=Decimal("300"))
    order = order_of(store=store, member=member, lines=[card_bought(card_type, "600.01", qty=2)])
    pay(client, order, cash("600.01"))
    cards = Card.objects.filter(member=member, card_type=card_type).order_by("id")
    assert [card.principal for card in cards] == [Decimal("300.01"), Decimal("300.00")]
    assert order.lines.get().card_id == cards[0].pk
    assert audit_all() == []


def test_lines_priced_with_a_cards_discount_are_paid_from_that_card(client, store, member, nurse):
    card = stored_value_card(member=member, paid="500.00")
    order = order_of(
        store=store, member=member, lines=[project("90.00", card=card, staff=[(nurse, "1")]), product("50.00")]
    )
    pay(client, order, cash("140"), status=409, errcode="ORD-40901")
    pay(client, order, cash("60"), status=409, errcode="ORD-40901")  # would leave 80 for the card's 90
    assert pay(client, order, cash("50"))["status"] == "partlyPaid"
    assert pay(client, order, stored_value(card, "90"))["status"] == "paid"
    # A project with a stored-value card is paid in money, not by sessions.
    assert credits_of(order) == [("张敏", CreditKind.CARD_CONSUMPTION, "90.00")]
    assert audit_all() == []


def test_an_order_of_another_store_is_not_found(other_client, store, member):
    order = order_of(store=store, member=member, lines=[product("10.00")])
    pay(other_client, order, cash("10"), status=404, errcode="SYS-40400")
    assert_envelope(other_client.get(f"/rest/pay/signStatus/{order.pk}"), status=404, errcode="SYS-40400")


def test_the_same_key_pays_once(client, store, member):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    first = pay(client, order, cash("40"), key="pay-1")
    again = pay(client, order, cash("40"), key="pay-1")
    assert first == again and Order.objects.get(pk=order.pk).paid == Decimal("40.00")


def test_the_audit_finds_an_order_whose_paid_is_not_its_tenders(client, store, member):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    pay(client, order, cash("40"))
    Order.objects.filter(pk=order.pk).update(paid=Decimal("50.00"))
    found = [str(difference) for difference in audit_all()]
    assert found == [f"orders: order {order.pk} paid: kept 50.00, ledger says 40.00"]
    Order.objects.filter(pk=order.pk).update(paid=Decimal("40.00"), status=OrderStatus.PAID)
    # Marked paid by hand: its product never left stock either (the billing stock audit).
    assert sorted(d.field for d in audit_all()) == ["sold", "status"]


def test_a_member_without_points_or_cards_pays_in_cash_only_points_are_their_own(client, store):
    other = MemberFactory(home_store=store)
    points_adjust(actor=CASHIER, member=other, store=store, change=500, reason="gift")
    order = order_of(store=store, member=MemberFactory(home_store=store), lines=[product("1.00")])
    pay(client, order, points("1.00"), status=409, errcode="MEM-40904")
    assert Member.objects.get(pk=other.pk).points == 500


def test_manage_audit_ledgers_covers_the_orders(client, store, member, capsys):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    pay(client, order, cash("100"))
    call_command("audit_ledgers")
    assert "0 differences" in capsys.readouterr().out
    Order.objects.filter(pk=order.pk).update(status=OrderStatus.PARTLY_PAID)
    with pytest.raises(CommandError):
        call_command("audit_ledgers")
    assert (
        f"orders: order {order.pk} status: kept partlyPaid, ledger says paid 100.00 of 100.00"
        in capsys.readouterr().out
    )
