"""The till meets the stock ledger (docs/decisions/0018-stock-at-the-till.md): a paid order's goods
leave stock, take-later lines owe them, served projects use their consumables, refunds bring goods
back; the commit and the preview refuse what a store that forbids negative stock cannot sell."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.testing import api_client
from apps.billing.choices import AuditAction, OrderStatus
from apps.billing.models import Order, OwedGoods, Tender
from apps.billing.owed.services import owed_take
from apps.billing.tests.checkout_factories import Line, order_of
from apps.billing.tests.provider_factories import provider_paid
from apps.cards.models import Card
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.catalog.tests.factories import (
    ProductFactory,
    ProductPackageLineFactory,
    ProjectConsumableFactory,
    ProjectFactory,
)
from apps.core.ledgers import audit_all
from apps.core.models import SystemLog
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND
from apps.core.testing import assert_envelope
from apps.inventory.models import StockBalance, StockMove
from apps.inventory.tests.factories import stocked

pytestmark = pytest.mark.django_db

COMMIT = "/rest/order/commit"
PRICE = "/rest/pricingEngine/checkDiscountConcurrently"
PAY = "/rest/pay/excute"
RECEDE = "/rest/recede/recede"


def held(store, product) -> Decimal:
    row = StockBalance.objects.filter(store=store, product=product).first()
    return row.quantity if row else Decimal("0")


def moves(document_kind, document_id, kind=None):
    rows = StockMove.objects.filter(document_kind=document_kind, document_id=document_id)
    if kind:
        rows = rows.filter(kind=kind)
    return sorted((move.kind, move.product_id, move.quantity) for move in rows)


def commit(client, member, *lines, status=201, errcode="0"):
    return assert_envelope(
        client.post(COMMIT, {"memId": member.pk, "lines": list(lines)}, format="json"), status=status, errcode=errcode
    )


def pay_cash(client, order_id, amount, status=200, errcode="0"):
    body = {"orderId": order_id, "tenders": [{"method": "cash", "amount": amount}]}
    return assert_envelope(client.post(PAY, body, format="json"), status=status, errcode=errcode)


def goods(item, qty=1, **extra):
    return {"type": "product", "itemId": item.pk, "qty": qty, **extra}


@pytest.fixture
def refunder(store, make_entry):
    return api_client(entry=make_entry(store, codes=[code_of("/returnList"), REFUND.code]))


def test_a_paid_order_moves_each_product_out_once_packages_by_their_lines_in_use_units(client, store, member):
    shampoo = stocked(store, "10", price=Decimal("50.00"))
    serum = stocked(store, "3000", price=Decimal("80.00"), use_unit="ml", use_per_unit=Decimal("500"))
    package = ProductPackageLineFactory(product=shampoo, quantity=2).package
    ProductPackageLineFactory(package=package, product=serum, quantity=1)
    order = commit(
        client,
        member,
        goods(shampoo, 1),
        goods(serum, 2),
        {"type": "productPackage", "itemId": package.pk, "qty": 2},
    )
    assert moves("order", order["orderId"]) == []  # a commit moves nothing
    pay_cash(client, order["orderId"], order["payable"])
    # shampoo: 1 + 2×2 bottles; serum: (2 + 2×1) bottles × 500 ml
    assert moves("order", order["orderId"]) == sorted(
        [("sale", shampoo.pk, Decimal("-5")), ("sale", serum.pk, Decimal("-2000"))]
    )
    assert held(store, shampoo) == Decimal("5") and held(store, serum) == Decimal("1000")
    assert audit_all() == []


def test_where_negative_stock_is_forbidden_the_preview_and_the_commit_refuse_a_short_product(client, store, member):
    few = stocked(store, "1")
    body = {"memId": member.pk, "lines": [goods(few, 2)]}
    short = assert_envelope(client.post(PRICE, body, format="json"), status=409, errcode="STOCK-40901")
    assert short["products"] == [{"productId": few.pk, "name": few.name, "available": "1.000", "wanted": "2.000"}]
    commit(client, member, goods(few, 2), status=409, errcode="STOCK-40901")
    assert not Order.objects.exists()
    # taken later, the goods stay in stock: nothing is short now
    commit(client, member, goods(few, 2, takeLater=True))


def test_a_payment_that_would_take_stock_below_zero_is_refused_before_any_money_moves(client, store, member):
    product = stocked(store, "2")
    card = stored_value_card(member=member, paid="1000.00")
    order = commit(client, member, goods(product, 2))
    stocked(store, "-1", product=product)  # one was taken meanwhile
    body = {"orderId": order["orderId"], "tenders": [{"method": "storedValue", "amount": "200.00", "cardId": card.pk}]}
    assert_envelope(client.post(PAY, body, format="json"), status=409, errcode="STOCK-40901")
    assert Order.objects.get().status == OrderStatus.UNPAID and not Tender.objects.exists()
    assert Card.objects.get(pk=card.pk).principal == Decimal("1000.00")
    assert moves("order", order["orderId"]) == [] and held(store, product) == Decimal("1")


def test_a_store_that_allows_negative_stock_sells_below_zero(client, store, member):
    store.negative_stock_allowed = True
    store.save(update_fields=["negative_stock_allowed"])
    product = ProductFactory()
    order = commit(client, member, goods(product, 3))
    pay_cash(client, order["orderId"], order["payable"])
    assert held(store, product) == Decimal("-3")


def test_a_take_later_line_owes_its_goods_and_moves_no_stock_when_paid(client, store, member):
    product = stocked(store, "5")
    order = commit(client, member, goods(product, 2, takeLater=True))
    pay_cash(client, order["orderId"], order["payable"])
    assert moves("order", order["orderId"]) == [] and held(store, product) == Decimal("5")
    owed = OwedGoods.objects.get()
    assert (owed.product_id, owed.quantity, owed.taken, owed.member_id) == (product.pk, 2, 0, member.pk)
    assert owed.store_id == store.pk and owed.order_id == order["orderId"]
    details = assert_envelope(client.get("/rest/order/orderDetails", {"orderId": order["orderId"]}), status=200)
    assert [line["takeLater"] for line in details["lines"]] == [True]


def test_only_goods_are_taken_later(client, member, project):
    body = {"type": "project", "itemId": project.pk, "takeLater": True}
    response = client.post(COMMIT, {"memId": member.pk, "lines": [body]}, format="json")
    refused = assert_envelope(response, status=400, errcode="VALID-40000")
    assert "lines[0].takeLater" in refused["fields"]


def test_served_projects_use_their_consumables_per_session_cash_or_package_card(client, store, member):
    oil = stocked(store, "1000", use_unit="ml", use_per_unit=Decimal("500"))
    card = package_card(member=member, sessions=5)
    project_id = card.sessions.get().project_id
    ProjectConsumableFactory(project_id=project_id, product=oil, quantity=Decimal("15.5"))
    sold = ProjectFactory()
    ProjectConsumableFactory(project=sold, product=oil, quantity=Decimal("10"))
    order = commit(
        client,
        member,
        {"type": "project", "itemId": project_id, "cardId": card.pk, "qty": 2},
        {"type": "project", "itemId": sold.pk},
    )
    pay_cash(client, order["orderId"], order["payable"])
    # 2 sessions × 15.5 ml + 1 × 10 ml, one move of the product
    assert moves("order", order["orderId"]) == [("service_use", oil.pk, Decimal("-41.000"))]
    assert held(store, oil) == Decimal("959")


def test_a_service_is_never_refused_for_its_consumables_it_goes_below_zero_and_the_log_says_so(client, store, member):
    oil = stocked(store, "5", use_unit="ml")
    project = ProjectFactory()
    ProjectConsumableFactory(project=project, product=oil, quantity=Decimal("8"))
    order = commit(client, member, {"type": "project", "itemId": project.pk})
    pay_cash(client, order["orderId"], order["payable"])
    assert held(store, oil) == Decimal("-3")
    log = SystemLog.objects.get(action=AuditAction.SERVICE_USE_BELOW_ZERO)
    assert log.detail["products"] == [{"productId": oil.pk, "used": "8.000", "after": "-3.000"}]


def test_refunded_goods_come_back_but_a_refunded_service_keeps_what_it_used(client, refunder, store, member):
    product = stocked(store, "10")
    oil = stocked(store, "100", use_unit="ml")
    project = ProjectFactory()
    ProjectConsumableFactory(project=project, product=oil, quantity=Decimal("4"))
    order = commit(client, member, goods(product, 3), {"type": "project", "itemId": project.pk})
    pay_cash(client, order["orderId"], order["payable"])
    goods_line, service_line = (line["orderLineId"] for line in order["lines"])
    body = {
        "orderId": order["orderId"],
        "reason": "changed mind",
        "lines": [{"orderLineId": goods_line, "qty": 2}, {"orderLineId": service_line}],
    }
    refund = assert_envelope(refunder.post(RECEDE, body, format="json"), status=200)
    assert moves("refund", refund["recedeId"]) == [("sale_return", product.pk, Decimal("2"))]
    assert held(store, product) == Decimal("9") and held(store, oil) == Decimal("96")
    assert audit_all() == []


def test_a_refund_of_owed_goods_is_owed_less_first_then_the_taken_ones_come_back(client, refunder, store, member):
    product = stocked(store, "10")
    order = commit(client, member, goods(product, 3, takeLater=True))
    pay_cash(client, order["orderId"], order["payable"])
    owed = OwedGoods.objects.get()
    owed_take(actor=CASHIER, owed_id=owed.pk, qty=2)
    assert held(store, product) == Decimal("8")
    line = order["lines"][0]["orderLineId"]
    body = {"orderId": order["orderId"], "reason": "changed mind", "lines": [{"orderLineId": line, "qty": 2}]}
    refund = assert_envelope(refunder.post(RECEDE, body, format="json"), status=200)
    owed.refresh_from_db()
    assert (owed.taken, owed.refunded, owed.left) == (2, 1, 0)
    # one was still owed: owed less; one was taken: it comes back
    assert moves("refund", refund["recedeId"]) == [("sale_return", product.pk, Decimal("1"))]
    assert held(store, product) == Decimal("9")
    assert audit_all() == []


def test_paying_an_order_without_goods_or_consumables_sends_no_more_statements(client, store, member, project):
    """The checkout's hot path (docs/performance.md): the order's lines are read with whether their
    project uses products and their product's use units, in the same statement; nothing else."""
    order = commit(client, member, {"type": "project", "itemId": project.pk})
    with CaptureQueriesContext(connection) as paying:
        pay_cash(client, order["orderId"], order["payable"])
    stock = [
        q["sql"]
        for q in paying.captured_queries
        if ("inventory_" in q["sql"] or "catalog_product" in q["sql"])
        and not q["sql"].startswith(('SELECT "billing_', 'SELECT (SELECT json_agg(q)::text FROM (SELECT "billing_'))
    ]
    assert stock == []
    with CaptureQueriesContext(connection) as committing:
        commit(client, member, {"type": "project", "itemId": project.pk})
    assert not [q for q in committing.captured_queries if "inventory_" in q["sql"]]


