"""Refunded goods go back on the shelf or are written off as damaged (issue 28 item 4): each goods
line of a refund says where its units go; the stock ledger moves them (`sale_return`, then
`return_damaged` with the reason), the audit of the ledgers stays clean, and what is owed but not
taken is owed less, never restocked."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.billing.choices import AuditAction, ReturnedGoods
from apps.billing.models import OwedGoods, RefundLine
from apps.billing.orders.lines import LineInput
from apps.billing.owed.services import owed_take
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.catalog.tests.factories import ProductPackageLineFactory, ProjectConsumableFactory, ProjectFactory
from apps.core.errors import InvalidInput
from apps.core.ledgers import audit_all
from apps.core.models import SystemLog
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND, REFUND_APPROVE
from apps.core.testing import assert_envelope
from apps.inventory.models import StockBalance, StockMove
from apps.inventory.tests.factories import stocked

pytestmark = pytest.mark.django_db

RECEDE = "/rest/recede/recede"
QUOTE = "/rest/recede/quote"
JUDGE = "/rest/recede/judgeStatus"
MOVES = "/rest/stock/moves"


def held(store, product) -> Decimal:
    return StockBalance.objects.get(store=store, product=product).quantity


def refund_moves(refund_id):
    rows = StockMove.objects.filter(document_kind="refund", document_id=refund_id).order_by("id")
    return [(move.kind, move.product_id, move.quantity, move.remark) for move in rows]


def paid(store, member, *lines):
    order = committed_order(store=store, member=member, lines=list(lines))
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])
    return order


def paid_goods(store, member, product, qty=3, *, take_later=False):
    return paid(store, member, LineInput(type="product", item_id=product.pk, qty=qty, take_later=take_later))


@pytest.fixture
def refunder(store, make_entry):
    return api_client(entry=make_entry(store, codes=[code_of("/returnList"), REFUND.code]))


def test_goods_refunded_by_units_go_back_on_the_shelf_by_default(store, member):
    shampoo = stocked(store, "10", name="控油洗发水", price=Decimal("88.00"))
    order = paid_goods(store, member, shampoo)
    assert held(store, shampoo) == Decimal("7")
    line = order.lines.get()
    refund = order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(line.pk, qty=2)], reason="不想要了")
    assert refund_moves(refund.pk) == [("sale_return", shampoo.pk, Decimal("2"), "")]
    assert held(store, shampoo) == Decimal("9")
    assert RefundLine.objects.get(refund=refund).goods_back == ReturnedGoods.SHELF
    assert audit_all() == []


def test_damaged_goods_come_back_and_are_written_off_with_the_reason_so_the_shelf_holds_what_it_held(store, member):
    shampoo = stocked(store, "10", name="控油洗发水", price=Decimal("88.00"))
    order = paid_goods(store, member, shampoo)
    line = order.lines.get()
    asked = LineAsked(line.pk, qty=2, goods_back=ReturnedGoods.DAMAGED, damage_reason=" 瓶身破裂 ")
    refund = order_refund(actor=CASHIER, order_id=order.pk, lines=[asked], reason="商品破损")
    assert refund_moves(refund.pk) == [
        ("sale_return", shampoo.pk, Decimal("2"), ""),
        ("return_damaged", shampoo.pk, Decimal("-2"), "瓶身破裂"),
    ]
    assert held(store, shampoo) == Decimal("7")
    written = RefundLine.objects.get(refund=refund)
    assert (written.goods_back, written.damage_reason) == (ReturnedGoods.DAMAGED, "瓶身破裂")
    log = SystemLog.objects.get(action=AuditAction.ORDER_REFUNDED)
    assert log.detail["lines"][0] | {"amount": None} == {
        "orderLineId": line.pk,
        "qty": 2,
        "amount": None,
        "goodsBack": "damaged",
        "damageReason": "瓶身破裂",
    }
    assert audit_all() == []


def test_a_package_of_goods_writes_off_each_of_its_products_in_use_units(store, member):
    shampoo = stocked(store, "10", name="控油洗发水")
    serum = stocked(store, "3000", name="精华液", use_unit="ml", use_per_unit=Decimal("500"))
    package = ProductPackageLineFactory(product=shampoo, quantity=2).package
    ProductPackageLineFactory(package=package, product=serum, quantity=1)
    order = paid(store, member, line("productPackage", package))
    asked = LineAsked(order.lines.get().pk, qty=1, goods_back=ReturnedGoods.DAMAGED, damage_reason="过期")
    refund = order_refund(actor=CASHIER, order_id=order.pk, lines=[asked], reason="过期退货")
    damaged = sorted((p, q) for kind, p, q, _r in refund_moves(refund.pk) if kind == "return_damaged")
    assert damaged == sorted([(shampoo.pk, Decimal("-2")), (serum.pk, Decimal("-500"))])
    assert (held(store, shampoo), held(store, serum)) == (Decimal("8"), Decimal("2500"))
    assert audit_all() == []


def test_a_write_off_where_a_service_took_the_stock_below_zero_leaves_it_where_it_was(store, member):
    store.negative_stock_allowed = False
    store.save(update_fields=["negative_stock_allowed"])
    shampoo = stocked(store, "1")
    wash = ProjectFactory()
    ProjectConsumableFactory(project=wash, product=shampoo, quantity=Decimal("3"))
    order = paid(store, member, line("product", shampoo), line("project", wash))
    assert held(store, shampoo) == Decimal("-3")  # a service is never refused for what it uses
    goods_line = order.lines.get(type="product")
    asked = LineAsked(goods_line.pk, qty=1, goods_back=ReturnedGoods.DAMAGED, damage_reason="漏液")
    order_refund(actor=CASHIER, order_id=order.pk, lines=[asked], reason="漏液")
    assert held(store, shampoo) == Decimal("-3")


def test_owed_goods_not_taken_are_owed_less_and_only_the_taken_ones_are_written_off(store, member):
    shampoo = stocked(store, "10")
    order = paid_goods(store, member, shampoo, take_later=True)
    owed = OwedGoods.objects.get()
    owed_take(actor=CASHIER, owed_id=owed.pk, qty=1)
    asked = LineAsked(order.lines.get().pk, qty=3, goods_back=ReturnedGoods.DAMAGED, damage_reason="破损")
    refund = order_refund(actor=CASHIER, order_id=order.pk, lines=[asked], reason="破损")
    owed.refresh_from_db()
    assert (owed.taken, owed.refunded, owed.left) == (1, 2, 0)
    assert refund_moves(refund.pk) == [
        ("sale_return", shampoo.pk, Decimal("1"), ""),
        ("return_damaged", shampoo.pk, Decimal("-1"), "破损"),
    ]
    assert held(store, shampoo) == Decimal("9")
    assert audit_all() == []


@pytest.mark.parametrize(
    ("asked", "field"),
    [
        ({"qty": 1, "goodsBack": "damaged"}, "lines[0].damageReason"),
        ({"qty": 1, "goodsBack": "damaged", "damageReason": "   "}, "lines[0].damageReason"),
        ({"amount": "10.00", "goodsBack": "damaged", "damageReason": "破损"}, "lines[0].qty"),
        ({"qty": 1, "goodsBack": "lost"}, "lines[0].goodsBack"),
    ],
)
def test_a_write_off_without_its_reason_or_its_units_is_refused_and_nothing_changes(
    refunder, store, member, asked, field
):
    shampoo = stocked(store, "10")
    order = paid_goods(store, member, shampoo)
    body = {"orderId": order.pk, "reason": "破损", "lines": [{"orderLineId": order.lines.get().pk, **asked}]}
    messages = []
    for language in ("zh-hans", "en"):
        answer = assert_envelope(
            refunder.post(RECEDE, body, format="json", HTTP_ACCEPT_LANGUAGE=language), status=400, errcode="VALID-40000"
        )
        assert list(answer["fields"]) == [field]
        messages.append(answer["fields"][field][0])
    assert messages[0] != messages[1]  # said in each language
    assert not RefundLine.objects.exists()
    assert held(store, shampoo) == Decimal("7")


def test_a_service_cannot_be_written_off(store, member, project):
    order = paid(store, member, line("project", project))
    asked = LineAsked(order.lines.get().pk, qty=1, goods_back=ReturnedGoods.DAMAGED, damage_reason="破损")
    with pytest.raises(InvalidInput):
        order_refund(actor=CASHIER, order_id=order.pk, lines=[asked], reason="破损")


def test_the_returns_page_learns_which_lines_give_goods_back_and_the_quote_and_refund_say_where_they_go(
    client, refunder, store, member, project
):
    shampoo = stocked(store, "10", name="控油洗发水", price=Decimal("88.00"))
    order = paid(store, member, line("product", shampoo, qty=2), line("project", project))
    goods_line = order.lines.get(type="product")
    judged = assert_envelope(refunder.get(JUDGE, {"orderId": order.pk}), status=200)
    assert [(row["goods"], row["takeLater"]) for row in judged["lines"]] == [(True, False), (False, False)]

    body = {
        "orderId": order.pk,
        "reason": "破损",
        "lines": [{"orderLineId": goods_line.pk, "qty": 1, "goodsBack": "damaged", "damageReason": "瓶身破裂"}],
    }
    quote = assert_envelope(refunder.post(QUOTE, body, format="json"), status=200)
    assert quote["lines"][0] | {"amount": None} == {
        "orderLineId": goods_line.pk,
        "name": "控油洗发水",
        "qty": 1,
        "amount": None,
        "goodsBack": "damaged",
        "damageReason": "瓶身破裂",
    }
    assert not StockMove.objects.filter(document_kind="refund").exists()  # a quote moves nothing

    key = {"HTTP_IDEMPOTENCY_KEY": "refund-damaged-1", "HTTP_ACCEPT_LANGUAGE": "zh-hans"}
    first = assert_envelope(refunder.post(RECEDE, body, format="json", **key), status=200)
    again = assert_envelope(refunder.post(RECEDE, body, format="json", **key), status=200)
    assert again == first  # the same key refunds once
    assert [(row["goodsBack"], row["goodsBackName"], row["damageReason"]) for row in first["lines"]] == [
        ("damaged", "报损", "瓶身破裂")
    ]
    assert len(refund_moves(first["recedeId"])) == 2
    assert held(store, shampoo) == Decimal("8")

    shelf = {"orderId": order.pk, "reason": "不想要", "lines": [{"orderLineId": goods_line.pk, "qty": 1}]}
    second = assert_envelope(refunder.post(RECEDE, shelf, format="json", HTTP_ACCEPT_LANGUAGE="en"), status=200)
    assert [(row["goodsBack"], row["goodsBackName"]) for row in second["lines"]] == [("shelf", "back on the shelf")]
    assert held(store, shampoo) == Decimal("9")
    assert audit_all() == []


def test_the_stock_flow_shows_the_return_and_the_write_off_with_its_reason(client, store, member, make_entry):
    shampoo = stocked(store, "10", name="控油洗发水")
    order = paid_goods(store, member, shampoo)
    asked = LineAsked(order.lines.get().pk, qty=1, goods_back=ReturnedGoods.DAMAGED, damage_reason="瓶身破裂")
    order_refund(actor=CASHIER, order_id=order.pk, lines=[asked], reason="破损")
    stock_keeper = api_client(entry=make_entry(store, codes=[code_of("/systemStorage")]))
    page = assert_envelope(
        stock_keeper.get(MOVES, {"productId": shampoo.pk, "pageNo": 1, "pageSize": 10}, HTTP_ACCEPT_LANGUAGE="zh-hans"),
        status=200,
    )
    newest = page["list"][:2]
    assert [(row["kind"], row["kindName"], row["quantity"], row["remark"]) for row in newest] == [
        ("return_damaged", "退货报损", "-1", "瓶身破裂"),
        ("sale_return", "销售退货入库", "1", ""),
    ]


def test_a_write_off_asked_above_the_stores_amount_is_made_as_asked_when_the_owner_approves(
    refunder, store, member, make_entry
):
    store.refund_approval_above = Decimal("50.00")
    store.save(update_fields=["refund_approval_above"])
    shampoo = stocked(store, "10", name="控油洗发水", price=Decimal("88.00"))
    order = paid_goods(store, member, shampoo, qty=2)
    asked = {"orderLineId": order.lines.get().pk, "qty": 1, "goodsBack": "damaged", "damageReason": "瓶身破裂"}
    body = {"orderId": order.pk, "reason": "破损", "lines": [asked]}
    waiting = assert_envelope(refunder.post(RECEDE, body, format="json", HTTP_IDEMPOTENCY_KEY="ask-1"), status=202)
    assert not StockMove.objects.filter(document_kind="refund").exists()
    owner = api_client(
        entry=make_entry(store, codes=[code_of("/returnList"), REFUND.code, REFUND_APPROVE.code], kind="owner"),
        language="zh-hans",
    )
    detail = assert_envelope(owner.get("/rest/approvalCenterRest/detail", {"id": waiting["approvalId"]}), status=200)
    assert any("报损：瓶身破裂" in line["value"] for line in detail["details"]), detail["details"]
    approve = {"id": waiting["approvalId"], "remark": "同意"}
    assert_envelope(
        owner.post("/rest/approvalCenterRest/approve", approve, format="json", HTTP_IDEMPOTENCY_KEY="ok-1"), status=200
    )
    (refund_line,) = RefundLine.objects.all()
    assert (refund_line.goods_back, refund_line.damage_reason) == ("damaged", "瓶身破裂")
    assert [kind for kind, *_rest in refund_moves(refund_line.refund_id)] == ["sale_return", "return_damaged"]
    assert held(store, shampoo) == Decimal("8")
    assert audit_all() == []
