"""One pricing pipeline for a draft order: the commit, the cashier's price preview, the coupon picker
and the points price all go through `draft_priced`, so what the cashier sees priced is what the
commit writes.

The steps, in this order (the order decides which refusal a draft with several faults answers):
read what the draft names in one statement (apps.billing.orders.draft_reads), resolve and check the
lines (apps.billing.orders.lines), the caller's own check of the resolved
lines (the commit's staff), the store's stock, the coupons, then the prices (apps.billing.orders
.pricing) with the coupons applied after them (apps.billing.orders.coupon_pricing).

Where the callers differ, they say so by argument: the coupon picker and the points price do not
refuse short stock (only the commit and the preview do, 409 STOCK-40901), and neither prices coupons
(the picker tries each coupon alone on the lines; points pay a whole order)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from apps.billing.orders.coupon_pricing import apply_coupons, draft_coupons
from apps.billing.orders.draft_reads import DraftReads, draft_reads
from apps.billing.orders.lines import DraftLine, LineInput, draft_stock_check, resolve_lines
from apps.billing.orders.pricing import PricedOrder, price_lines
from apps.cards.models import MemberCoupon
from apps.org.models import OrgUnit


@dataclass(frozen=True)
class DraftPriced:
    lines: list[DraftLine]
    coupons: list[MemberCoupon]
    priced: PricedOrder


def draft_priced(
    *,
    store: OrgUnit,
    member_id: int | None,
    lines: list[LineInput],
    coupon_ids: Sequence[int] = (),
    stock_checked: bool = True,
    lines_checked: Callable[[list[DraftLine]], None] | None = None,
    reads: DraftReads | None = None,
) -> DraftPriced:
    """The draft's lines checked and priced at the store for the member (None: a walk-in), its
    coupons checked and applied; nothing is written and no coupon is used. `reads`: what the caller
    read with the draft (apps.billing.orders.draft_reads), else read here."""
    if reads is None:
        reads = draft_reads(store_id=store.pk, member_id=None, lines=lines)
    drafts = resolve_lines(member_id=member_id, lines=lines, reads=reads)
    if lines_checked is not None:
        lines_checked(drafts)
    if stock_checked:
        draft_stock_check(store, drafts, reads)
    coupons = draft_coupons(member_id=member_id, coupon_ids=list(coupon_ids))
    priced = apply_coupons(price_lines(lines=drafts, reads=reads), coupons)
    return DraftPriced(drafts, coupons, priced)
