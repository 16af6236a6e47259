"""The demo shows issue 28's figures (items 4 and 6): its cards are sold through orders, so each
store's closing counts them the same in its sales and its cards; its second store has an order
served by package sessions (not a discount) and one partly refunded, a unit back on the shelf and
one written off as damaged; the ledgers agree, and seeding again adds nothing."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone

from apps.billing.closing.selectors import Day, day_figures
from apps.billing.models import Order, RefundLine
from apps.billing.orders.selectors import order_rows
from apps.cards.choices import EntryKind
from apps.cards.models import Card, CardEntry
from apps.core.ledgers import audit_all
from apps.inventory.models import StockMove
from apps.org.models import OrgUnit


@pytest.fixture
def demo_db(db, seeded_demo):
    seeded_demo()


def test_the_demo_members_hold_cards_sold_through_orders_and_each_closing_counts_them_once(demo_db):
    sales = CardEntry.objects.filter(kind=EntryKind.SALE)
    assert sales.exists() and not sales.filter(order_id__isnull=True).exists()
    for store in OrgUnit.objects.filter(code__in=("S-SH-001", "S-SH-002")):
        kinds = list(Card.objects.filter(store=store).values_list("kind", flat=True))
        assert kinds.count("storedValue") == 2 and kinds.count("package") >= 2
        figures = day_figures(Day(store.pk, timezone.localdate()))
        kinds = {row["kind"]: row for row in figures["sales"]["kinds"]}
        assert (
            figures["cards"]["sold"]["count"] == kinds["cardSales"]["qty"] == Card.objects.filter(store=store).count()
        )
        assert figures["cards"]["sold"]["amount"] == kinds["cardSales"]["amount"]


def test_the_demo_has_an_order_paid_by_sessions_and_one_partly_refunded_back_to_the_shelf_and_written_off(demo_db):
    store = OrgUnit.objects.get(code="S-SH-002")
    rows = {row["remark"]: row for row in order_rows(Order.objects.filter(store=store))}
    served = rows["演示：套餐卡划卡"]
    assert (served["discount"], served["sessions"], served["payable"]) == ("0.00", 1, "0.00")
    returned = rows["演示：退货"]
    assert returned["refundStatus"] == "partlyRefunded"
    paid, refunded, net = (Decimal(returned[key]) for key in ("paid", "refunded", "net"))
    assert refunded > 0 and net > 0 and net == paid - refunded
    lines = RefundLine.objects.filter(refund__order_id=returned["orderId"]).order_by("id")
    assert [(line.goods_back, line.damage_reason) for line in lines] == [("shelf", ""), ("damaged", "瓶身破裂")]
    kinds = sorted(StockMove.objects.filter(document_kind="refund").values_list("kind", flat=True))
    assert kinds == ["return_damaged", "sale_return", "sale_return"]
    assert audit_all() == []
    counts = (Order.objects.count(), Card.objects.count(), CardEntry.objects.count())
    call_command("seed_demo", verbosity=0)
    assert (Order.objects.count(), Card.objects.count(), CardEntry.objects.count()) == counts
