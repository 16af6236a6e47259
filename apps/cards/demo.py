"""Demo cards (issue 13): a few members of each demo store hold cards, so the till has something
to serve from: a stored-value card (C0002, 3000.00 paid) and a package card (C1001, the anti-loss
package's sessions). Issued through `card_issue`, so each card comes with its sale entry.
Idempotent: a member who holds a card already is left as is."""

from __future__ import annotations

from decimal import Decimal

from apps.cards.models import Card
from apps.cards.services import card_issue
from apps.catalog.choices import CardKind
from apps.catalog.models import CardType
from apps.core.audit import SYSTEM_ACTOR
from apps.members.models import Member
from apps.org.demo import DemoChain

# (position of the member in the store's list, card type codes): the first holds both kinds.
HOLDERS = ((0, ("C0002", "C1001")), (1, ("C0002",)), (2, ("C1001",)))
STORED_VALUE_PAID = Decimal("3000.00")


def seed_demo(chain: DemoChain) -> None:
    types = {card_type.code: card_type for card_type in CardType.objects.filter(code__in=("C0002", "C1001"))}
    if len(types) < 2:
        return  # the catalogue's demo was not seeded
    for store in chain.stores:
        members = list(Member.objects.filter(home_store=store).order_by("pk")[: len(HOLDERS)])
        for position, codes in HOLDERS:
            if position >= len(members) or Card.objects.filter(member=members[position]).exists():
                continue
            for code in codes:
                card_type = types[code]
                card_issue(
                    actor=SYSTEM_ACTOR,
                    store=store,
                    member_id=members[position].pk,
                    card_type=card_type,
                    principal=STORED_VALUE_PAID if card_type.kind == CardKind.STORED_VALUE else Decimal("0"),
                )
