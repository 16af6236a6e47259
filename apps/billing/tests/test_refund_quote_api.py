"""recede/quote (docs/api.md "Refunds"): what recede/recede with the same body would give back, tender
by tender, computed by the refund service's own code and refused by its own checks, with nothing
written. Each quote is compared with the refund then made from the same body."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.billing.models import Refund, RefundLine, RefundTender
from apps.billing.tests.checkout_factories import order_of, product, sessions
from apps.billing.tests.conftest import ORDER_DETAILS
from apps.billing.tests.provider_factories import provider_paid
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card, CardEntry, CardSession
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.core.business_days import mark_day_closed
from apps.core.models import IdempotentAnswer, SystemLog
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND, REFUND_APPROVE
from apps.core.testing import assert_envelope
from apps.members.models import Member, PointsEntry
from apps.members.services import points_adjust

pytestmark = pytest.mark.django_db

D = Decimal
QUOTE = "/rest/recede/quote"
RECEDE = "/rest/recede/recede"
RETURNS = code_of("/returnList")


@pytest.fixture
def refunder(store, make_entry):
    return api_client(entry=make_entry(store, codes=[RETURNS, ORDER_DETAILS, REFUND.code]))


def paid_order(store, member, *tenders, lines=("60.00", "40.00")):
    order = order_of(store=store, member=member, lines=[product(amount) for amount in lines])
    order_pay(actor=CASHIER, order_id=order.pk, tenders=list(tenders))
    return order


def body(order, *lines, reason="wrong colour"):
    return {"orderId": order.pk, "lines": list(lines), "reason": reason}


def first_line(order, **asked):
    return {"orderLineId": order.lines.order_by("id").first().pk, **asked}


def written() -> tuple[int, ...]:
    """Every row a refund (or a refused one) could leave behind."""
    return tuple(
        model.objects.count()
        for model in (Refund, RefundLine, RefundTender, CardEntry, PointsEntry, SystemLog, IdempotentAnswer)
    )


def quoted_then_refunded(client, request_body, *, made=None):
    """The quote, nothing written by it, then the refund of the same body: answers both."""
    before = written()
    quote = assert_envelope(client.post(QUOTE, request_body, format="json"), status=200)
    assert written() == before
    refund = made() if made else None
    if refund is None:
        refund = assert_envelope(
            client.post(RECEDE, request_body, format="json", HTTP_IDEMPOTENCY_KEY="quote-then-refund"), status=200
        )
    return quote, refund


def test_the_quote_is_what_the_refund_gives_back_to_stored_value_cash_and_points(refunder, store, member):
    points_adjust(actor=CASHIER, member=member, store=store, change=5000, reason="gift")
    card = stored_value_card(member=member, paid="500.00", face_value="550.00")
    order = paid_order(
        store,
        member,
        TenderAsked(method="storedValue", amount=D("47.00"), card_id=card.pk),
        TenderAsked(method="points", amount=D("13.00")),
        TenderAsked(method="cash", amount=D("40.00")),
    )
    balance = Card.objects.get(pk=card.pk).balance
    points = Member.objects.get(pk=member.pk).points
    request_body = body(order, first_line(order, amount="33.33"))
    quote, refund = quoted_then_refunded(refunder, request_body)
    assert (quote["orderId"], quote["orderNo"], quote["amount"]) == (order.pk, order.order_no, "33.33")
    assert quote["approvalNeeded"] is False
    assert quote["lines"] == [
        {
            "orderLineId": request_body["lines"][0]["orderLineId"],
            "name": "洗发水",
            "qty": 0,
            "amount": "33.33",
            "goodsBack": "",  # an amount alone: the goods stay with the customer
            "damageReason": "",
        }
    ]
    assert quote["tenders"] == refund["tenders"]
    by_method = {row["method"]: row for row in quote["tenders"]}
    assert set(by_method) == {"storedValue", "points", "cash"}
    stored = by_method["storedValue"]
    assert D(stored["principal"]) + D(stored["gift"]) == D(stored["amount"]) and D(stored["gift"]) > 0
    assert by_method["points"]["points"] > 0 and by_method["cash"]["tillChange"] == f"-{by_method['cash']['amount']}"
    assert sum(D(row["amount"]) for row in quote["tenders"]) == D("33.33")
    # The quote moved nothing; the refund moved what it said.
    assert Card.objects.get(pk=card.pk).balance == balance + D(stored["amount"])
    assert Member.objects.get(pk=member.pk).points == points + by_method["points"]["points"] - refund["pointsTakenBack"]


def test_a_second_quote_counts_what_earlier_refunds_gave_back(refunder, store, member):
    card = stored_value_card(member=member, paid="500.00", face_value="550.00")
    order = paid_order(
        store,
        member,
        TenderAsked(method="storedValue", amount=D("50.00"), card_id=card.pk),
        TenderAsked(method="cash", amount=D("50.00")),
    )
    quoted_then_refunded(refunder, body(order, first_line(order, amount="20.01")))
    request_body = body(order, first_line(order))  # all that is left of the line
    quote = assert_envelope(refunder.post(QUOTE, request_body, format="json"), status=200)
    refund = assert_envelope(refunder.post(RECEDE, request_body, format="json", HTTP_IDEMPOTENCY_KEY="k2"), status=200)
    assert quote["amount"] == refund["amount"] == "39.99"
    assert quote["tenders"] == refund["tenders"]


def test_the_quote_gives_sessions_back_to_their_card(refunder, store, member):
    card = package_card(member=member, sessions=5)
    order = order_of(store=store, member=member, lines=[sessions(card, qty=2), product("40.00")])
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked(method="cash", amount=D("40.00"))])
    left = CardSession.objects.get(card=card).left
    request_body = body(order, first_line(order, qty=1), {"orderLineId": order.lines.order_by("id").last().pk})
    quote, refund = quoted_then_refunded(refunder, request_body)
    assert quote["tenders"] == refund["tenders"]
    assert [(row["method"], row["sessions"], row["cardId"], row["amount"]) for row in quote["tenders"]] == [
        ("sessions", 1, card.pk, "0.00"),
        ("cash", None, None, "40.00"),
    ]
    assert CardSession.objects.get(card=card).left == left + 1


def test_the_quote_sends_provider_money_back_pending(refunder, providers, store, member, sent):
    order = order_of(store=store, member=member, lines=[product("60.00"), product("40.00")])
    provider_paid(order, "wechat", "60.00", cash="40.00")
    request_body = body(order, first_line(order, amount="50.00"))

    def made():
        answer = sent(lambda: refunder.post(RECEDE, request_body, format="json", HTTP_IDEMPOTENCY_KEY="provider"))
        return assert_envelope(answer, status=200)

    quote, refund = quoted_then_refunded(refunder, request_body, made=made)
    assert [(row["method"], row["amount"], row["status"]) for row in quote["tenders"]] == [
        ("cash", "20.00", "succeeded"),
        ("wechat", "30.00", "pending"),
    ]
    assert quote["tenders"] == refund["tenders"]


@pytest.mark.parametrize(
    ("lines", "reason", "status", "errcode"),
    [
        ([], "torn", 400, "VALID-40000"),
        (None, "", 400, "VALID-40000"),
        ([{"amount": "60.01"}], "torn", 409, "ORD-40901"),
        ([{"qty": 2}], "torn", 409, "ORD-40901"),
    ],
)
def test_the_quote_refuses_what_the_refund_refuses_with_the_same_error(
    refunder, store, member, lines, reason, status, errcode
):
    order = paid_order(store, member, TenderAsked(method="cash", amount=D("100.00")))
    asked = [first_line(order)] if lines is None else [first_line(order, **line) for line in lines]
    request_body = body(order, *asked, reason=reason)
    before = written()
    quote = refunder.post(QUOTE, request_body, format="json")
    refund = refunder.post(RECEDE, request_body, format="json", HTTP_IDEMPOTENCY_KEY=f"refused-{errcode}")
    assert_envelope(quote, status=status, errcode=errcode)
    assert_envelope(refund, status=status, errcode=errcode)
    assert quote.json()["errmsg"] == refund.json()["errmsg"]
    assert written()[:5] == before[:5]


def test_above_the_stores_amount_the_quote_says_the_refund_needs_the_owners_approval(
    refunder, store, member, make_entry
):
    store.refund_approval_above = D("50.00")
    store.save(update_fields=["refund_approval_above"])
    order = paid_order(store, member, TenderAsked(method="cash", amount=D("100.00")))
    request_body = body(order, first_line(order))
    asked = assert_envelope(refunder.post(QUOTE, request_body, format="json"), status=200)
    assert (asked["amount"], asked["approvalNeeded"]) == ("60.00", True)
    codes = [RETURNS, ORDER_DETAILS, REFUND.code, REFUND_APPROVE.code]
    owner = api_client(entry=make_entry(store, codes=codes, kind="owner"))
    quote = assert_envelope(owner.post(QUOTE, request_body, format="json"), status=200)
    assert (quote["amount"], quote["approvalNeeded"]) == ("60.00", True)


def test_a_closed_day_and_another_stores_order_are_refused_as_by_the_refund(refunder, store, other_store, member):
    order = paid_order(store, member, TenderAsked(method="cash", amount=D("100.00")))
    other = paid_order(other_store, None, TenderAsked(method="cash", amount=D("100.00")))
    assert_envelope(
        refunder.post(QUOTE, body(other, first_line(other)), format="json"), status=404, errcode="SYS-40400"
    )
    mark_day_closed(store_id=store.pk, day=timezone.localdate())
    assert_envelope(
        refunder.post(QUOTE, body(order, first_line(order)), format="json"), status=409, errcode="DAY-40901"
    )


def test_the_returns_page_alone_may_quote_and_the_refund_button_is_not_needed(store, make_entry):
    order = paid_order(store, None, TenderAsked(method="cash", amount=D("100.00")))
    reader = api_client(entry=make_entry(store, codes=[RETURNS]))
    quote = assert_envelope(reader.post(QUOTE, body(order, first_line(order)), format="json"), status=200)
    assert quote["amount"] == "60.00"
    stranger = api_client(entry=make_entry(store, codes=[ORDER_DETAILS]))
    assert stranger.post(QUOTE, body(order, first_line(order)), format="json").status_code == 403
