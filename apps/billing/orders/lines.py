"""Draft lines of an order: what the cashier sent, checked and resolved against the store's
catalogue and the member's cards. The pricing preview (checkDiscountConcurrently) and the commit
both go through `resolve_lines`, so a draft the cashier sees priced is one the commit accepts.

A line's field errors name the line: `lines[2].itemId` (docs/api.md)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Prefetch, prefetch_related_objects
from django.utils.translation import gettext as _

from apps.billing.choices import GIFT_REASON_MAX_LENGTH, GIFT_TYPES, MAX_LINES, MAX_QTY, TOP_UP_MAX, LineType
from apps.billing.ledgers.stock import GOODS, goods_stock_check
from apps.billing.orders.draft_reads import CATALOGUE_TYPES, DraftReads
from apps.cards.errors import CardNotUsable, SessionsShort
from apps.cards.models import Card, CardSession
from apps.catalog.choices import CardKind
from apps.catalog.models import ProjectPackageLine
from apps.core.errors import InvalidInput, NotFound
from apps.core.json_types import ValidatedData
from apps.core.money import round_money
from apps.org.models import OrgUnit


@dataclass(frozen=True)
class StaffShare:
    employee_id: int
    share: Decimal


@dataclass(frozen=True)
class LineInput:
    """One line as sent: `staff` None when the cashier named nobody (the commit may default it).

    `group_buy_price`: the unit price a group-buy platform sold the item at, set by serving a
    written-off coupon (apps.groupbuy.serving) from the platform's deal; never read from the wire, as
    a client never sends a price."""

    type: str
    qty: int = 1
    item_id: int | None = None
    card_id: int | None = None
    amount: Decimal | None = None
    staff: tuple[StaffShare, ...] | None = None
    gift: bool = False
    gift_reason: str = ""
    take_later: bool = False
    package_line: int | None = None  # a project line: one session of the package sold on that line, used now
    group_buy_price: Decimal | None = None

    @classmethod
    def from_wire(cls, data: ValidatedData) -> LineInput:
        staff = data.get("staff")
        return cls(
            type=data["type"],
            qty=data.get("qty", 1),
            item_id=data.get("item_id"),
            card_id=data.get("card_id"),
            amount=data.get("amount"),
            staff=None if staff is None else tuple(StaffShare(s["employee_id"], s["share"]) for s in staff),
            gift=bool(data.get("gift", False)),
            gift_reason=data.get("gift_reason", "") or "",
            take_later=bool(data.get("take_later", False)),
            package_line=data.get("package_line"),
        )


@dataclass
class DraftLine:
    """A checked line: the catalogue item (annotated with the store's switch and own price), or for a
    top-up the card's type; the card it pays with, tops up, or none."""

    index: int
    type: str
    qty: int
    item: Any
    card: Card | None
    amount: Decimal | None
    staff: tuple[StaffShare, ...] | None
    gift: bool = False
    gift_reason: str = ""
    take_later: bool = False
    group_buy_price: Decimal | None = None
    # A project line paid by a session of the package sold on another line of the draft (decision 0038).
    package: DraftLine | None = None

    def field(self, name: str) -> str:
        return line_field(self.index, name)

    @property
    def pays_by_sessions(self) -> bool:
        """Paid by package sessions: of a card the member holds, or of the package this order sells."""
        held = self.card is not None and self.card.kind == CardKind.PACKAGE
        return self.type == LineType.PROJECT and (held or self.package is not None)

    @property
    def sessions_name(self) -> str:
        """What the sessions that pay the line are held on, as its discount names it."""
        if self.package is not None:
            return str(self.package.item.name)
        return self.card.card_type.name if self.card is not None else ""


def line_field(index: int, name: str) -> str:
    return f"lines[{index}].{name}"


def sold_in_store(item: Any) -> bool:
    """Head office sells it and the store has not switched it off."""
    return bool(item.enabled and getattr(item, "store_row_enabled", None) is not False)


def _cards(member_id: int | None, card_ids: set[int], read: dict[int, Card]) -> dict[int, Card]:
    """The member's cards named on the lines (`read` with the draft); a card of anyone else is not
    found (404)."""
    if not card_ids:
        return {}
    cards = {pk: read[pk] for pk in card_ids if pk in read}
    # Only a package card's sessions are read (the lines it pays): a stored-value card costs no query.
    package_cards = [card for card in cards.values() if card.kind == CardKind.PACKAGE]
    prefetch_related_objects(package_cards, Prefetch("sessions", CardSession.objects.order_by("id")))
    for card_id in card_ids:
        card = cards.get(card_id)
        if card is None or member_id is None or card.member_id != member_id:
            raise NotFound(_("no such card"))
        if not card.usable():
            raise CardNotUsable()
    return cards


def _check_card(line: DraftLine) -> None:
    card = line.card
    if card is None:
        if line.type == LineType.TOP_UP:
            raise InvalidInput(_("please choose the card to top up"), field=line.field("cardId"))
        return
    if line.type == LineType.CARD_TYPE:
        raise InvalidInput(_("a card purchase names no card"), field=line.field("cardId"))
    if card.kind == CardKind.PACKAGE and line.type != LineType.PROJECT:
        raise InvalidInput(_("a package card pays only the projects it holds"), field=line.field("cardId"))
    if line.type == LineType.TOP_UP and card.kind != CardKind.STORED_VALUE:
        raise InvalidInput(_("only a stored-value card can be topped up"), field=line.field("cardId"))
    if line.pays_by_sessions and not any(s.project_id == line.item.pk for s in card.sessions.all()):
        raise InvalidInput(_("the card has no sessions of this project"), field=line.field("cardId"))


def _check_sessions_left(lines: list[DraftLine]) -> None:
    """Sessions are taken at payment; a draft that already asks for more than the card holds is
    refused now, so the cashier does not find out at the till."""
    wanted: dict[tuple[int, int], int] = defaultdict(int)
    for line in lines:
        if line.pays_by_sessions and line.card is not None:
            wanted[(line.card.pk, line.item.pk)] += line.qty
    for line in lines:
        if line.pays_by_sessions and line.card is not None:
            left = next(s.left for s in line.card.sessions.all() if s.project_id == line.item.pk)
            if left < wanted[(line.card.pk, line.item.pk)]:
                raise SessionsShort()


def _check_gift(line: DraftLine) -> None:
    """A gift is a product, a project or a package given free, paid by nobody, with its reason."""
    if line.type not in GIFT_TYPES:
        raise InvalidInput(_("only products, projects and packages are given as gifts"), field=line.field("gift"))
    if line.card is not None:
        raise InvalidInput(_("a gift is paid by nobody: choose no card"), field=line.field("cardId"))
    if not line.gift_reason:
        raise InvalidInput(_("please say why it is given"), field=line.field("giftReason"))
    if len(line.gift_reason) > GIFT_REASON_MAX_LENGTH:
        raise InvalidInput(_("at most 100 characters"), field=line.field("giftReason"))


def _check_top_up(line: DraftLine) -> None:
    if line.qty != 1:
        raise InvalidInput(_("a top-up is one line of quantity 1"), field=line.field("qty"))
    if line.amount is None or line.amount <= 0:
        raise InvalidInput(_("the top-up must be above 0"), field=line.field("amount"))
    if line.amount > TOP_UP_MAX:
        raise InvalidInput(_("the top-up can be at most 100,000.00"), field=line.field("amount"))


def resolve_lines(*, member_id: int | None, lines: list[LineInput], reads: DraftReads) -> list[DraftLine]:
    """The checked lines of a draft order at the store for the member (None: a walk-in).

    Refuses (400, naming the line's field) no line or too many, a quantity out of 1..MAX_QTY, an
    unknown item or one the store does not sell, a card purchase for a walk-in, a card that does not
    fit its line; a card not the member's answers 404, one not usable 409 CARD-40903, a package card
    with fewer sessions left than the lines ask 409 CARD-40902."""
    if not lines:
        raise InvalidInput(_("please add at least one item"), field="lines")
    if len(lines) > MAX_LINES:
        raise InvalidInput(_("an order can have at most 50 lines"), field="lines")
    _lines_named(lines, member_id)
    cards = _cards(member_id, {line.card_id for line in lines if line.card_id is not None}, reads.cards)
    drafts = [_draft_line(index, line, reads.items, cards) for index, line in enumerate(lines)]
    _check_sessions_left(drafts)
    _link_packages(drafts, [line.package_line for line in lines])
    return drafts


def _package_linked(draft: DraftLine, drafts: list[DraftLine], package_index: int) -> DraftLine:
    """The package line a project line is served from, once the pair is checked."""
    field = draft.field("packageLine")
    if draft.type != LineType.PROJECT:
        raise InvalidInput(_("only a project is served from a package"), field=field)
    if draft.card is not None or draft.gift:
        raise InvalidInput(_("a project served from a package names no card and is no gift"), field=field)
    if not 0 <= package_index < len(drafts) or drafts[package_index].type != LineType.PROJECT_PACKAGE:
        raise InvalidInput(_("choose a project package line of this order"), field=field)
    return drafts[package_index]


def _link_packages(drafts: list[DraftLine], package_lines: list[int | None]) -> None:
    """Links each project line served now to the package line whose sessions pay it (decision 0038):
    a project of that package, no more sessions than one of its cards holds."""
    linked = [
        (draft, _package_linked(draft, drafts, index))
        for draft, index in zip(drafts, package_lines, strict=True)
        if index is not None
    ]
    if not linked:
        return
    held: dict[tuple[int, int], int] = {}
    for row in ProjectPackageLine.objects.filter(package_id__in={package.item.pk for _d, package in linked}):
        held[(row.package_id, row.project_id)] = row.sessions
    wanted: dict[tuple[int, int], int] = defaultdict(int)
    for draft, package in linked:
        # From the line's first card: the payment names it on the line (apps.billing.till.checkout).
        sessions = held.get((package.item.pk, draft.item.pk), 0)
        wanted[(package.index, draft.item.pk)] += draft.qty
        if not sessions:
            raise InvalidInput(_("the package holds no sessions of this project"), field=draft.field("packageLine"))
        if wanted[(package.index, draft.item.pk)] > sessions:
            raise InvalidInput(
                _("the package holds %(sessions)s sessions of this project") % {"sessions": sessions},
                field=draft.field("qty"),
            )
        draft.package = package


def _lines_named(lines: list[LineInput], member_id: int | None) -> None:
    """Each line's own fields checked, before its item and card are."""
    for index, line in enumerate(lines):
        if not 1 <= line.qty <= MAX_QTY:
            raise InvalidInput(_("the quantity must be between 1 and 999"), field=line_field(index, "qty"))
        if line.type not in LineType.values:
            raise InvalidInput(_("unknown line type"), field=line_field(index, "type"))
        if line.type == LineType.DEPOSIT:
            # Taken on its own page (intention/take), as an order of its own: never sold with goods.
            raise InvalidInput(_("an intention deposit is taken on its own page"), field=line_field(index, "type"))
        if line.type in CATALOGUE_TYPES:
            if line.item_id is None:
                raise InvalidInput(_("please choose an item"), field=line_field(index, "itemId"))
        if line.amount is not None and line.type != LineType.TOP_UP:
            # A client never sends a price (contract §8): only a top-up says how much is loaded.
            raise InvalidInput(_("only a top-up carries an amount"), field=line_field(index, "amount"))
        if line.type in (LineType.CARD_TYPE, LineType.TOP_UP) and member_id is None:
            raise InvalidInput(_("cards are sold to members only"), field=line_field(index, "type"))
        if line.type == LineType.PROJECT_PACKAGE and member_id is None:
            raise InvalidInput(
                _("a project package is sold to a member: its sessions are kept on the member's card"),
                field=line_field(index, "type"),
            )


def _draft_line(index: int, line: LineInput, items: dict[tuple[str, int], Any], cards: dict[int, Card]) -> DraftLine:
    """One line with its item (or its card's type) and card, checked against them."""
    card = cards.get(line.card_id) if line.card_id is not None else None
    item: Any = None
    if line.type in CATALOGUE_TYPES:
        item = items.get((line.type, line.item_id))  # type: ignore[arg-type]  # checked above
        if item is None:
            raise InvalidInput(_("unknown item"), field=line_field(index, "itemId"))
        if not sold_in_store(item):
            raise InvalidInput(_("this item is not sold in this store"), field=line_field(index, "itemId"))
    elif card is not None:
        item = card.card_type
    amount = round_money(line.amount) if line.amount is not None else None
    draft = DraftLine(
        index,
        line.type,
        line.qty,
        item,
        card,
        amount,
        line.staff,
        line.gift,
        (line.gift_reason or "").strip(),
        line.take_later,
        line.group_buy_price,
    )
    if draft.type == LineType.CARD_TYPE and draft.item.kind == CardKind.PACKAGE:
        # Decision 0038: sessions are sold one way, as the project package; its card type is the card.
        raise InvalidInput(
            _("a package card is sold as its project package: choose it under project packages"),
            field=draft.field("itemId"),
        )
    if draft.take_later and draft.type not in (LineType.PRODUCT, LineType.PRODUCT_PACKAGE):
        raise InvalidInput(_("only products are taken later"), field=draft.field("takeLater"))
    _check_card(draft)
    if draft.gift:
        _check_gift(draft)
    if draft.type == LineType.TOP_UP:
        _check_top_up(draft)
    return draft


def draft_stock_check(store: OrgUnit, drafts: Sequence[DraftLine], reads: DraftReads) -> None:
    """The pricing preview and the commit: 409 STOCK-40901 when the store does not allow negative
    stock and holds less than the draft's goods (not those taken later). No statement for a draft
    without goods or in a store that allows negative stock."""
    goods_stock_check(
        store,
        [
            (index, draft.type, draft.item.pk, draft.qty, getattr(draft.item, "use_per_unit", None))
            for index, draft in enumerate(drafts)
            if draft.type in GOODS and not draft.take_later
        ],
        held_read=reads.held,
    )
