"""Cards as the member reports read them (apps/reports/definitions/members.py and customers.py): who
holds a usable card, of which types, cards expiring, package sessions left unused."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet

from apps.cards.choices import CardStatus
from apps.cards.models import Card, CardSession
from apps.catalog.models import CardType


def usable_cards(*, as_of: date) -> QuerySet[Card]:
    return Card.objects.filter(status=CardStatus.ACTIVE, expires_on__gte=as_of)


def holds_usable_card(*, as_of: date, member: Any = None) -> Exists:
    """Whether the member an outer query names (default its pk) holds an active card unexpired at `as_of`."""
    return Exists(usable_cards(as_of=as_of).filter(member_id=member if member is not None else OuterRef("pk")))


def holds_card_type(*, card_type_id: int, as_of: date) -> Exists:
    return Exists(usable_cards(as_of=as_of).filter(member_id=OuterRef("pk"), card_type_id=card_type_id))


def card_types_held(*, as_of: date) -> QuerySet[Any]:
    """(member_id, card_type_id) of each usable card: a member holding two of a type is there twice."""
    return usable_cards(as_of=as_of).order_by().values_list("member_id", "card_type_id")


def card_type_names(type_ids: Iterable[int]) -> dict[int, str]:
    return dict(CardType.objects.filter(pk__in=list(type_ids)).values_list("pk", "name"))


def cards_expiring(
    *, member_store_ids: tuple[int, ...] | frozenset[int], date_from: date, date_to: date
) -> QuerySet[Card]:
    """Active cards of the stores' members that expire on a day from `date_from` to `date_to`."""
    return Card.objects.filter(
        status=CardStatus.ACTIVE,
        member__home_store_id__in=member_store_ids,
        expires_on__gte=date_from,
        expires_on__lte=date_to,
    )


def sessions_left(*, member_store_ids: tuple[int, ...] | frozenset[int], as_of: date) -> QuerySet[CardSession]:
    """Sessions left on usable package cards of the stores' members, each with the last time one of
    them was used (`last_used_at`, kept with the ledger; None if never)."""
    return CardSession.objects.filter(
        left__gt=0,
        card__status=CardStatus.ACTIVE,
        card__expires_on__gte=as_of,
        card__member__home_store_id__in=member_store_ids,
    )