def test_the_statements_a_product_adds_to_the_checkout(client, store, member, project):
    """Written down in docs/performance.md: a one-product order's commit reads its balance (1), its
    payment sends record_moves' 1 (inventory_moves_record reads the product, locks the balance,
    writes the move and the balance)."""
    product = stocked(store, "10")
    with CaptureQueriesContext(connection) as committing:
        order = commit(client, member, goods(product))
    with CaptureQueriesContext(connection) as paying:
        pay_cash(client, order["orderId"], order["payable"])
    committed = [q["sql"] for q in committing.captured_queries if "inventory_" in q["sql"]]
    paid = [
        q["sql"]
        for q in paying.captured_queries
        if "inventory_" in q["sql"] or q["sql"].startswith('SELECT "catalog_product"')
    ]
    assert len(committed) == 1
    assert len(paid) == 1, paid


def test_a_provider_tender_settling_later_records_the_sale_even_below_zero(providers, store, member):
    """The customer's money is already taken when the provider's word arrives: the sale is recorded
    rather than refused (decision 0018)."""
    few = stocked(store, "1")
    order = order_of(store=store, member=member, lines=[Line("product", few.pk, Decimal("200.00"), qty=2)])
    provider_paid(order, "alipay", "200.00")
    assert moves("order", order.pk) == [("sale", few.pk, Decimal("-2"))]
    assert held(store, few) == Decimal("-1")
