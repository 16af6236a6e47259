"""What an order needs before it is paid (spec §7.8 `order/isSurplusSize`, `order/judgment`,
`order/diff`; docs/api.md "Orders and pricing"): reads only, nothing is written.

- **isSurplusSize**: do the member's package cards still hold the sessions the order's project lines
  take (per card and project, summed over the lines)?
- **judgment**: can the order be paid now, and if not, everything that stands in the way, each with
  its code: the order's state, a card on a line that is no longer usable, sessions short, the
  member's signature the store requires. The payment (apps.billing.till.checkout) refuses the same
  things; this lets the till say them all before the cashier takes money.
- **flagCard**: can the member's card pay these draft lines (the card check before the commit)?
- **diff**: what the member pays beyond the package and the card: the value the package sessions
  cover, what is still due, and with a stored-value card named, what the card can pay of it and
  what is left to pay another way."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import LineType, OrderStatus
from apps.billing.models import ZERO, Order, OrderLine
from apps.billing.orders.lines import LineInput
from apps.billing.orders.paid_lines import session_lines, signature_needed
from apps.cards.choices import CardKind
from apps.cards.errors import CardNotUsable, SessionsShort
from apps.cards.models import Card, CardSession
from apps.core.errors import InvalidInput, NotFound
from apps.core.money import money_to_wire, round_money


@dataclass(frozen=True)
class SessionNeed:
    card: Card
    project_id: int
    name: str
    needed: int
    left: int

    @property
    def enough(self) -> bool:
        return self.left >= self.needed

    def to_wire(self) -> dict[str, object]:
        return {
            "cardId": self.card.pk,
            "cardNo": self.card.card_no or "",
            "projectId": self.project_id,
            "projectName": self.name,
            "needed": self.needed,
            "left": self.left,
            "enough": self.enough,
        }


def _lines(order: Order) -> list[OrderLine]:
    return list(order.lines.select_related("card").order_by("id"))


def session_needs(lines: list[OrderLine]) -> list[SessionNeed]:
    """The sessions the order's lines take from each package card, per card and project (one query)."""
    needed: dict[tuple[int, int], int] = {}
    names: dict[tuple[int, int], str] = {}
    cards: dict[int, Card] = {}
    for line in session_lines(lines):
        assert line.card is not None
        key = (line.card.pk, line.item_id)
        needed[key] = needed.get(key, 0) + line.qty
        names.setdefault(key, line.name)
        cards[line.card.pk] = line.card
    if not needed:
        return []
    left = {
        (row.card_id, row.project_id): row.left
        for row in CardSession.objects.filter(card_id__in=cards).only("card_id", "project_id", "left")
    }
    return [
        SessionNeed(cards[card_id], project_id, names[(card_id, project_id)], count, left.get((card_id, project_id), 0))
        for (card_id, project_id), count in needed.items()
    ]


def surplus_row(order: Order) -> dict[str, object]:
    needs = session_needs(_lines(order))
    return {"orderId": order.pk, "enough": all(n.enough for n in needs), "sessions": [n.to_wire() for n in needs]}


def judgment_row(order: Order, today: date | None = None) -> dict[str, object]:
    """Whether the order can be paid now and every reason it cannot (codes: status, card, sessions,
    signature), in that order."""
    today = today or timezone.localdate()
    lines = _lines(order)
    blocks: list[dict[str, str]] = []
    if order.status in (OrderStatus.PAID, OrderStatus.CANCELLED):
        blocks.append({"code": "status", "message": _("the order is already paid or cancelled")})
    for card in {line.card.pk: line.card for line in lines if line.card is not None}.values():
        if not card.usable(today):
            blocks.append(
                {"code": "card", "message": _("card %(cardNo)s is not usable") % {"cardNo": card.card_no or card.pk}}
            )
    for need in session_needs(lines):
        if not need.enough:
            blocks.append(
                {
                    "code": "sessions",
                    "message": _("card %(cardNo)s holds %(left)s sessions of %(project)s, the order takes %(needed)s")
                    % {"cardNo": need.card.card_no, "left": need.left, "project": need.name, "needed": need.needed},
                }
            )
    if order.status not in (OrderStatus.PAID, OrderStatus.CANCELLED) and signature_needed(order, lines):
        if not order.signature:
            blocks.append({"code": "signature", "message": _("the store asks for the member's signature first")})
    return {
        "orderId": order.pk,
        "status": order.status,
        "due": money_to_wire(order.due),
        "payable": not blocks,
        "blocks": blocks,
    }


