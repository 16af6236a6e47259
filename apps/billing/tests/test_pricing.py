"""The pricing engine's rules (apps/billing/orders/pricing.py): the store's price, promotions (the best of
several), the card type's category discount, the rule that they do not stack, package sessions at
0, top-ups and card purchases, and rounding."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from apps.billing.orders.draft_reads import draft_reads
from apps.billing.orders.lines import resolve_lines
from apps.billing.orders.pricing import PricedOrder, price_lines
from apps.billing.tests.factories import line
from apps.cards.tests.factories import package_card, stored_value_card
from apps.catalog.choices import ItemType
from apps.catalog.models import CardTypeDiscount, StoreItem
from apps.catalog.tests.factories import (
    CardTypeFactory,
    ProductFactory,
    ProductPackageFactory,
    ProjectFactory,
    PromotionFactory,
    PromotionLineFactory,
)
from apps.core.errors import InvalidInput
from apps.members.tests.factories import MemberFactory
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db
D = Decimal


@pytest.fixture
def store():
    return StoreFactory()


@pytest.fixture
def member(store):
    return MemberFactory(home_store=store)


def priced(store, lines, member=None) -> PricedOrder:
    member_id = member.pk if member else None
    reads = draft_reads(store_id=store.pk, member_id=member_id, lines=lines)
    return price_lines(lines=resolve_lines(member_id=member_id, lines=lines, reads=reads), reads=reads)


def only(order: PricedOrder):
    assert len(order.lines) == 1
    return order.lines[0]


def discounts(priced_line) -> list[tuple[str, str, Decimal]]:
    return [(d.source, d.name, d.amount) for d in priced_line.discounts]


def store_price(store, item, item_type, price, enabled=True):
    field = StoreItem.ITEM_FIELDS[item_type]
    StoreItem.objects.create(store=store, item_type=item_type, enabled=enabled, store_price=price, **{field: item})


def test_a_line_costs_the_head_office_price_times_the_quantity(store):
    product = ProductFactory(price=D("100.00"))
    result = only(priced(store, [line("product", product, qty=3)]))
    assert (result.unit_price, result.total, result.discount, result.amount) == (
        D("100.00"),
        D("300.00"),
        D("0"),
        D("300.00"),
    )
    assert result.discounts == []


def test_the_stores_own_price_counts_only_where_head_office_allows_it(store):
    allowed = ProductFactory(price=D("100.00"), store_price_allowed=True)
    not_allowed = ProductFactory(price=D("100.00"), store_price_allowed=False)
    store_price(store, allowed, ItemType.PRODUCT, D("88.00"))
    store_price(store, not_allowed, ItemType.PRODUCT, D("88.00"))
    order = priced(store, [line("product", allowed), line("product", not_allowed)])
    assert [p.unit_price for p in order.lines] == [D("88.00"), D("100.00")]
    # Another store sells it at head office's price.
    assert only(priced(StoreFactory(), [line("product", allowed)])).unit_price == D("100.00")


def test_an_item_switched_off_in_the_store_or_by_head_office_cannot_be_sold(store):
    switched_off = ProductFactory()
    store_price(store, switched_off, ItemType.PRODUCT, None, enabled=False)
    with pytest.raises(InvalidInput) as refused:
        priced(store, [line("product", ProductFactory()), line("product", switched_off)])
    assert refused.value.field == "lines[1].itemId"
    with pytest.raises(InvalidInput) as refused:
        priced(store, [line("product", ProductFactory(enabled=False))])
    assert refused.value.field == "lines[0].itemId"


def test_a_current_promotion_of_the_store_lowers_the_price_and_is_recorded(store):
    product = ProductFactory(price=D("100.00"))
    PromotionLineFactory(promotion=PromotionFactory(name="双十一"), product=product, promo_price=D("80.00"))
    result = only(priced(store, [line("product", product, qty=2)]))
    assert (result.total, result.discount, result.amount) == (D("200.00"), D("40.00"), D("160.00"))
    assert discounts(result) == [("promotion", "双十一", D("40.00"))]


def test_promotions_of_other_stores_and_not_current_ones_do_not_count(store):
    product = ProductFactory(price=D("100.00"))
    elsewhere = PromotionFactory()
    elsewhere.stores.set([StoreFactory().pk])
    PromotionLineFactory(promotion=elsewhere, product=product, promo_price=D("50.00"))
    now = timezone.now()
    ended = PromotionFactory(start=now - timedelta(days=9), end=now - timedelta(days=1))
    PromotionLineFactory(promotion=ended, product=product, promo_price=D("50.00"))
    upcoming = PromotionFactory(start=now + timedelta(days=1), end=now + timedelta(days=9))
    PromotionLineFactory(promotion=upcoming, product=product, promo_price=D("50.00"))
    mine = PromotionFactory(name="本店")
    mine.stores.set([store.pk])
    PromotionLineFactory(promotion=mine, product=product, promo_price=D("90.00"))
    assert discounts(only(priced(store, [line("product", product)]))) == [("promotion", "本店", D("10.00"))]


def test_of_several_promotions_the_member_gets_the_lowest_price(store):
    project = ProjectFactory(price=D("298.00"))
    PromotionLineFactory(promotion=PromotionFactory(name="九折"), product=None, project=project, promo_price=None,
                         discount_rate=D("0.9"))  # fmt: skip
    PromotionLineFactory(promotion=PromotionFactory(name="特价"), product=None, project=project, promo_price=D("250"))
    PromotionLineFactory(promotion=PromotionFactory(name="八折"), product=None, project=project, promo_price=None,
                         discount_rate=D("0.8"))  # fmt: skip
    result = only(priced(store, [line("project", project)]))
    assert discounts(result) == [("promotion", "八折", D("59.60"))] and result.amount == D("238.40")


def test_a_promotion_price_above_the_stores_price_gives_nothing(store):
    product = ProductFactory(price=D("100.00"), store_price_allowed=True)
    store_price(store, product, ItemType.PRODUCT, D("70.00"))
    PromotionLineFactory(product=product, promo_price=D("80.00"))
    result = only(priced(store, [line("product", product)]))
    assert result.discounts == [] and result.amount == D("70.00")


def test_a_stored_value_card_gives_its_category_discount(store, member):
    project = ProjectFactory(price=D("300.00"))
    card = stored_value_card(member=member, paid="1000.00")
    CardTypeDiscount.objects.create(card_type=card.card_type, category=project.category, rate=D("0.85"))
    result = only(priced(store, [line("project", project, card=card)], member))
    assert discounts(result) == [("card", card.card_type.name, D("45.00"))] and result.amount == D("255.00")
    # The same line without the card pays the store's price.
    assert only(priced(store, [line("project", project)], member)).amount == D("300.00")


def test_a_card_discount_is_by_category_and_packages_have_none(store, member):
    card = stored_value_card(member=member)
    product = ProductFactory(price=D("100.00"))
    other = ProductFactory(price=D("100.00"))  # another category
    package = ProductPackageFactory(price=D("300.00"))
    CardTypeDiscount.objects.create(card_type=card.card_type, category=product.category, rate=D("0.5"))
    order = priced(
        store,
        [
            line("product", product, card=card),
            line("product", other, card=card),
            line("productPackage", package, card=card),
        ],
        member,
    )
    assert [p.amount for p in order.lines] == [D("50.00"), D("100.00"), D("300.00")]


def test_promotion_and_card_discount_do_not_stack_the_better_one_wins(store, member):
    card = stored_value_card(member=member)
    cheap_by_card = ProductFactory(price=D("100.00"))
    cheap_by_promotion = ProductFactory(price=D("100.00"), category=cheap_by_card.category)
    CardTypeDiscount.objects.create(card_type=card.card_type, category=cheap_by_card.category, rate=D("0.8"))
    PromotionLineFactory(promotion=PromotionFactory(name="九折"), product=cheap_by_card, promo_price=D("90.00"))
    PromotionLineFactory(promotion=PromotionFactory(name="七折"), product=cheap_by_promotion, promo_price=D("70.00"))
    by_card, by_promotion = priced(
        store, [line("product", cheap_by_card, card=card), line("product", cheap_by_promotion, card=card)], member
    ).lines
    assert discounts(by_card) == [("card", card.card_type.name, D("20.00"))]
    assert discounts(by_promotion) == [("promotion", "七折", D("30.00"))]


def test_on_a_tie_the_promotion_is_the_discount_recorded(store, member):
    card = stored_value_card(member=member)
    product = ProductFactory(price=D("100.00"))
    CardTypeDiscount.objects.create(card_type=card.card_type, category=product.category, rate=D("0.8"))
    PromotionLineFactory(promotion=PromotionFactory(name="八折"), product=product, promo_price=D("80.00"))
    assert discounts(only(priced(store, [line("product", product, card=card)], member))) == [
        ("promotion", "八折", D("20.00"))
    ]


def test_a_project_paid_by_package_sessions_is_payable_0(store, member):
    card = package_card(member=member, sessions=5)
    project = card.sessions.get().project
    result = only(priced(store, [line("project", project, qty=2, card=card)], member))
    assert result.unit_price == project.price and result.amount == D("0")
    assert discounts(result) == [("sessions", card.card_type.name, project.price * 2)]


def test_a_card_purchase_costs_the_card_types_store_price_and_a_top_up_its_amount(store, member):
    card_type = CardTypeFactory(price=D("1000.00"), store_price_allowed=True)
    store_price(store, card_type, ItemType.CARD_TYPE, D("900.00"))
    card = stored_value_card(member=member)
    order = priced(store, [line("cardType", card_type), line("topUp", card=card, amount="500")], member)
    assert [(p.unit_price, p.amount, p.discounts) for p in order.lines] == [
        (D("900.00"), D("900.00"), []),
        (D("500.00"), D("500.00"), []),
    ]
    assert order.lines[1].line.item == card.card_type
    assert (order.total, order.discount, order.payable) == (D("1400.00"), D("0"), D("1400.00"))


def test_a_discounted_line_is_rounded_half_up_once_after_the_quantity(store):
    product = ProductFactory(price=D("10.05"))
    PromotionLineFactory(product=product, promo_price=None, discount_rate=D("0.5"))
    one, two, three = priced(
        store, [line("product", product), line("product", product, qty=2), line("product", product, qty=3)]
    ).lines
    # 5.025 a unit: one is 5.03 (half up), two are exactly 10.05, three are 15.075 → 15.08.
    assert [one.amount, two.amount, three.amount] == [D("5.03"), D("10.05"), D("15.08")]
    assert [one.discount, two.discount, three.discount] == [D("5.02"), D("10.05"), D("15.07")]
    for result in (one, two, three):
        assert result.discount + result.amount == result.total


def test_order_totals_add_up_the_lines(store):
    product = ProductFactory(price=D("99.99"))
    PromotionLineFactory(product=product, promo_price=None, discount_rate=D("0.85"))
    order = priced(store, [line("product", product, qty=3), line("product", ProductFactory(price=D("0.01")))])
    # 99.99 × 0.85 = 84.9915 a unit; × 3 = 254.9745 → 254.97.
    assert order.lines[0].amount == D("254.97")
    assert (order.total, order.discount, order.payable) == (D("299.98"), D("45.00"), D("254.98"))
