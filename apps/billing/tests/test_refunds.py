"""Refunds through the use case (apps.billing.refunds.services; docs/decisions/0011-refunds.md): each tender
kind gets its money back the way it came, what the payment delivered is taken back, and nothing
more than was paid ever goes back."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone, translation

from apps.billing.choices import AuditAction, CreditKind, OrderStatus, TenderMethod, TenderStatus
from apps.billing.errors import OrderNotInState, ProviderRefundUnavailable, RefundNeedsApproval
from apps.billing.models import Refund, RefundTender, StaffCredit, Tender
from apps.billing.refunds.services import LineAsked, judge, order_refund
from apps.billing.tests.checkout_factories import card_bought, order_of, product, project, sessions, top_up
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.choices import CardStatus, CouponStatus, EntryKind
from apps.cards.coupons import coupon_issue, coupon_use
from apps.cards.models import Card, CardEntry, CardSession
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.catalog.choices import CardKind
from apps.catalog.tests.factories import (
    CardTypeFactory,
    CouponTemplateFactory,
    ProjectPackageFactory,
    ProjectPackageLineFactory,
)
from apps.core.audit import Actor
from apps.core.errors import InvalidInput
from apps.core.ledgers import audit_all
from apps.core.models import SystemLog
from apps.members.choices import PointsKind
from apps.members.models import Member, PointsEntry
from apps.members.services import points_adjust

pytestmark = pytest.mark.django_db

D = Decimal


def cash(amount: str) -> TenderAsked:
    return TenderAsked(method=TenderMethod.CASH, amount=D(amount))


def stored(card: Card, amount: str) -> TenderAsked:
    return TenderAsked(method=TenderMethod.STORED_VALUE, amount=D(amount), card_id=card.pk)


def points(amount: str) -> TenderAsked:
    return TenderAsked(method=TenderMethod.POINTS, amount=D(amount))


def paid(order, *tenders):
    order_pay(actor=CASHIER, order_id=order.pk, tenders=list(tenders))
    order.refresh_from_db()
    return order


def lines_of(order):
    return list(order.lines.order_by("id"))


def refund(order, *asks, reason="customer changed her mind", approved=False):
    return order_refund(actor=CASHIER, order_id=order.pk, lines=list(asks), reason=reason, approved=approved)


def whole(line, **kwargs):
    return LineAsked(order_line_id=line.pk, **kwargs)


def back_by_method(refund_row):
    return {t.method: t.amount for t in refund_row.tenders.all()}


def test_cash_goes_out_of_the_till_and_the_refund_is_logged(store, member):
    order = paid(order_of(store=store, member=member, lines=[product("30.00"), product("50.00")]), cash("100"))
    first, _second = lines_of(order)
    made = refund(order, whole(first))
    assert made.amount == D("30.00") and made.refund_no.startswith("RF")
    (tender,) = made.tenders.all()
    assert (tender.method, tender.amount, tender.till_change) == ("cash", D("30.00"), D("-30.00"))
    assert tender.tender == Tender.objects.get(order=order)
    assert [(line.order_line_id, line.qty, line.amount) for line in made.lines.all()] == [(first.pk, 1, D("30.00"))]
    log = SystemLog.objects.get(action=AuditAction.ORDER_REFUNDED)
    assert log.detail["amount"] == "30.00" and log.detail["reason"] == "customer changed her mind"
    assert audit_all() == []


def test_stored_value_goes_back_to_its_card_as_principal_and_gift_as_they_were_spent(store, member):
    card = stored_value_card(member=member, paid="1000.00", face_value="1100.00")
    order = paid(
        order_of(store=store, member=member, lines=[product("110.00"), product("220.00")]), stored(card, "330")
    )
    card.refresh_from_db()
    assert (card.principal, card.gift) == (D("700.00"), D("70.00"))
    small, big = lines_of(order)
    made = refund(order, whole(small))
    (tender,) = made.tenders.all()
    assert (tender.method, tender.principal, tender.gift, tender.card_id) == (
        "storedValue",
        D("100.00"),
        D("10.00"),
        card.pk,
    )
    card.refresh_from_db()
    assert (card.principal, card.gift) == (D("800.00"), D("80.00"))
    entry = CardEntry.objects.filter(card=card).order_by("-id").first()
    assert (entry.kind, entry.refund_id, entry.order_id) == (EntryKind.REFUND, made.pk, order.pk)
    refund(order, whole(big))
    card.refresh_from_db()
    assert (card.principal, card.gift) == (D("1000.00"), D("100.00"))
    assert audit_all() == []


def test_money_is_shared_over_the_tenders_in_proportion_to_what_is_left_of_each(store, member):
    card = stored_value_card(member=member, paid="1000.00")
    order = paid(
        order_of(store=store, member=member, lines=[product("100.00"), product("100.00")]),
        stored(card, "50"),
        cash("150"),
    )
    first, second = lines_of(order)
    made = refund(order, whole(first))
    assert back_by_method(made) == {"storedValue": D("25.00"), "cash": D("75.00")}
    made = refund(order, whole(second, amount=D("33.33")))
    assert back_by_method(made) == {"storedValue": D("8.33"), "cash": D("25.00")}
    assert audit_all() == []


def test_a_line_priced_with_a_cards_discount_goes_back_to_that_card_first(store, member):
    card = stored_value_card(member=member, paid="1000.00")
    order = paid(
        order_of(store=store, member=member, lines=[product("80.00", card=card), product("100.00")]),
        stored(card, "80"),
        cash("100"),
    )
    card_line, _cash_line = lines_of(order)
    made = refund(order, whole(card_line))
    assert back_by_method(made) == {"storedValue": D("80.00")}


def test_points_paid_go_back_and_points_earned_on_the_money_are_taken_back_in_proportion(store, member):
    points_adjust(actor=CASHIER, member=member, store=store, change=5000, reason="gift")
    order = paid(
        order_of(store=store, member=member, lines=[product("100.00"), product("100.00")]), points("20"), cash("180")
    )
    member.refresh_from_db()
    assert member.points == 5000 - 2000 + 180  # 180 earned on the cash
    first, _second = lines_of(order)
    made = refund(order, whole(first))
    assert back_by_method(made) == {"points": D("10.00"), "cash": D("90.00")}
    assert made.tenders.get(method="points").points == 1000
    made.refresh_from_db()
    assert (made.points_taken_back, made.points_unrecovered) == (90, 0)  # 180 × 90 / 180 cash refunded
    member.refresh_from_db()
    assert member.points == 3180 + 1000 - 90
    kinds = list(PointsEntry.objects.filter(refund_id=made.pk).order_by("id").values_list("kind", "change"))
    assert kinds == [(PointsKind.REFUND, 1000), (PointsKind.REFUND_OUT, -90)]
    assert audit_all() == []


def test_points_the_member_already_spent_are_taken_back_as_far_as_there_are_some_and_the_rest_noted(store):
    walk_member = Member.objects.create(name="李娜", phone="13900001111", home_store=store)
    order = paid(order_of(store=store, member=walk_member, lines=[product("100.00")]), cash("100"))
    walk_member.refresh_from_db()
    assert walk_member.points == 100
    points_adjust(actor=CASHIER, member=walk_member, store=store, change=-70, reason="exchanged")
    made = refund(order, whole(lines_of(order)[0]))
    assert (made.points_taken_back, made.points_unrecovered) == (30, 70)
    walk_member.refresh_from_db()
    assert walk_member.points == 0
    assert audit_all() == []


def test_sessions_go_back_to_their_card(store, member):
    card = package_card(member=member, sessions=5)
    order = paid(order_of(store=store, member=member, lines=[sessions(card, qty=2)]))
    line = lines_of(order)[0]
    assert CardSession.objects.get(card=card).left == 3
    made = refund(order, whole(line, qty=1))
    (tender,) = made.tenders.all()
    assert (tender.method, tender.sessions, tender.amount, tender.tender_id) == ("sessions", 1, D("0.00"), None)
    assert CardSession.objects.get(card=card).left == 4
    assert judge(order).lines[0].refundable_qty == 1
    refund(order, whole(line))
    assert CardSession.objects.get(card=card).left == 5
    with pytest.raises(OrderNotInState):
        refund(order, whole(line, qty=1))
    assert audit_all() == []


def test_a_refunded_stored_value_card_sale_closes_the_card_returns_its_unspent_principal_and_voids_the_gift(
    store, member
):
    card_type = CardTypeFactory(price=D("1000.00"), face_value=D("1100.00"))
    order = paid(order_of(store=store, member=member, lines=[card_bought(card_type, "1000.00")]), cash("1000"))
    card = Card.objects.get(member=member, card_type=card_type)
    paid(order_of(store=store, member=member, lines=[product("110.00")]), stored(card, "110"))
    card.refresh_from_db()
    assert (card.principal, card.gift) == (D("900.00"), D("90.00"))
    assert judge(order).lines[0].refundable_amount == D("900.00")
    made = refund(order, whole(lines_of(order)[0]))
    assert made.amount == D("900.00") and back_by_method(made) == {"cash": D("900.00")}
    card.refresh_from_db()
    assert (card.status, card.principal, card.gift) == (CardStatus.CLOSED, D("0.00"), D("0.00"))
    line = made.lines.get()
    assert (line.card_id, line.card_principal, line.card_gift) == (card.pk, D("900.00"), D("90.00"))
    assert CardEntry.objects.filter(card=card, kind=EntryKind.REFUND_OUT, refund_id=made.pk).count() == 1
    assert audit_all() == []


def test_a_refunded_package_card_sale_deducts_the_sessions_used_at_the_price_each_was_sold_at(store, member):
    package_line = ProjectPackageLineFactory(package=ProjectPackageFactory(), sessions=5)
    card_type = CardTypeFactory(kind=CardKind.PACKAGE, project_package=package_line.package, face_value=0)
    order = paid(order_of(store=store, member=member, lines=[card_bought(card_type, "500.00")]), cash("500"))
    card = Card.objects.get(member=member, card_type=card_type)
    paid(order_of(store=store, member=member, lines=[sessions(card, qty=2)]))
    made = refund(order, whole(lines_of(order)[0]))
    assert made.amount == D("300.00")  # 500 less 2 sessions at 100
    card.refresh_from_db()
    assert card.status == CardStatus.CLOSED and CardSession.objects.get(card=card).left == 0
    assert audit_all() == []


def test_a_top_up_gives_back_at_most_its_unspent_principal_and_takes_its_gift_with_it(store, member):
    card = stored_value_card(member=member, paid="100.00", face_value="110.00")
    order = paid(order_of(store=store, member=member, lines=[top_up(card, "500.00")]), cash("500"))
    card.refresh_from_db()
    assert (card.principal, card.gift) == (D("600.00"), D("60.00"))
    paid(order_of(store=store, member=member, lines=[product("440.00")]), stored(card, "440"))
    card.refresh_from_db()
    assert (card.principal, card.gift) == (D("200.00"), D("20.00"))
    line = lines_of(order)[0]
    assert judge(order).lines[0].refundable_amount == D("200.00")
    with pytest.raises(OrderNotInState):
        refund(order, whole(line, amount=D("300.00")))
    made = refund(order, whole(line, amount=D("200.00")))
    assert back_by_method(made) == {"cash": D("200.00")}
    card.refresh_from_db()
    assert (card.principal, card.gift) == (D("0.00"), D("0.00"))  # the top-up's 20 gift of 50 went with it
    assert audit_all() == []


def test_never_more_than_was_paid_per_line(store, member):
    order = paid(order_of(store=store, member=member, lines=[product("100.00")]), cash("100"))
    line = lines_of(order)[0]
    refund(order, whole(line, amount=D("60.00")))
    with pytest.raises(OrderNotInState):
        refund(order, whole(line, amount=D("40.01")))
    refund(order, whole(line, amount=D("40.00")))
    with pytest.raises(OrderNotInState):
        refund(order, whole(line))
    assert Refund.objects.filter(order=order).count() == 2
    assert audit_all() == []


@pytest.mark.parametrize("reason", ["", "   "])
def test_a_reason_is_required(store, member, reason):
    order = paid(order_of(store=store, member=member, lines=[product("100.00")]), cash("100"))
    with pytest.raises(InvalidInput) as refused:
        refund(order, whole(lines_of(order)[0]), reason=reason)
    assert refused.value.field == "reason"
    assert not Refund.objects.exists()


def test_above_the_stores_amount_a_refund_needs_the_owners_approval(store, member, make_entry):
    store.refund_approval_above = D("100.00")
    store.save(update_fields=["refund_approval_above"])
    order = paid(order_of(store=store, member=member, lines=[product("100.00"), product("100.01")]), cash("200.01"))
    small, big = lines_of(order)
    assert refund(order, whole(small)).approved_by_id is None
    with pytest.raises(RefundNeedsApproval):
        refund(order, whole(big))
    assert Refund.objects.count() == 1
    owner = make_entry(store, kind="owner").user
    made = order_refund(
        actor=Actor(user_id=owner.pk, login_name=owner.login_name),
        order_id=order.pk,
        lines=[whole(big)],
        reason="broken",
        approved=True,
    )
    assert made.amount == D("100.01") and made.approved_by_id == owner.pk


def test_the_stores_amount_counts_the_orders_done_and_pending_refunds_not_failed_ones(store, member):
    """Issue 25 finding 5: the amount bounds what one order gives back without the owner; a failed
    refund's provider money did not go back, so it does not count."""
    store.refund_approval_above = D("100.00")
    store.save(update_fields=["refund_approval_above"])
    order = order_of(store=store, member=member, lines=[product("40.00"), product("40.00"), product("40.00")])
    order = paid(order, cash("120"))
    one, two, three = lines_of(order)
    first = refund(order, whole(one))
    # Statuses a provider tender would give them (apps.billing.refunds.provider_refunds), set directly.
    Refund.objects.filter(pk=first.pk).update(status="pending")
    second = refund(order, whole(two))
    with pytest.raises(RefundNeedsApproval):
        refund(order, whole(three))
    assert Refund.objects.count() == 2
    Refund.objects.filter(pk=second.pk).update(status="failed")
    assert refund(order, whole(three)).approved_by_id is None


