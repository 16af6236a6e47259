"""Member coupons on an order (issue 13 §2, the draft's `couponIds`): which coupons a draft may
name, and what each takes off the priced lines. The rules are stated in apps.billing.orders.pricing's
docstring ("Coupons"); the commit marks them used (apps.cards.coupons.coupon_use) in its
transaction, so a coupon read here as usable may still answer 409 CARD-40904 at the commit."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from apps.billing.choices import MAX_COUPONS, DiscountSource, LineType
from apps.billing.orders.pricing import ZERO, AppliedCoupon, Discount, PricedLine, PricedOrder
from apps.cards.coupons import usable_coupons
from apps.cards.errors import CouponNotUsable
from apps.cards.models import MemberCoupon
from apps.catalog.choices import CouponKind
from apps.catalog.models import CouponTemplate
from apps.core.errors import InvalidInput, NotFound
from apps.core.money import round_money

CENT = Decimal("0.01")
# Free-project coupons first (a unit is free whatever else applies), then cash, then rates on what is left.
KIND_ORDER = {CouponKind.FREE_PROJECT: 0, CouponKind.CASH: 1, CouponKind.DISCOUNT: 2}


def draft_coupons(*, member_id: int | None, coupon_ids: list[int]) -> list[MemberCoupon]:
    """The draft's coupons, checked: the member's own (another's answers 404), usable today (409
    CARD-40904), each once, at most one of a one-per-order template; a walk-in uses none."""
    if not coupon_ids:
        return []
    if member_id is None:
        raise InvalidInput(_("coupons are for members only"), field="couponIds")
    if len(coupon_ids) > MAX_COUPONS:
        raise InvalidInput(_("an order can use at most %(most)s coupons") % {"most": MAX_COUPONS}, field="couponIds")
    if len(set(coupon_ids)) != len(coupon_ids):
        raise InvalidInput(_("a coupon is named twice"), field="couponIds")
    usable = {c.pk: c for c in usable_coupons(member_id=member_id).filter(pk__in=coupon_ids)}
    held = set(MemberCoupon.objects.filter(pk__in=coupon_ids, member_id=member_id).values_list("pk", flat=True))
    coupons = []
    for coupon_id in coupon_ids:
        if coupon_id not in held:
            raise NotFound(_("no such coupon"))
        if coupon_id not in usable:
            raise CouponNotUsable()
        coupons.append(usable[coupon_id])
    templates = [c.template_id for c in coupons if c.template.one_per_order]
    if len(set(templates)) != len(templates):
        raise InvalidInput(_("only one coupon of this kind per order"), field="couponIds")
    return coupons


def _eligible(priced: PricedOrder, template: CouponTemplate) -> list[PricedLine]:
    """The lines a coupon may touch: not top-ups (loading money is not a sale), not paid by
    sessions, not gifts, not sold by a group-buy deal; a coupon that does not stack skips lines with a
    promotion or card discount."""
    lines = []
    for line in priced.lines:
        taken = line.line.pays_by_sessions or line.line.gift or line.line.group_buy_price is not None
        if line.line.type == LineType.TOP_UP or taken:
            continue
        offers = {d.source for d in line.discounts} & {DiscountSource.PROMOTION, DiscountSource.CARD}
        if offers and not template.stackable:
            continue
        lines.append(line)
    return lines


def spread(off: Decimal, amounts: list[Decimal]) -> list[Decimal]:
    """`off` (cents, at most the amounts' sum) spread over the amounts in proportion, half up; the
    cents rounding leaves go to the largest amounts first, so the shares add up to `off` exactly
    and no share is above its amount or below 0."""
    whole = sum(amounts, ZERO)
    if whole <= 0 or off <= 0:
        return [ZERO for _a in amounts]
    shares = [min(a, round_money(off * a / whole)) for a in amounts]
    largest_first = sorted(range(len(amounts)), key=lambda i: (-amounts[i], i))
    left = off - sum(shares, ZERO)
    while left != 0:
        step = CENT if left > 0 else -CENT
        moved = False
        for i in largest_first:
            if left == 0:
                break
            if ZERO <= shares[i] + step <= amounts[i]:
                shares[i] += step
                left -= step
                moved = True
        if not moved:  # cannot happen while off <= whole; keeps the loop finite
            break
    return shares


def _take(lines: list[PricedLine], shares: list[Decimal], name: str) -> Decimal:
    for line, share in zip(lines, shares, strict=True):
        if share > 0:
            line.discounts.append(Discount(DiscountSource.COUPON, name, share))
    return sum(shares, ZERO)


def _apply(priced: PricedOrder, coupon: MemberCoupon, index: int, before: dict[int, Decimal]) -> Decimal:
    """One coupon, returning what it took off; `before` holds each line's amount before any coupon
    (what min_spend reads)."""
    template = coupon.template
    lines = _eligible(priced, template)
    if template.kind == CouponKind.FREE_PROJECT:
        lines = [ln for ln in lines if ln.line.type == LineType.PROJECT and ln.line.item.pk == template.project_id]
    if template.kind == CouponKind.FREE_PROJECT and not lines:
        raise InvalidInput(_("the coupon's free project is not in the order"), field=f"couponIds[{index}]")
    if not lines:
        raise InvalidInput(_("no line of the order can take this coupon"), field=f"couponIds[{index}]")
    if sum((before[id(ln)] for ln in lines), ZERO) < template.min_spend:
        raise InvalidInput(_("the order does not reach the coupon's minimum spend"), field=f"couponIds[{index}]")
    if template.kind == CouponKind.FREE_PROJECT:
        line = max(lines, key=lambda ln: ln.amount / ln.line.qty)
        return _take([line], [min(line.amount, round_money(line.amount / line.line.qty))], template.name)
    amounts = [max(ln.amount, ZERO) for ln in lines]
    whole = sum(amounts, ZERO)
    if template.kind == CouponKind.CASH:
        assert template.amount is not None
        off = template.amount
    else:
        assert template.rate is not None
        off = round_money(whole * (1 - template.rate))
        if template.max_discount is not None:
            off = min(off, template.max_discount)
    return _take(lines, spread(min(off, whole), amounts), template.name)


def apply_coupons(priced: PricedOrder, coupons: list[MemberCoupon]) -> PricedOrder:
    """Takes the coupons off the priced lines (rules: apps.billing.orders.pricing), free projects first,
    then cash, then rates, each kind in the order the cashier named them; `priced.coupons` says what
    each coupon took off in all, in the order the cashier named them. Nothing is written."""
    order = sorted(enumerate(coupons), key=lambda pair: (KIND_ORDER[CouponKind(pair[1].template.kind)], pair[0]))
    before = {id(line): line.amount for line in priced.lines}
    taken: dict[int, Decimal] = {}
    for index, coupon in order:
        taken[index] = _apply(priced, coupon, index, before)
    priced.coupons = [AppliedCoupon(c.pk, c.template.name, taken[i]) for i, c in enumerate(coupons)]
    return priced


def _copy(priced: PricedOrder) -> PricedOrder:
    return PricedOrder([PricedLine(ln.line, ln.name, ln.unit_price, list(ln.discounts)) for ln in priced.lines])


@dataclass(frozen=True)
class CouponFit:
    """One of the member's usable coupons against the draft's lines, alone: what it would take off,
    or why it cannot apply (the message the commit would answer)."""

    coupon: MemberCoupon
    discount: Decimal | None
    reason: str


def coupon_fits(priced: PricedOrder | None, coupons: Iterable[MemberCoupon]) -> list[CouponFit]:
    """Each coupon tried alone on the priced lines (None: the draft has no line yet); nothing is
    written. Whether coupons combine is the live totals' answer (`couponIds[i]`)."""
    fits = []
    for coupon in coupons:
        if priced is None:
            fits.append(CouponFit(coupon, None, _("add an item to the order to use a coupon")))
            continue
        try:
            taken = apply_coupons(_copy(priced), [coupon]).coupons[0].amount
        except InvalidInput as refusal:
            fits.append(CouponFit(coupon, None, str(refusal.message)))
            continue
        if taken <= 0:
            fits.append(CouponFit(coupon, None, _("no line of the order can take this coupon")))
        else:
            fits.append(CouponFit(coupon, taken, ""))
    return fits
