"""The settlement ledger's writers (issue 30; decision 0051). Each runs inside the transaction of
what it clears, called by the hooks of the cards and the inventory:

- a stored-value card spent in a store other than the one that sold it: the card's store (which
  holds the money) owes the served store the value spent (principal, and the gift part at the
  rule's ratio) times the rule's share, apart for the order's services and its products;
- package sessions served in another store: each at what the card was paid over its sessions;
- a card topped up in another store: that store took the money of the card's store;
- value moved from a card of one store to a card of another (an asset transfer to another store, a
  card changed, transferred or moved into a card of another store): the old store owes the new one;
- a loan of goods (or its return) received: the receiver owes the sender the goods at cost;
- a refund giving back what a cross-store use took: its entries reversed, in the same proportion,
  at the version they were written at, dated the day of the refund; never more than they cleared.

Uses in the card's own store write nothing and cost one comparison."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.db.models import Sum

from apps.billing.orders.card_money import card_price_paid, order_money_split, order_number
from apps.cards.choices import CardKind, EntryKind
from apps.cards.models import Card, CardEntry, CardSession
from apps.core.business_days import business_day
from apps.core.money import round_money
from apps.inventory.choices import DocumentKind
from apps.inventory.models import StockDocument, StockMove
from apps.settlement.choices import SettlementKind
from apps.settlement.models import RuleVersion, SettlementEntry
from apps.settlement.rules import HUNDRED, rule_in_force

ZERO = Decimal("0")
USE_KINDS = (
    SettlementKind.STORED_VALUE_SERVICE,
    SettlementKind.STORED_VALUE_PRODUCT,
    SettlementKind.PACKAGE_SESSION,
)
# The entries by which value arrives on a card from another card (or from its own old store).
ARRIVALS = (EntryKind.ASSET_IN, EntryKind.TRANSFER_IN, EntryKind.CARD_TO_CARD_IN, EntryKind.CHANGE_IN)


def _write(
    *,
    kind: str,
    payer_id: int,
    payee_id: int,
    value: Decimal,
    rule: RuleVersion,
    entry: CardEntry | None = None,
    order_no: str = "",
    sessions: int = 0,
    stock_document_id: int | None = None,
) -> SettlementEntry:
    # Written even when worth nothing (a card sold at 0): every cross-store entry has its clearing.
    amount = round_money(value * rule.share / HUNDRED)
    return SettlementEntry.objects.create(
        day=business_day(),
        kind=kind,
        payer_id=payer_id,
        payee_id=payee_id,
        amount=amount,
        value=round_money(value),
        sessions=sessions,
        rule_version=rule,
        card_entry_id=entry.pk if entry else None,
        card_id=entry.card_id if entry else None,
        project_id=entry.project_id if entry else None,
        order_id=entry.order_id if entry else None,
        order_no=order_no,
        refund_id=entry.refund_id if entry else None,
        stock_document_id=stock_document_id,
    )


def _gift_counted(gift: Decimal, rule: RuleVersion) -> Decimal:
    return gift * rule.gift_ratio / HUNDRED


def session_value(card: Card) -> Decimal:
    """What one session of a package card was paid: the card's price on the order that sold it (its
    card type's price when no order sold it: a card opened by a move-in or a change) over the
    sessions it was sold with."""
    sessions = CardSession.objects.filter(card=card).aggregate(total=Sum("total"))["total"] or 0
    if not sessions:
        return ZERO
    card_type = card.card_type
    sold_on = (
        CardEntry.objects.filter(card=card, kind=EntryKind.SALE, order_id__isnull=False)
        .values_list("order_id", flat=True)
        .first()
    )
    price = None
    if sold_on is not None:
        price = card_price_paid(order_id=sold_on, card_type_id=card_type.pk, package_id=card_type.project_package_id)
    if price is None:
        package = card_type.project_package
        price = package.price if package is not None else card_type.price
    return price / sessions


def _stored_value_spent(card: Card, entry: CardEntry) -> None:
    split = order_money_split(entry.order_id) if entry.order_id else None
    services = split.services if split else ZERO
    products = split.products if split else ZERO
    paid = services + products
    shares = [(SettlementKind.STORED_VALUE_SERVICE, services), (SettlementKind.STORED_VALUE_PRODUCT, products)]
    parts = [(kind, amount / paid) for kind, amount in shares if amount] if paid else []
    parts = parts or [(SettlementKind.STORED_VALUE_SERVICE, Decimal(1))]
    day = business_day()
    principal_left, gift_left = -entry.principal_change, -entry.gift_change
    for number, (kind, portion) in enumerate(parts):
        # Principal and gift are divided apart, the last part taking what rounding left, so the parts
        # add up to what the card gave; each part counts its gift at its own rule's ratio.
        last = number == len(parts) - 1
        principal = principal_left if last else round_money(-entry.principal_change * portion)
        gift = gift_left if last else round_money(-entry.gift_change * portion)
        principal_left -= principal
        gift_left -= gift
        rule = rule_in_force(kind, day)
        _write(
            kind=kind,
            payer_id=entry.card_store_id,
            payee_id=entry.store_id,
            value=principal + _gift_counted(gift, rule),
            rule=rule,
            entry=entry,
            order_no=split.order_no if split else "",
        )


def _sessions_served(card: Card, entry: CardEntry) -> None:
    count = -entry.sessions_change
    rule = rule_in_force(SettlementKind.PACKAGE_SESSION, business_day())
    _write(
        kind=SettlementKind.PACKAGE_SESSION,
        payer_id=entry.card_store_id,
        payee_id=entry.store_id,
        value=session_value(card) * count,
        rule=rule,
        entry=entry,
        order_no=order_number(entry.order_id) if entry.order_id else "",
        sessions=count,
    )


def _topped_up_elsewhere(card: Card, entry: CardEntry) -> None:
    rule = rule_in_force(SettlementKind.TOP_UP, business_day())
    _write(
        kind=SettlementKind.TOP_UP,
        payer_id=entry.store_id,
        payee_id=entry.card_store_id,
        value=entry.principal_change,
        rule=rule,
        entry=entry,
        order_no=order_number(entry.order_id) if entry.order_id else "",
    )


def _came_from_store(card: Card, entry: CardEntry) -> int | None:
    """The store whose card the arriving value was on: the card's own store before an asset transfer
    moved it, or the other card's store."""
    if entry.kind == EntryKind.ASSET_IN:
        return (
            CardEntry.objects.filter(card_id=card.pk, kind=EntryKind.ASSET_OUT, id__lt=entry.pk)
            .order_by("-id")
            .values_list("card_store_id", flat=True)
            .first()
        )
    if entry.other_card_id is None:
        return None
    return Card.objects.filter(pk=entry.other_card_id).values_list("store_id", flat=True).first()