def test_staff_credits_are_reversed_by_negative_credits_that_net_a_whole_refund_to_zero(store, member, nurse, seller):
    order = paid(
        order_of(
            store=store,
            member=member,
            lines=[project("99.99", staff=[(nurse, "0.5"), (seller, "0.5")]), product("10.00", staff=[(seller, "1")])],
        ),
        cash("109.99"),
    )
    service, _goods = lines_of(order)
    first = refund(order, whole(service, amount=D("33.33")))
    reversed_ = list(StaffCredit.objects.filter(refund=first).values_list("kind", "amount"))
    # A third of each one's credit (50.00 and 49.99: the last share takes the cent).
    assert sorted(reversed_) == [(CreditKind.SERVICE, D("-16.67")), (CreditKind.SERVICE, D("-16.66"))]
    refund(order, whole(service))
    totals = {
        employee: sum(
            StaffCredit.objects.filter(line=service, employee__name=employee).values_list("amount", flat=True)
        )
        for employee in ("吴佳怡", "张敏")
    }
    assert totals == {"吴佳怡": D("0.00"), "张敏": D("0.00")}
    assert StaffCredit.objects.filter(line=_goods).count() == 1


def test_a_fully_refunded_order_gives_its_coupons_back(store, member):
    (coupon,) = coupon_issue(actor=CASHIER, store=store, member_id=member.pk, template_id=CouponTemplateFactory().pk)
    order = order_of(store=store, member=member, lines=[product("50.00"), product("50.00")])
    coupon_use(actor=CASHIER, coupon_id=coupon.pk, member_id=member.pk, order_id=order.pk)
    paid(order, cash("100"))
    first, second = lines_of(order)
    refund(order, whole(first))
    coupon.refresh_from_db()
    assert coupon.status == CouponStatus.USED
    refund(order, whole(second))
    coupon.refresh_from_db()
    assert coupon.status == CouponStatus.AVAILABLE and coupon.used_order_id is None