def diff_row(order: Order, card_id: int | None = None, today: date | None = None) -> dict[str, object]:
    """The value the package sessions cover, what is due, and with a stored-value card of the
    order's member named, what it can pay of that and what is left to pay another way."""
    today = today or timezone.localdate()
    lines = _lines(order)
    covered = sum((round_money(line.unit_price * line.qty) for line in session_lines(lines)), ZERO)
    due = order.due
    card_row: dict[str, object] | None = None
    beyond = due
    if card_id is not None:
        card = Card.objects.filter(pk=card_id, member_id=order.member_id).first() if order.member_id else None
        if card is None:
            raise NotFound(_("no such card"))
        if card.kind != CardKind.STORED_VALUE:
            raise InvalidInput(_("choose a stored-value card"), field="cardId")
        usable = card.usable(today)
        from_card = min(due, card.balance) if usable else ZERO
        beyond = due - from_card
        card_row = {
            "cardId": card.pk,
            "cardNo": card.card_no or "",
            "balance": money_to_wire(card.balance),
            "usable": usable,
            "fromCard": money_to_wire(from_card),
        }
    return {
        "orderId": order.pk,
        "total": money_to_wire(order.total),
        "sessionsCovered": money_to_wire(covered),
        "payable": money_to_wire(order.payable),
        "paid": money_to_wire(order.paid),
        "due": money_to_wire(due),
        "card": card_row,
        "beyond": money_to_wire(max(beyond, Decimal("0"))),
    }


def card_check(*, member_id: int, card_id: int, lines: list[LineInput], today: date | None = None) -> dict[str, object]:
    """flagCard: can the member's card pay these draft lines? A card is usable in every store of the
    chain, so the store does not change the answer; per line, the rule the commit applies (a package
    card pays the projects it holds sessions of, while they last; a card purchase names no card).
    A card of anyone else answers 404; nothing is written."""
    today = today or timezone.localdate()
    card = (
        Card.objects.select_related("card_type")
        .prefetch_related("sessions")
        .filter(pk=card_id, member_id=member_id)
        .first()
    )
    if card is None:
        raise NotFound(_("no such card"))
    usable = card.usable(today)
    reason = "" if usable else str(CardNotUsable.default_message)
    left = {s.project_id: s.left for s in card.sessions.all()}
    taken: dict[int, int] = {}
    rows = []
    for index, line in enumerate(lines):
        why = reason
        if not why and line.type == LineType.CARD_TYPE:
            why = _("a card purchase names no card")
        elif not why and line.type == LineType.TOP_UP and card.kind != CardKind.STORED_VALUE:
            why = _("only a stored-value card can be topped up")
        elif not why and card.kind == CardKind.PACKAGE:
            if line.type != LineType.PROJECT:
                why = _("a package card pays only the projects it holds")
            elif line.item_id not in left:
                why = _("the card has no sessions of this project")
            else:
                taken[line.item_id] = taken.get(line.item_id, 0) + line.qty
                if taken[line.item_id] > left[line.item_id]:
                    why = str(SessionsShort.default_message)
        rows.append({"index": index, "fits": not why, "reason": why})
    return {
        "cardId": card.pk,
        "cardNo": card.card_no or "",
        "kind": card.kind,
        "usable": usable,
        "reason": reason,
        "lines": rows,
    }
