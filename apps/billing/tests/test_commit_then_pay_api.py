"""From the till to the ledgers: orders committed through order/commit (priced by the server) and
paid through pay/excute, as the issue's done-when walks them."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.billing.choices import CreditKind
from apps.billing.models import StaffCredit
from apps.billing.tests.checkout_factories import data_url, png
from apps.billing.tests.factories import committed_order, line
from apps.cards.models import Card, CardEntry
from apps.cards.tests.factories import package_card, stored_value_card
from apps.catalog.tests.factories import ProjectPackageLineFactory
from apps.core.ledgers import audit_all
from apps.core.testing import assert_envelope
from apps.inventory.tests.factories import stocked

pytestmark = pytest.mark.django_db

PAY = "/rest/pay/excute"


def pay(client, order, *tenders, status=200, errcode="0"):
    response = client.post(PAY, {"orderId": order.pk, "tenders": list(tenders)}, format="json")
    return assert_envelope(response, status=status, errcode=errcode)


def test_a_package_sold_then_used_on_arrival_with_the_members_signature(client, store, member, nurse):
    package_line = ProjectPackageLineFactory(sessions=10)
    sale = committed_order(
        store=store, member=member, lines=[line("projectPackage", package_line.package, staff=[(nurse, "1")])]
    )
    paid = pay(client, sale, {"method": "cash", "amount": str(sale.payable)})
    assert paid["status"] == "paid"
    card = Card.objects.get(member=member)
    assert card.sessions.get().left == 10

    store.signature_required = True
    store.save()
    visit = committed_order(
        store=store, member=member, lines=[line("project", package_line.project, card=card, staff=[(nurse, "1")])]
    )
    assert visit.payable == 0
    pay(client, visit, status=409, errcode="ORD-40902")
    assert_envelope(
        client.post("/rest/order/signature", {"orderId": visit.pk, "signature": data_url(png())}, format="json"),
        status=200,
    )
    assert pay(client, visit)["status"] == "paid"
    assert card.sessions.get().left == 9
    drawn = assert_envelope(client.get(f"/rest/pay/drawDetail/{visit.pk}"), status=200)
    assert [(row["cardNo"], row["sessions"], row["sessionsLeft"]) for row in drawn] == [(card.card_no, 1, 9)]
    credit = StaffCredit.objects.get(line__order=visit)
    assert (credit.kind, credit.amount) == (CreditKind.CARD_CONSUMPTION, visit.total)
    assert audit_all() == []


def test_a_top_up_and_a_product_paid_from_stored_value_with_change_in_cash(client, store, member, nurse):
    card = stored_value_card(member=member, paid="100.00", face_value="110.00")
    top_up = committed_order(store=store, member=member, lines=[line("topUp", card=card, amount="500.00")])
    paid = pay(client, top_up, {"method": "cash", "amount": "600"})
    assert (paid["status"], paid["change"]) == ("paid", "100.00")
    card.refresh_from_db()
    assert (card.principal, card.gift) == (Decimal("600.00"), Decimal("60.00"))

    shampoo = stocked(store, "1000", price=Decimal("700.00"))
    order = committed_order(store=store, member=member, lines=[line("product", shampoo, staff=[(nurse, "1")])])
    paid = pay(
        client, order, {"method": "storedValue", "amount": "660", "cardId": card.pk}, {"method": "cash", "amount": "50"}
    )
    assert (paid["status"], paid["paid"], paid["change"]) == ("paid", "700.00", "10.00")
    card.refresh_from_db()
    assert card.balance == 0
    assert CardEntry.objects.filter(card=card, order_id=order.pk).count() == 1
    details = assert_envelope(client.get(f"/rest/order/orderDetails?orderId={order.pk}"), status=200)
    assert sorted(t["method"] for t in details["tenders"]) == ["cash", "storedValue"]
    assert audit_all() == []


def test_a_package_card_is_refused_when_its_sessions_ran_out_after_the_commit(client, store, member):
    card = package_card(member=member, sessions=1)
    project = card.sessions.get().project
    first = committed_order(store=store, member=member, lines=[line("project", project, card=card)])
    second = committed_order(store=store, member=member, lines=[line("project", project, card=card)])
    assert pay(client, first)["status"] == "paid"
    pay(client, second, status=409, errcode="CARD-40902")