def test_a_provider_tender_without_a_succeeded_provider_payment_is_refused_and_nothing_is_written(store, member):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    Tender.objects.create(
        order=order, method=TenderMethod.WECHAT, amount=D("100.00"), status=TenderStatus.SUCCEEDED, store=store
    )
    # A WeChat Pay tender without its succeeded payment intent: nothing to refund it through.
    order.paid, order.status, order.paid_at = order.payable, OrderStatus.PAID, timezone.now()
    order.save()
    with translation.override("en"):
        with pytest.raises(ProviderRefundUnavailable) as refused:
            refund(order, whole(lines_of(order)[0]))
        assert "WeChat Pay" in str(refused.value.message)  # lazy: read in the override
    assert refused.value.errcode == "ORD-40903"
    assert not Refund.objects.exists() and not RefundTender.objects.exists()


def test_a_partly_paid_order_is_refunded_in_whole_and_cancelled(store, member):
    order = paid(order_of(store=store, member=member, lines=[product("100.00"), product("50.00")]), cash("60"))
    assert order.status == OrderStatus.PARTLY_PAID
    first, second = lines_of(order)
    assert [state.paid for state in judge(order).lines] == [D("40.00"), D("20.00")]
    with pytest.raises(OrderNotInState):
        refund(order, whole(first))
    made = refund(order, whole(first), whole(second))
    assert made.amount == D("60.00") and back_by_method(made) == {"cash": D("60.00")}
    order.refresh_from_db()
    assert order.status == OrderStatus.CANCELLED
    with pytest.raises(OrderNotInState):
        order_pay(actor=CASHIER, order_id=order.pk, tenders=[cash("90")])
    assert audit_all() == []


