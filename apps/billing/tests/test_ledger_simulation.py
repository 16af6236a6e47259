"""The randomized simulation of issue 13 §4: thousands of card sales, top-ups, spends, session uses,
points and paid orders (through the services, some through HTTP), with bursts of concurrent spends
on one card, against a model kept beside it. Every outcome must be the model's, and at the end
`audit_ledgers` finds nothing and the money is conserved: what was loaded onto cards equals what
they hold plus what was spent from them. A fixed seed makes a failure reproducible."""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, Decimal

import pytest
from django.conf import settings
from django.db import connection, connections
from django.db.models import Sum

from apps.accounts.testing import api_client
from apps.billing.models import Order, Tender
from apps.billing.tests.checkout_factories import card_bought, order_of, product, sessions, top_up
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.errors import BalanceShort, SessionsShort
from apps.cards.models import Card, CardSession
from apps.cards.services import card_issue, card_sessions_use, card_spend, card_top_up, gift_for
from apps.catalog.choices import CardKind
from apps.catalog.models import CardType
from apps.catalog.tests.factories import CardTypeFactory, ProjectPackageLineFactory
from apps.core.audit import Actor
from apps.core.errors import DomainError
from apps.core.ledgers import audit_all
from apps.core.money import money_to_wire
from apps.members.models import Member
from apps.members.services import points_adjust
from apps.members.tests.factories import MemberFactory
from apps.staff.tests.factories import EmployeeFactory

pytestmark = [
    pytest.mark.simulation,
    pytest.mark.django_db(transaction=True),
]

SEED = int(os.environ.get("SIMULATION_SEED", "20261124"))
# 1,000 in the suite (about 10 s: the CI has ten minutes for everything); `make fuzz` runs 20,000.
OPERATIONS = int(os.environ.get("SIMULATION_OPERATIONS", "1000"))
BURST = 8  # concurrent spends on one card, every BURST_EVERY operations
BURST_EVERY = 250
CASHIER = Actor(login_name="SIM")
CENT = Decimal("0.01")


def money(rng: random.Random, low: int, high: int) -> Decimal:
    return Decimal(rng.randint(low * 100, high * 100)) * CENT


@dataclass
class Model:
    """What the ledgers should say: each card's balance and sessions, each member's points."""

    balance: dict[int, Decimal] = field(default_factory=dict)
    owner: dict[int, int] = field(default_factory=dict)
    sessions: dict[int, int] = field(default_factory=dict)
    points: dict[int, int] = field(default_factory=dict)
    loaded: Decimal = Decimal("0")
    spent: Decimal = Decimal("0")
    outcomes: dict[str, int] = field(default_factory=dict)

    def count(self, outcome: str) -> None:
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1

    def load(self, card_id: int, amount: Decimal) -> None:
        self.balance[card_id] = self.balance.get(card_id, Decimal("0")) + amount
        self.loaded += amount


def outcome_of(act: Callable[[], object]) -> str:
    try:
        act()
    except DomainError as refused:
        return refused.errcode
    return "ok"


