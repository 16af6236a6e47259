"""Member coupons on an order (`couponIds`, apps/billing/orders/coupon_pricing.py): each kind's rule, the
minimum spend, stackable or not, cents spread exactly; the commit uses them, a cancel gives them
back, one coupon pays one order even at once; another member's is not found, a walk-in uses none,
the live totals show a coupon and use nothing."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connections

from apps.accounts.testing import api_client
from apps.billing.models import Order
from apps.billing.orders.coupon_pricing import apply_coupons, draft_coupons, spread
from apps.billing.orders.draft_reads import draft_reads
from apps.billing.orders.lines import resolve_lines
from apps.billing.orders.pricing import price_lines
from apps.billing.tests.conftest import BILLS, CASHIER
from apps.billing.tests.factories import line
from apps.cards.choices import CouponStatus
from apps.cards.coupons import coupon_issue
from apps.cards.models import MemberCoupon
from apps.cards.tests.factories import CASHIER as CARD_CASHIER
from apps.catalog.choices import CouponKind
from apps.catalog.tests.factories import (
    CouponTemplateFactory,
    ProductFactory,
    ProjectFactory,
    PromotionFactory,
    PromotionLineFactory,
)
from apps.core.errors import InvalidInput
from apps.core.testing import assert_envelope
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db
D = Decimal
COMMIT = "/rest/order/commit"
CANCEL = "/rest/order/cancel"
PRICE = "/rest/pricingEngine/checkDiscountConcurrently"
USABLE = "/rest/pricingEngine/usableCoupons"


def coupon(member, **template) -> MemberCoupon:
    return coupon_issue(
        actor=CARD_CASHIER,
        store=member.home_store,
        member_id=member.pk,
        template_id=CouponTemplateFactory.create(**template).pk,
    )[0]


def priced(store, member, lines, coupons):
    reads = draft_reads(store_id=store.pk, member_id=member.pk, lines=lines)
    drafts = resolve_lines(member_id=member.pk, lines=lines, reads=reads)
    chosen = draft_coupons(member_id=member.pk, coupon_ids=[c.pk for c in coupons])
    return apply_coupons(price_lines(lines=drafts, reads=reads), chosen)


def coupon_amounts(order) -> list[Decimal]:
    return [sum((d.amount for d in ln.discounts if d.source == "coupon"), D(0)) for ln in order.lines]


def test_spreading_gives_the_cents_to_the_largest_line_and_adds_up_exactly():
    shares = spread(D("10.00"), [D("33.33"), D("33.33"), D("33.34")])
    assert sum(shares) == D("10.00") and all(s >= 0 for s in shares)
    assert spread(D("0.01"), [D("1.00"), D("2.00")]) == [D("0.00"), D("0.01")]
    assert spread(D("3.00"), [D("1.00"), D("2.00")]) == [D("1.00"), D("2.00")]


def test_a_cash_coupon_is_spread_over_the_lines_in_proportion(store, member):
    a, b = ProductFactory(price=D("100.00")), ProductFactory(price=D("200.00"))
    c = coupon(member, kind=CouponKind.CASH, amount=D("10.00"), name="十元券")
    order = priced(store, member, [line("product", a), line("product", b)], [c])
    assert coupon_amounts(order) == [D("3.33"), D("6.67")]
    assert order.payable == D("290.00")
    assert order.lines[1].discounts[-1].to_wire() == {"source": "coupon", "name": "十元券", "amount": "6.67"}


def test_a_cash_coupon_never_takes_a_line_below_zero(store, member):
    product = ProductFactory(price=D("30.00"))
    order = priced(store, member, [line("product", product)], [coupon(member, amount=D("50.00"))])
    assert order.payable == D("0.00")


def test_a_discount_coupon_takes_its_rate_capped_by_its_maximum(store, member):
    product = ProductFactory(price=D("100.00"))
    uncapped = coupon(member, kind=CouponKind.DISCOUNT, amount=None, rate=D("0.85"))
    assert priced(store, member, [line("product", product)], [uncapped]).payable == D("85.00")
    capped = coupon(member, kind=CouponKind.DISCOUNT, amount=None, rate=D("0.50"), max_discount=D("20.00"))
    assert priced(store, member, [line("product", product)], [capped]).payable == D("80.00")


def test_a_free_project_coupon_makes_one_unit_of_its_project_free(store, member):
    project = ProjectFactory(price=D("298.00"))
    c = coupon(member, kind=CouponKind.FREE_PROJECT, amount=None, project=project)
    order = priced(store, member, [line("project", project, qty=2)], [c])
    assert order.payable == D("298.00")
    other = ProductFactory(price=D("10.00"))
    with pytest.raises(InvalidInput) as error:
        priced(store, member, [line("product", other)], [coupon(member, kind="C", amount=None, project=project)])
    assert error.value.field == "couponIds[0]"


def test_the_minimum_spend_is_read_on_the_eligible_lines(store, member):
    product = ProductFactory(price=D("99.99"))
    with pytest.raises(InvalidInput) as error:
        priced(store, member, [line("product", product)], [coupon(member, min_spend=D("100.00"))])
    assert error.value.field == "couponIds[0]"
    assert priced(store, member, [line("product", product, qty=2)], [coupon(member, min_spend=D("100.00"))])


def test_a_coupon_that_does_not_stack_skips_promoted_lines_and_one_that_stacks_does_not(store, member):
    promoted, plain = ProductFactory(price=D("100.00")), ProductFactory(price=D("100.00"))
    PromotionLineFactory(promotion=PromotionFactory(), product=promoted, promo_price=D("80.00"))
    lines = [line("product", promoted), line("product", plain)]
    alone = priced(store, member, lines, [coupon(member, amount=D("10.00"), stackable=False)])
    assert coupon_amounts(alone) == [D("0"), D("10.00")]
    stacked = priced(store, member, lines, [coupon(member, amount=D("18.00"), stackable=True)])
    assert coupon_amounts(stacked) == [D("8.00"), D("10.00")]
    assert stacked.payable == D("162.00")
    with pytest.raises(InvalidInput) as error:
        priced(store, member, [line("product", promoted)], [coupon(member, stackable=False)])
    assert error.value.field == "couponIds[0]"


def test_one_coupon_per_order_of_a_one_per_order_template(store, member):
    template = CouponTemplateFactory(one_per_order=True)
    two = coupon_issue(actor=CARD_CASHIER, store=store, member_id=member.pk, template_id=template.pk, count=2)
    with pytest.raises(InvalidInput):
        draft_coupons(member_id=member.pk, coupon_ids=[c.pk for c in two])


def _body(member, product, coupons, **extra):
    return {"memId": member.pk, "lines": [{"type": "product", "itemId": product.pk}], "couponIds": coupons, **extra}


def test_the_commit_uses_the_coupon_and_a_second_order_cannot(client, member, product):
    c = coupon(member, amount=D("10.00"))
    order = assert_envelope(client.post(COMMIT, _body(member, product, [c.pk]), format="json"), status=201)
    assert order["payable"] == "90.00"
    c.refresh_from_db()
    assert c.status == CouponStatus.USED and c.used_order_id == order["orderId"]
    again = client.post(COMMIT, _body(member, product, [c.pk]), format="json")
    assert_envelope(again, status=409, errcode="CARD-40904")
    assert Order.objects.count() == 1


def test_a_cancel_gives_the_coupon_back(client, member, product):
    c = coupon(member)
    order = assert_envelope(client.post(COMMIT, _body(member, product, [c.pk]), format="json"), status=201)
    assert_envelope(client.post(CANCEL, {"orderId": order["orderId"]}, format="json"), status=200)
    c.refresh_from_db()
    assert c.status == CouponStatus.AVAILABLE and c.used_order_id is None


def test_another_members_coupon_is_not_found_and_a_walk_in_uses_none(client, store, member, product):
    theirs = coupon(MemberFactory(home_store=store))
    assert_envelope(
        client.post(COMMIT, _body(member, product, [theirs.pk]), format="json"), status=404, errcode="SYS-40400"
    )
    walk_in = {
        "walkIn": {"name": "路人", "phone": "13912345678"},
        "lines": [{"type": "product", "itemId": product.pk}],
        "couponIds": [coupon(member).pk],
    }
    refused = assert_envelope(client.post(COMMIT, walk_in, format="json"), status=400, errcode="VALID-40000")
    assert "couponIds" in refused["fields"]
    assert not Order.objects.exists()


def test_the_live_totals_show_the_coupon_and_use_nothing(client, member, product):
    c = coupon(member, amount=D("10.00"), name="十元券")
    priced_draft = assert_envelope(client.post(PRICE, _body(member, product, [c.pk]), format="json"), status=200)
    assert priced_draft["payable"] == "90.00"
    assert {"source": "coupon", "name": "十元券", "amount": "10.00"} in priced_draft["discounts"]
    c.refresh_from_db()
    assert c.status == CouponStatus.AVAILABLE


def test_the_live_totals_say_what_each_ticked_coupon_took_off_in_the_order_sent(client, member, product):
    rate = coupon(member, kind=CouponKind.DISCOUNT, amount=None, rate=D("0.90"), name="九折券")
    cash = coupon(member, amount=D("10.00"), name="十元券")
    body = _body(member, product, [rate.pk, cash.pk])
    priced_draft = assert_envelope(client.post(PRICE, body, format="json"), status=200)
    # Cash first (10.00 of 100.00), then 10% of the 90.00 left: 9.00; listed in the order sent.
    assert priced_draft["coupons"] == [
        {"couponId": rate.pk, "name": "九折券", "amount": "9.00"},
        {"couponId": cash.pk, "name": "十元券", "amount": "10.00"},
    ]
    assert priced_draft["payable"] == "81.00"


def test_the_coupon_picker_lists_usable_coupons_each_with_its_discount_or_why_not(client, store, member, product):
    fits = coupon(member, amount=D("10.00"), name="十元券")
    too_big = coupon(member, amount=D("5.00"), min_spend=D("500.00"), name="满500减5")
    free = coupon(member, kind=CouponKind.FREE_PROJECT, amount=None, project=ProjectFactory(), name="免费护理")
    void = coupon(member, name="作废")
    void.status = CouponStatus.VOID
    void.save(update_fields=["status"])
    coupon(MemberFactory(home_store=store), name="别人的")
    rows = assert_envelope(client.post(USABLE, _body(member, product, []), format="json"), status=200)
    by_id = {row["couponId"]: row for row in rows}
    assert set(by_id) == {fits.pk, too_big.pk, free.pk}
    assert by_id[fits.pk]["applies"] is True and by_id[fits.pk]["discount"] == "10.00"
    assert by_id[fits.pk]["reason"] == ""
    assert by_id[too_big.pk]["applies"] is False and by_id[too_big.pk]["discount"] is None
    assert by_id[too_big.pk]["reason"] == "the order does not reach the coupon's minimum spend"
    assert by_id[free.pk]["reason"] == "the coupon's free project is not in the order"
    assert not MemberCoupon.objects.filter(status=CouponStatus.USED).exists()


def test_the_coupon_picker_without_lines_asks_for_an_item_and_refuses_a_walk_in(client, member):
    c = coupon(member)
    rows = assert_envelope(client.post(USABLE, {"memId": member.pk, "lines": []}, format="json"), status=200)
    assert [(row["couponId"], row["applies"]) for row in rows] == [(c.pk, False)]
    assert rows[0]["reason"] == "add an item to the order to use a coupon"
    refused = assert_envelope(client.post(USABLE, {"lines": []}, format="json"), status=400, errcode="VALID-40000")
    assert "memId" in refused["fields"]


def test_the_coupon_picker_is_the_cashiers(store, make_entry, member):
    entry = make_entry(store, codes=[BILLS])
    answer = api_client(entry=entry).post(USABLE, {"memId": member.pk, "lines": []}, format="json")
    assert_envelope(answer, status=403, errcode="AUTH-40300")


@pytest.mark.django_db(transaction=True)
def test_one_coupon_sent_with_six_orders_at_once_makes_one_order(chain, make_entry):
    entry = make_entry(chain["store"], codes=[CASHIER])
    member = MemberFactory(home_store=chain["store"])
    product = stocked(chain["store"], "1000")
    c = coupon(member)
    start = threading.Barrier(6)
    answers: list[str] = []

    def send() -> None:
        try:
            client = api_client(entry=entry)
            start.wait()
            answers.append(client.post(COMMIT, _body(member, product, [c.pk]), format="json").json()["errcode"])
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(answers) == ["0"] + ["CARD-40904"] * 5, answers
    assert Order.objects.count() == 1
    c.refresh_from_db()
    assert c.used_order_id == Order.objects.get().pk