def _value_arrived(card: Card, entry: CardEntry) -> None:
    source = _came_from_store(card, entry)
    if source is None or source == entry.card_store_id:
        return
    rule = rule_in_force(SettlementKind.MOVED_CARD, business_day())
    if card.kind == CardKind.PACKAGE and entry.sessions_change:
        value = session_value(card) * entry.sessions_change
    else:
        value = entry.principal_change + _gift_counted(entry.gift_change, rule)
    _write(
        kind=SettlementKind.MOVED_CARD,
        payer_id=source,
        payee_id=entry.card_store_id,
        value=value,
        rule=rule,
        entry=entry,
        sessions=entry.sessions_change if card.kind == CardKind.PACKAGE else 0,
    )


def _reversed(entry: CardEntry, originals: Sequence[SettlementEntry], fraction: Decimal) -> None:
    """Each original's remaining amount (and value, sessions) times `fraction` (1: all of it), as a
    negative entry pointing to it."""
    fraction = min(fraction, Decimal(1))
    for original in originals:
        left = original.reversals.aggregate(amount=Sum("amount"), value=Sum("value"), sessions=Sum("sessions"))
        amount_left = original.amount + (left["amount"] or ZERO)
        value_left = original.value + (left["value"] or ZERO)
        sessions_left = original.sessions + (left["sessions"] or 0)
        if amount_left <= 0 and value_left <= 0:
            continue
        whole = fraction == 1
        SettlementEntry.objects.create(
            day=business_day(),
            kind=original.kind,
            payer_id=original.payer_id,
            payee_id=original.payee_id,
            amount=-(amount_left if whole else min(round_money(amount_left * fraction), amount_left)),
            value=-(value_left if whole else min(round_money(value_left * fraction), value_left)),
            sessions=-(sessions_left if whole else round(sessions_left * fraction)),
            rule_version_id=original.rule_version_id,
            reverses=original,
            card_entry_id=entry.pk,
            card_id=entry.card_id,
            project_id=original.project_id,
            order_id=original.order_id,
            order_no=original.order_no,
            refund_id=entry.refund_id,
        )