class Simulation:
    def __init__(self, store, other_store, nurse, entry) -> None:
        self.rng = random.Random(SEED)
        self.model = Model()
        self.stores = [store, other_store]
        self.nurse = nurse
        self.client = api_client(entry=entry)
        self.members: list[Member] = [MemberFactory.create(home_store=store) for _ in range(30)]
        for member in self.members:
            self.model.points[member.pk] = 0
        self.stored_types: list[CardType] = [
            CardTypeFactory.create(price=Decimal("1000"), face_value=Decimal("1100")),
            CardTypeFactory.create(price=Decimal("500"), face_value=Decimal("500")),
            CardTypeFactory.create(price=Decimal("300"), face_value=Decimal("330")),
        ]
        line = ProjectPackageLineFactory(sessions=6)
        self.package_type: CardType = CardTypeFactory.create(
            kind=CardKind.PACKAGE, project_package=line.package, face_value=0
        )

    # --- helpers -------------------------------------------------------------------------------

    def store(self):
        return self.rng.choice(self.stores)

    def stored_cards(self) -> list[int]:
        return [card for card in self.model.balance if card not in self.model.sessions]

    def expect(self, name: str, expected: str, act: Callable[[], object]) -> None:
        got = outcome_of(act)
        assert got == expected, (name, expected, got)
        self.model.count(f"{name} {got}")

    # --- operations ----------------------------------------------------------------------------

    def sell_stored_value(self) -> None:
        member = self.rng.choice(self.members)
        card_type = self.rng.choice(self.stored_types)
        card = card_issue(
            actor=CASHIER, store=self.store(), member_id=member.pk, card_type=card_type, principal=card_type.price
        )
        self.model.owner[card.pk] = member.pk
        self.model.load(card.pk, card_type.price + gift_for(card_type, card_type.price))
        self.model.count("sale ok")

    def sell_package(self) -> None:
        member = self.rng.choice(self.members)
        card = card_issue(actor=CASHIER, store=self.store(), member_id=member.pk, card_type=self.package_type)
        self.model.owner[card.pk] = member.pk
        self.model.sessions[card.pk] = 6
        self.model.balance[card.pk] = Decimal("0")
        self.model.count("package ok")

    def top_up(self) -> None:
        cards = self.stored_cards()
        if not cards:
            return self.sell_stored_value()
        card_id = self.rng.choice(cards)
        card = Card.objects.select_related("card_type").get(pk=card_id)
        principal = money(self.rng, 50, 800)
        card_top_up(actor=CASHIER, store=self.store(), card_id=card_id, member_id=card.member_id, principal=principal)
        self.model.load(card_id, principal + gift_for(card.card_type, principal))
        self.model.count("topUp ok")

    def spend(self) -> None:
        cards = self.stored_cards()
        if not cards:
            return self.sell_stored_value()
        card_id = self.rng.choice(cards)
        amount = money(self.rng, 1, 400)
        enough = amount <= self.model.balance[card_id]

        def act() -> None:
            card_spend(
                actor=CASHIER, store=self.store(), card_id=card_id, member_id=self.model.owner[card_id], amount=amount
            )

        self.expect("spend", "ok" if enough else "CARD-40901", act)
        if enough:
            self.model.balance[card_id] -= amount
            self.model.spent += amount

    def use_sessions(self) -> None:
        if not self.model.sessions:
            return self.sell_package()
        card_id = self.rng.choice(list(self.model.sessions))
        count = self.rng.randint(1, 3)
        project_id = CardSession.objects.filter(card_id=card_id).values_list("project_id", flat=True)[0]
        enough = count <= self.model.sessions[card_id]

        def act() -> None:
            card_sessions_use(
                actor=CASHIER,
                store=self.store(),
                card_id=card_id,
                member_id=self.model.owner[card_id],
                project_id=project_id,
                count=count,
            )

        self.expect("sessions", "ok" if enough else "CARD-40902", act)
        if enough:
            self.model.sessions[card_id] -= count

    def adjust_points(self) -> None:
        member = self.rng.choice(self.members)
        change = self.rng.randint(1, 3000)
        points_adjust(actor=CASHIER, member=member, store=self.store(), change=change, reason="simulation")
        self.model.points[member.pk] += change
        self.model.count("points ok")

    def pay_order(self, *, through_http: bool = False) -> None:
        """An order of products, sometimes with a card bought, a top-up or sessions, paid at once by
        a random mix of stored value, points and cash."""
        member = self.rng.choice(self.members)
        store = self.stores[0]
        lines = [product(str(money(self.rng, 5, 300)), staff=[(self.nurse, "1")])]
        bought: CardType | None = None
        topped: int | None = None
        session_card: int | None = None
        member_cards = [c for c in self.stored_cards() if self.model.owner[c] == member.pk]
        roll = self.rng.random()
        if roll < 0.1:
            bought = self.rng.choice(self.stored_types)
            lines.append(card_bought(bought, str(bought.price)))
        elif roll < 0.2 and member_cards:
            topped = self.rng.choice(member_cards)
            lines.append(top_up(Card.objects.get(pk=topped), str(money(self.rng, 100, 500))))
        elif roll < 0.3:
            packages = [c for c, left in self.model.sessions.items() if self.model.owner[c] == member.pk and left]
            if packages:
                session_card = self.rng.choice(packages)
                lines.append(sessions(Card.objects.get(pk=session_card), qty=1))
        order = order_of(store=store, member=member, lines=lines)
        due = order.payable
        tenders: list[TenderAsked] = []
        card_part = Decimal("0")
        card_id: int | None = None
        if member_cards and self.rng.random() < 0.6:
            card_id = self.rng.choice(member_cards)
            card_part = min(due, money(self.rng, 1, int(due) + 50))
            tenders.append(TenderAsked("storedValue", card_part, card_id=card_id))
        points_part = Decimal("0")
        if self.model.points[member.pk] >= 100 and self.rng.random() < 0.3:
            points_part = min(due - card_part, Decimal(self.rng.randint(1, 20)))
            if points_part > 0:
                tenders.append(TenderAsked("points", points_part))
        cash_due = due - card_part - points_part
        cash_given = cash_due + (Decimal(self.rng.randint(0, 50)) if self.rng.random() < 0.5 else Decimal("0"))
        change = Decimal("0")
        if cash_due > 0:
            tenders.append(TenderAsked("cash", cash_given))
            change = cash_given - cash_due
        points_used = int(points_part * settings.POINTS_PER_YUAN_PAID)
        if card_id is not None and card_part > self.model.balance[card_id]:
            expected = "CARD-40901"
        elif points_used > self.model.points[member.pk]:
            expected = "MEM-40904"
        else:
            expected = "ok"

        def act() -> None:
            if through_http:
                body = {
                    "orderId": order.pk,
                    "tenders": [
                        {"method": t.method, "amount": str(t.amount), **({"cardId": t.card_id} if t.card_id else {})}
                        for t in tenders
                    ],
                }
                answer = self.client.post("/rest/pay/excute", body, format="json").json()
                if answer["errcode"] != "0":
                    raise type("Refused", (DomainError,), {"errcode": answer["errcode"]})()
                assert answer["data"]["status"] == "paid" and answer["data"]["change"] == money_to_wire(change)
            else:
                payment = order_pay(actor=CASHIER, order_id=order.pk, tenders=tenders)
                assert payment.order.status == "paid" and payment.change == change

        self.expect("http order" if through_http else "order", expected, act)
        if expected != "ok":
            return
        if card_id is not None:
            self.model.balance[card_id] -= card_part
            self.model.spent += card_part
        self.model.points[member.pk] += int(cash_due.to_integral_value(rounding=ROUND_FLOOR)) - points_used
        if bought is not None:
            issued = order.lines.get(type="cardType").card
            assert issued is not None
            self.model.owner[issued.pk] = member.pk
            self.model.load(issued.pk, bought.price + gift_for(bought, bought.price))
        if topped is not None:
            line = order.lines.get(type="topUp")
            card = Card.objects.select_related("card_type").get(pk=topped)
            self.model.load(topped, line.amount + gift_for(card.card_type, line.amount))
        if session_card is not None:
            self.model.sessions[session_card] -= 1

    def burst(self) -> None:
        """BURST cashiers spend from one card at the same moment."""
        cards = self.stored_cards()
        if not cards:
            return
        card_id = self.rng.choice(cards)
        amount = money(self.rng, 20, 200)
        start = threading.Barrier(BURST)
        outcomes: list[str] = []

        def run() -> None:
            try:
                start.wait()
                card_spend(
                    actor=CASHIER,
                    store=self.stores[1],
                    card_id=card_id,
                    member_id=self.model.owner[card_id],
                    amount=amount,
                )
                outcomes.append("ok")
            except (BalanceShort, SessionsShort) as refused:
                outcomes.append(refused.errcode)
            except BaseException as failure:
                outcomes.append(repr(failure))
            finally:
                connections.close_all()

        threads = [threading.Thread(target=run) for _ in range(BURST)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        fits = min(BURST, int(self.model.balance[card_id] // amount))
        assert sorted(outcomes) == ["CARD-40901"] * (BURST - fits) + ["ok"] * fits, outcomes
        self.model.balance[card_id] -= amount * fits
        self.model.spent += amount * fits
        for outcome in outcomes:
            self.model.count(f"burst {outcome}")

    def run(self) -> int:
        weighted: list[tuple[Callable[[], None], int]] = [
            (self.sell_stored_value, 5),
            (self.sell_package, 3),
            (self.top_up, 12),
            (self.spend, 35),
            (self.use_sessions, 14),
            (self.adjust_points, 5),
            (self.pay_order, 23),
            (lambda: self.pay_order(through_http=True), 3),
        ]
        actions = [action for action, _ in weighted]
        weights = [weight for _, weight in weighted]
        done = 0
        while done < OPERATIONS:
            if done and done % BURST_EVERY == 0:
                self.burst()
                done += BURST
            self.rng.choices(actions, weights)[0]()
            done += 1
        return done


def test_thousands_of_random_operations_leave_every_ledger_balanced(chain, make_entry):
    with connection.cursor() as cursor:
        # Every operation commits on its own (the bursts need real transactions); not waiting for
        # each commit to reach the disk keeps the run within a minute and changes nothing it checks.
        cursor.execute("SET synchronous_commit TO off")
    store, other_store = chain["store"], chain["other_store"]
    entry = make_entry(store, codes=["ERP-KDJC-PAG-0003-0000"])
    simulation = Simulation(store, other_store, EmployeeFactory(store=store), entry)
    done = simulation.run()
    model = simulation.model
    assert done >= OPERATIONS
    assert audit_all() == []
    cards = {card.pk: card for card in Card.objects.all()}
    assert {pk: card.balance for pk, card in cards.items()} == model.balance
    assert dict(CardSession.objects.values_list("card_id", "left")) == model.sessions
    assert dict(Member.objects.values_list("pk", "points")) == model.points
    held = sum((card.balance for card in cards.values()), Decimal("0"))
    assert model.loaded == held + model.spent  # no cent created or lost
    tendered = Tender.objects.filter(status="succeeded").aggregate(total=Sum("amount"))["total"]
    assert Order.objects.aggregate(total=Sum("paid"))["total"] == tendered
    # Each kind of outcome happened, refusals included.
    for outcome in ("spend ok", "spend CARD-40901", "sessions ok", "sessions CARD-40902", "order ok", "http order ok"):
        assert model.outcomes.get(outcome, 0) > 0, (outcome, model.outcomes)
    assert model.outcomes.get("burst ok", 0) > 0 and model.outcomes.get("burst CARD-40901", 0) > 0
