"""The pricing engine (issue 13 §2, spec §7.8 `pricingEngine`): the server alone prices an order.

For each line:

1. **The store's price.** The head office price, or the store's own price where head office allows
   one (`store_price_allowed`) and the store has set it (apps.catalog StoreItem). An item the store
   switched off is not sold at all (apps.billing.orders.lines refuses the line).
2. **A promotion** current for the store (a Promotion with no stores is every store's) that names
   the item: a promotion price, or a discount rate. Of several, the member gets the lowest price.
3. **The card discount**, when the line names the member's stored-value card it will be paid with:
   the card type's rate for the item's category (CardTypeDiscount; products and projects have a
   category, packages and cards do not).

**Combination rule: a promotion and a card discount do not stack; the line takes the better of the
two for the member** (on a tie, the promotion, which does not depend on how the member pays).
Why: both are head office's price decisions for the same item, made separately (a campaign price, a
card holder's price); stacking them would sell below either price anyone set, and the cashier
could not say which price the member is getting. One discount per line is also what a receipt and
a refund can explain.

A **gift** line (given free with the sale, with its reason) is discounted in full (`source: "gift"`,
the reason as its name) and is payable 0; no other discount or coupon applies to it.

A `project` line paid with a package card, or by a session of the project package the same order
sells (`packageLine`, decision 0038), is paid by sessions: its whole amount is discounted ("package
sessions") and it is payable 0; the sessions are taken at payment. A `cardType` line is
the card type's store price; a `topUp` line is the amount the member loads, without discount.

A **group-buy** line (a written-off coupon served, apps.groupbuy.serving) is the price the platform's
deal sold the item at, not the store's price, and takes no discount or coupon: the customer paid that
price on the platform, so it is what the sale counts for in the order, the closing, the staff's
credits and every report.

**Coupons** (the draft's `couponIds`, apps.billing.orders.coupon_pricing) apply after the line prices, that
is after the promotion or card discount:

- a coupon that is not `stackable` applies only to lines without a promotion or card discount; no
  coupon touches a top-up or a line paid by package sessions (400 on `couponIds[i]` when no line is left);
- `min_spend` is checked against the sum of the eligible lines' amounts before any coupon (400 on
  `couponIds[i]` when not reached);
- A (cash) takes its amount off the eligible lines, B (discount) takes (1 - rate) of them, capped by
  `max_discount`; either is spread over the lines in proportion to their amounts, half up, the
  leftover cents going to the largest line so the shares add up exactly, and never more than the
  lines' amounts (no line goes below 0);
- C (free project) makes one unit of its project's line free (400 when the project is not in the order);
- `one_per_order`: at most one coupon of that template on an order;
- free projects apply first, then cash, then rates, each kind in the order the cashier named them.

Each coupon is recorded on the lines it touched (`{source: "coupon", name: template name, amount}`).

Arithmetic is Decimal throughout in apps.core.money's context (half up); a discounted unit price is
kept to 20 places (spec §9) and a line is rounded to cents once, after multiplying by the quantity,
so a quantity of 3 costs exactly 3 times the discounted price, rounded once. The discount of a line is
its total minus its amount, so the cents always add up."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, localcontext
from typing import Any

from apps.billing.choices import DiscountSource, LineType
from apps.billing.orders.draft_reads import WITH_CATEGORY, DraftReads
from apps.billing.orders.lines import DraftLine
from apps.billing.orders.rows import AppliedCouponRow, DiscountRow
from apps.catalog.models import PromotionLine
from apps.core.money import MONEY_CONTEXT, money_to_wire, round_money

ZERO = Decimal("0")
# Spec §9: decimal arithmetic keeps 20 places, rounded half up.
CALC_PLACES = Decimal("1e-20")


def exact(value: Decimal) -> Decimal:
    with localcontext(MONEY_CONTEXT):
        return value.quantize(CALC_PLACES)


def store_price(item: Any) -> Decimal:
    """The item's price in the store: its own price where allowed and set, else head office's.
    `item` carries `store_row_price` (apps.catalog.selectors.with_store_state)."""
    own = getattr(item, "store_row_price", None)
    return own if item.store_price_allowed and own is not None else item.price


@dataclass(frozen=True)
class Discount:
    source: str
    name: str
    amount: Decimal

    def to_wire(self) -> DiscountRow:
        return {"source": self.source, "name": self.name, "amount": money_to_wire(self.amount)}


@dataclass
class PricedLine:
    line: DraftLine
    name: str
    unit_price: Decimal
    discounts: list[Discount] = field(default_factory=list)

    @property
    def total(self) -> Decimal:
        return self.unit_price * self.line.qty

    @property
    def discount(self) -> Decimal:
        return sum((d.amount for d in self.discounts), ZERO)

    @property
    def amount(self) -> Decimal:
        return self.total - self.discount

    @property
    def sessions_value(self) -> Decimal:
        """What package sessions cover of the line (its `sessions` discount): not a discount to a
        person reading the order (apps.billing.orders.figures)."""
        return self.total if self.line.pays_by_sessions else ZERO


@dataclass(frozen=True)
class AppliedCoupon:
    """What one of the draft's coupons took off the lines in all (apps.billing.orders.coupon_pricing)."""

    coupon_id: int
    name: str
    amount: Decimal

    def to_wire(self) -> AppliedCouponRow:
        return {"couponId": self.coupon_id, "name": self.name, "amount": money_to_wire(self.amount)}