def _originals(entry: CardEntry, kinds: Sequence[str], **more: object) -> list[SettlementEntry]:
    return list(
        SettlementEntry.objects.filter(
            card_id=entry.card_id, order_id=entry.order_id, kind__in=kinds, reverses__isnull=True, **more
        ).order_by("id")
    )


def _card_moved_before(entry: CardEntry, kinds: Sequence[str], **more: object) -> Decimal:
    """The card's entries of the order of `kinds` before this one (principal + gift, or sessions)."""
    rows = CardEntry.objects.filter(
        card_id=entry.card_id, order_id=entry.order_id, kind__in=kinds, id__lt=entry.pk, **more
    )
    sums = rows.aggregate(principal=Sum("principal_change"), gift=Sum("gift_change"), sessions=Sum("sessions_change"))
    if "project_id" in more:
        return Decimal(sums["sessions"] or 0)
    return (sums["principal"] or ZERO) + (sums["gift"] or ZERO)


def _given_back(card: Card, entry: CardEntry) -> None:
    """A refund gave value or sessions back to the card: the share of the order's use still cleared
    that this refund gives back is reversed."""
    if entry.order_id is None:
        return
    if entry.sessions_change:
        originals = _originals(entry, (SettlementKind.PACKAGE_SESSION,), project_id=entry.project_id)
        if not originals:
            return
        used = -_card_moved_before(entry, (EntryKind.SESSIONS_USED,), project_id=entry.project_id)
        back_before = _card_moved_before(entry, (EntryKind.REFUND,), project_id=entry.project_id)
        still = used - back_before
        _reversed(entry, originals, Decimal(entry.sessions_change) / still if still > 0 else Decimal(1))
        return
    back = entry.principal_change + entry.gift_change
    originals = _originals(entry, (SettlementKind.STORED_VALUE_SERVICE, SettlementKind.STORED_VALUE_PRODUCT))
    if not originals or back <= 0:
        return
    spent = -_card_moved_before(entry, (EntryKind.SPEND,))
    back_before = _card_moved_before(entry, (EntryKind.REFUND,))
    still = spent - back_before
    _reversed(entry, originals, back / still if still > 0 else Decimal(1))


def _taken_back(card: Card, entry: CardEntry) -> None:
    """A refund took a top-up's value back off the card: the top-up's clearing is reversed in the
    proportion of its principal taken back."""
    if entry.order_id is None or not entry.principal_change:
        return
    originals = _originals(entry, (SettlementKind.TOP_UP,))
    if not originals:
        return
    loaded = _card_moved_before(entry, (EntryKind.TOP_UP,))
    taken_before = -_card_moved_before(entry, (EntryKind.REFUND_OUT,))
    still = loaded - taken_before
    taken = -(entry.principal_change + entry.gift_change)
    _reversed(entry, originals, taken / still if still > 0 else Decimal(1))


def on_card_entry(card: Card, entry: CardEntry) -> None:
    """The listener of apps.cards.hooks.card_entry_written."""
    elsewhere = entry.store_id != entry.card_store_id
    if entry.kind == EntryKind.SPEND and elsewhere:
        _stored_value_spent(card, entry)
    elif entry.kind == EntryKind.SESSIONS_USED and elsewhere:
        _sessions_served(card, entry)
    elif entry.kind == EntryKind.TOP_UP and elsewhere:
        _topped_up_elsewhere(card, entry)
    elif entry.kind in ARRIVALS:
        _value_arrived(card, entry)
    elif entry.kind == EntryKind.REFUND:
        _given_back(card, entry)
    elif entry.kind == EntryKind.REFUND_OUT:
        _taken_back(card, entry)


def on_loan_received(document: StockDocument, moves: list[StockMove]) -> None:
    """The listener of apps.inventory.hooks.loan_received: the receiving store owes the sender the
    goods at their cost (a loan's return the other way, so the two net out)."""
    value = sum((abs(move.quantity) * move.unit_cost for move in moves), ZERO)
    if document.other_store_id is None or document.kind not in (DocumentKind.LOAN, DocumentKind.LOAN_RETURN):
        return
    rule = rule_in_force(SettlementKind.GOODS_LOAN, business_day())
    _write(
        kind=SettlementKind.GOODS_LOAN,
        payer_id=document.other_store_id,
        payee_id=document.store_id,
        value=value,
        rule=rule,
        stock_document_id=document.pk,
    )
