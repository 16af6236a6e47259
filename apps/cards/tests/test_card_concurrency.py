"""Cashiers acting on one card at once (real concurrent transactions): spends, transfers,
card to card both ways, and one coupon for several orders."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connections

from apps.cards.choices import CouponStatus, TransferStatus
from apps.cards.coupons import coupon_issue, coupon_use
from apps.cards.errors import BalanceShort, SessionsShort
from apps.cards.models import Card, CardTransfer
from apps.cards.operations import card_to_card, card_transfer
from apps.cards.services import card_sessions_use, card_spend
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.core.errors import DomainError
from apps.core.ledgers import audit_all
from apps.members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db(transaction=True)

PARALLEL = 20


def at_once(spend) -> list[str]:
    """Runs `spend` from PARALLEL threads released together; the outcome of each."""
    start = threading.Barrier(PARALLEL)
    outcomes: list[str] = []

    def run() -> None:
        try:
            start.wait()
            spend()
            outcomes.append("ok")
        except (BalanceShort, SessionsShort) as refused:
            outcomes.append(refused.errcode)
        except BaseException as failure:  # asserted in the main thread
            outcomes.append(repr(failure))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(PARALLEL)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def test_twenty_spends_on_a_card_that_covers_five_give_five_successes():
    card = stored_value_card(paid="100.00", face_value="110.00")
    outcomes = at_once(
        lambda: card_spend(
            actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, amount=Decimal("22")
        )
    )
    assert sorted(outcomes) == ["CARD-40901"] * 15 + ["ok"] * 5
    card.refresh_from_db()
    assert card.balance == Decimal("0.00") and card.entries.count() == 6
    assert audit_all() == []


def test_twenty_session_uses_on_a_card_of_five_sessions_give_five():
    card = package_card(sessions=5)
    project_id = card.sessions.get().project_id
    outcomes = at_once(
        lambda: card_sessions_use(
            actor=CASHIER, store=card.store, card_id=card.pk, member_id=card.member_id, project_id=project_id, count=1
        )
    )
    assert sorted(outcomes) == ["CARD-40902"] * 15 + ["ok"] * 5
    assert Card.objects.get(pk=card.pk).sessions.get().left == 0
    assert audit_all() == []


def together(*jobs) -> list[str]:
    """Runs each job in its own thread, released together; the outcome of each."""
    start = threading.Barrier(len(jobs))
    outcomes: list[str] = []

    def run(job) -> None:
        try:
            start.wait()
            job()
            outcomes.append("ok")
        except DomainError as refused:
            outcomes.append(refused.errcode)
        except BaseException as failure:  # asserted in the main thread
            outcomes.append(repr(failure))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def test_two_transfers_of_one_card_at_once_one_succeeds():
    card = stored_value_card(paid="500.00", face_value="550.00")
    first, second = MemberFactory(), MemberFactory()
    outcomes = together(
        *(
            lambda member=member: card_transfer(
                actor=CASHIER, store=card.store, card_id=card.pk, to_member_id=member.pk
            )
            for member in (first, second)
        )
    )
    assert sorted(outcomes) == ["CARD-40903", "ok"]
    assert CardTransfer.objects.filter(status=TransferStatus.COMMITTED).count() == 1
    new_cards = Card.objects.exclude(pk=card.pk)
    assert new_cards.count() == 1 and new_cards.get().balance == Decimal("550.00")
    assert Card.objects.get(pk=card.pk).balance == 0
    assert audit_all() == []


def test_card_to_card_both_ways_at_once_never_deadlocks():
    member = MemberFactory()
    a = stored_value_card(member=member, paid="300.00", face_value="330.00")
    b = stored_value_card(member=member, paid="200.00")
    rounds = 10
    jobs = []
    for _ in range(rounds):
        jobs.append(
            lambda: card_to_card(
                actor=CASHIER, store=a.store, member_id=member.pk, from_card_id=a.pk, to_card_id=b.pk, amount=Decimal(7)
            )
        )
        jobs.append(
            lambda: card_to_card(
                actor=CASHIER, store=a.store, member_id=member.pk, from_card_id=b.pk, to_card_id=a.pk, amount=Decimal(5)
            )
        )
    outcomes = together(*jobs)
    assert outcomes == ["ok"] * (2 * rounds), outcomes
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.balance + b.balance == Decimal("530.00")
    assert a.balance == Decimal("330.00") - rounds * 2
    assert audit_all() == []


def test_one_coupon_used_by_two_orders_at_once_pays_one():
    from apps.catalog.tests.factories import CouponTemplateFactory

    member = MemberFactory()
    coupon = coupon_issue(
        actor=CASHIER, store=member.home_store, member_id=member.pk, template_id=CouponTemplateFactory().pk
    )[0]
    outcomes = together(
        *(
            lambda order_id=order_id: coupon_use(
                actor=CASHIER, coupon_id=coupon.pk, member_id=member.pk, order_id=order_id
            )
            for order_id in range(1, 7)
        )
    )
    assert sorted(outcomes) == ["CARD-40904"] * 5 + ["ok"]
    coupon.refresh_from_db()
    assert coupon.status == CouponStatus.USED and coupon.used_order_id in range(1, 7)