@dataclass
class PricedOrder:
    lines: list[PricedLine]
    coupons: list[AppliedCoupon] = field(default_factory=list)

    @property
    def total(self) -> Decimal:
        return sum((line.total for line in self.lines), ZERO)

    @property
    def discount(self) -> Decimal:
        return sum((line.discount for line in self.lines), ZERO)

    @property
    def payable(self) -> Decimal:
        return sum((line.amount for line in self.lines), ZERO)


@dataclass(frozen=True)
class Offer:
    """A discounted unit price and where it comes from."""

    source: str
    name: str
    unit_price: Decimal


def _promotion_offer(row: PromotionLine, base: Decimal) -> Offer:
    """A promotion line's unit price: its promotion price, or the store's price at its rate."""
    if row.promo_price is not None:
        return Offer(DiscountSource.PROMOTION, row.promotion.name, row.promo_price)
    assert row.discount_rate is not None  # a constraint: a price or a rate
    return Offer(DiscountSource.PROMOTION, row.promotion.name, exact(base * row.discount_rate))


def _best(offers: list[Offer], base: Decimal) -> Offer | None:
    """The offer with the lowest unit price below `base`; on a tie the first (promotions come first)."""
    best: Offer | None = None
    for offer in offers:
        if offer.unit_price < base and (best is None or offer.unit_price < best.unit_price):
            best = offer
    return best


def _line_name(line: DraftLine) -> str:
    if line.type == LineType.TOP_UP:
        assert line.card is not None
        return f"{line.card.card_type.name} {line.card.card_no or ''}".strip()
    return str(line.item.name)


def _discount(
    line: DraftLine,
    base: Decimal,
    promotions: dict[tuple[str, int], list[PromotionLine]],
    card_rates: dict[tuple[int, int], Decimal],
) -> Discount | None:
    """The one discount a line gets: the better of its best promotion and its card discount."""
    if line.gift:
        return Discount(DiscountSource.GIFT, line.gift_reason, base * line.qty)
    if line.pays_by_sessions:
        return Discount(DiscountSource.SESSIONS, line.sessions_name, base * line.qty)
    offers = [_promotion_offer(row, base) for row in promotions.get((line.type, line.item.pk), [])]
    best_promotion = _best(offers, base)
    candidates = [best_promotion] if best_promotion else []
    if line.card is not None and line.type in WITH_CATEGORY:
        rate = card_rates.get((line.card.card_type_id, line.item.category_id))
        if rate is not None:
            candidates.append(Offer(DiscountSource.CARD, line.card.card_type.name, exact(base * rate)))
    chosen = _best(candidates, base)
    if chosen is None:
        return None
    return Discount(chosen.source, chosen.name, base * line.qty - round_money(chosen.unit_price * line.qty))


def price_lines(*, lines: list[DraftLine], reads: DraftReads) -> PricedOrder:
    """Prices checked draft lines at the store (see the module's rules) with the promotions current
    and the card rates `reads` holds (apps.billing.orders.draft_reads); nothing is written."""
    promotions, card_rates = reads.promotions, reads.card_rates
    priced = []
    for line in lines:
        if line.type == LineType.TOP_UP:
            assert line.amount is not None
            priced.append(PricedLine(line, _line_name(line), line.amount))
            continue
        if line.group_buy_price is not None:
            priced.append(PricedLine(line, _line_name(line), line.group_buy_price))
            continue
        base = store_price(line.item)
        discount = _discount(line, base, promotions, card_rates)
        priced.append(PricedLine(line, _line_name(line), base, [discount] if discount else []))
    return PricedOrder(priced)