def test_an_unpaid_order_cannot_be_refunded(store, member):
    order = order_of(store=store, member=member, lines=[product("100.00")])
    with pytest.raises(OrderNotInState):
        refund(order, whole(lines_of(order)[0]))


def test_the_ledger_audit_finds_a_refund_that_does_not_add_up(store, member):
    order = paid(order_of(store=store, member=member, lines=[product("100.00")]), cash("100"))
    made = refund(order, whole(lines_of(order)[0], amount=D("40.00")))
    assert audit_all() == []
    Refund.objects.filter(pk=made.pk).update(amount=D("41.00"))
    RefundTender.objects.filter(refund=made).update(amount=D("140.00"))
    found = {(d.ledger, d.record, d.field) for d in audit_all()}
    tender = Tender.objects.get(order=order)
    assert found == {
        ("refunds", f"refund {made.pk}", "amount"),
        ("refunds", f"tender {tender.pk}", "refunded"),
    }
    Refund.objects.filter(pk=made.pk).update(amount=D("140.00"))
    found = {(d.ledger, d.record, d.field) for d in audit_all()}
    assert ("refunds", f"order {order.pk}", "refunded") in found


def test_a_card_sale_of_two_cards_is_refunded_card_by_card(store, member):
    card_type = CardTypeFactory(price=D("500.00"), face_value=D("500.00"))
    order = paid(order_of(store=store, member=member, lines=[card_bought(card_type, "1000.00", qty=2)]), cash("1000"))
    first, second = Card.objects.filter(member=member, card_type=card_type).order_by("id")
    paid(order_of(store=store, member=member, lines=[product("100.00")]), stored(first, "100"))
    line = lines_of(order)[0]
    assert (judge(order).lines[0].refundable_qty, judge(order).lines[0].refundable_amount) == (2, D("900.00"))
    with pytest.raises(InvalidInput):
        refund(order, whole(line, amount=D("400.00")))
    made = refund(order, whole(line, qty=1))
    assert made.amount == D("400.00") and made.lines.get().card_id == first.pk
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == (CardStatus.CLOSED, CardStatus.ACTIVE)
    made = refund(order, whole(line))
    assert made.amount == D("500.00") and made.lines.get().qty == 1
    second.refresh_from_db()
    assert second.status == CardStatus.CLOSED
    with pytest.raises(OrderNotInState):
        refund(order, whole(line))
    assert audit_all() == []
