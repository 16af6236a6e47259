"""Staff performance of a paid order (issue 13 §2): each line credits its staff by their shares, kept
apart by kind, the base of /dailyPerformance and the staff performance report.

- a card bought or topped up, a project package bought (its sessions kept on a card, decision 0038):
  card sale, at the line's amount;
- a project paid by package sessions: card consumption, at the sessions' value (the line's unit
  price × sessions: the line itself is 0, but the nurse served a full-price session);
- a product or project line priced with a stored-value card's discount: card consumption, at its
  amount (apps.billing.till.checkout has it paid from that card);
- any other line: service (projects) or sale (products), except the part the member paid from
  stored value beyond those lines, which is card consumption. That stored value pays the rest of
  the order as a whole, so each such line takes its proportional part of it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from decimal import Decimal

from apps.billing.choices import CreditKind, LineType
from apps.billing.models import ZERO, Order, OrderLine, OrderLineStaff, StaffCredit
from apps.billing.orders.commission_periods import check_commission_open
from apps.cards.choices import CardKind
from apps.core.money import round_money

SERVICE_LINES = {LineType.PROJECT, LineType.PROJECT_PACKAGE}


def sells_cards(line: OrderLine) -> bool:
    """A line whose sale issued cards: a card type bought, or a project package bought, whose sessions
    its package card holds (decision 0038; a package sold before packages were banked issued none)."""
    return line.type == LineType.CARD_TYPE or (line.type == LineType.PROJECT_PACKAGE and line.card_id is not None)


def card_line(line: OrderLine) -> bool:
    """A line that sells value the member holds: a card sale (cards_sold) or a top-up."""
    return line.type == LineType.TOP_UP or sells_cards(line)


# Lines a stored-value card may price with its category discount (apps.billing.orders.pricing).
CARD_PRICED = {LineType.PRODUCT, LineType.PROJECT}


def paid_from_card(line: OrderLine) -> bool:
    """A product or project line that names a stored-value card took its discount and is paid from it."""
    return line.type in CARD_PRICED and line.card is not None and line.card.kind == CardKind.STORED_VALUE


def pays_by_sessions(line: OrderLine) -> bool:
    """A project line with a package card is paid by its sessions (a stored-value card on a line
    is the card it is paid from, for its category discount). Read with the line's card loaded."""
    return line.type == LineType.PROJECT and line.card is not None and line.card.kind == CardKind.PACKAGE


def _by_kind(line: OrderLine, stored_value_part: Decimal) -> Iterator[tuple[str, Decimal]]:
    if card_line(line):
        yield CreditKind.CARD_SALE, line.amount
        return
    if pays_by_sessions(line):
        yield CreditKind.CARD_CONSUMPTION, round_money(line.unit_price * line.qty)
        return
    if paid_from_card(line):
        yield CreditKind.CARD_CONSUMPTION, line.amount
        return
    consumption = round_money(line.amount * stored_value_part)
    yield CreditKind.CARD_CONSUMPTION, consumption
    yield (CreditKind.SERVICE if line.type in SERVICE_LINES else CreditKind.SALE), line.amount - consumption


def split_by_shares(value: Decimal, staff: list[OrderLineStaff]) -> Iterator[tuple[OrderLineStaff, Decimal]]:
    """`value` split by shares; the last employee takes the cent rounding leaves, so the parts add up."""
    given = ZERO
    for index, person in enumerate(staff):
        part = value - given if index == len(staff) - 1 else round_money(value * person.share)
        given += part
        yield person, part


def _staff_of(lines: list[OrderLine]) -> dict[int, list[OrderLineStaff]]:
    """Each line's staff in the order they were named, as the lines were read with them
    (apps.billing.orders.paid_lines.order_lines: `staff_ids`, `staff_shares`)."""
    return {
        line.pk: [
            OrderLineStaff(line_id=line.pk, employee_id=employee_id, share=share)
            for employee_id, share in zip(line.staff_ids, line.staff_shares, strict=True)  # type: ignore[attr-defined]
        ]
        for line in lines
    }


def order_credits(order: Order, lines: Iterable[OrderLine], stored_value_paid: Decimal) -> list[StaffCredit]:
    """Writes the staff credits of a paid order; `lines` as apps.billing.orders.paid_lines.order_lines
    reads them (with their staff)."""
    lines = list(lines)
    from_cards = sum((line.amount for line in lines if paid_from_card(line)), ZERO)
    rest = max(ZERO, stored_value_paid - from_cards)
    goods = sum((line.amount for line in lines if not card_line(line) and not paid_from_card(line)), ZERO)
    stored_value_part = min(rest, goods) / goods if goods else ZERO
    staff_of = _staff_of(lines)
    credits = [
        StaffCredit(
            line=line,
            employee_id=person.employee_id,
            kind=kind,
            amount=part,
            store_id=order.store_id,
            business_date=order.business_date,
        )
        for line in lines
        for kind, value in _by_kind(line, stored_value_part)
        if value > 0
        for person, part in split_by_shares(value, staff_of.get(line.pk, []))
        if part
    ]
    if credits:
        check_commission_open(store_id=order.store_id, days={order.business_date})
    return StaffCredit.objects.bulk_create(credits)
