"""The settlement's randomized simulation (issue 30, "done means"): cross-store operations of every
kind between four stores over many days, through the services the till and the stock pages call:
cards sold and topped up anywhere, paid with and served from anywhere, refunded whole or in part
days later, members moved with their cards, goods lent and given back; each night the day's
statements are made, and some are confirmed by one store, both, or head office, some disputed and
decided. At the end every statement equals its entries, no reversal exceeds what it reverses, and
`audit_ledgers` finds nothing. A fixed seed makes a failure reproducible.

200 operations in the suite; `SIMULATION_OPERATIONS=5000` for the issue's run (`make fuzz`)."""

from __future__ import annotations

import os
import random
from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone

from apps.approvals.services import decide
from apps.billing.models import Order
from apps.billing.refunds.services import LineAsked, order_refund
from apps.billing.tests.checkout_factories import order_of, product, project, sessions
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card, CardSession
from apps.cards.services import card_issue, card_top_up
from apps.catalog.choices import CardKind
from apps.catalog.tests.factories import CardTypeFactory, ProjectPackageLineFactory
from apps.core.audit import SYSTEM_ACTOR, Actor
from apps.core.business_days import business_day
from apps.core.errors import DomainError
from apps.core.ledgers import audit_all
from apps.inventory.outbound import ReturnLineInput, loan_confirm, loan_return_create, outbound_create
from apps.inventory.services import DocumentLineInput
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.org.tests.factories import StoreFactory
from apps.settlement.choices import StatementStatus
from apps.settlement.models import SettlementEntry, Statement
from apps.settlement.statements import statement_confirm, statement_dispute, statements_make

pytestmark = [pytest.mark.simulation, pytest.mark.django_db]

SEED = int(os.environ.get("SIMULATION_SEED", "20261207"))
OPERATIONS = int(os.environ.get("SIMULATION_OPERATIONS", "200"))
OPERATIONS_A_DAY = 40
CASHIER = Actor(login_name="SIM")
CENT = Decimal("0.01")


class Simulation:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        self.stores = [StoreFactory.create() for _ in range(4)]
        for lender in self.stores:
            lender.borrow_out_targets.add(*[store for store in self.stores if store != lender])
        self.members = [MemberFactory.create(home_store=self.rng.choice(self.stores)) for _ in range(24)]
        self.stored_types = [
            CardTypeFactory.create(price=Decimal("1000"), face_value=Decimal("1200")),
            CardTypeFactory.create(price=Decimal("500"), face_value=Decimal("500")),
        ]
        line = ProjectPackageLineFactory(sessions=6)
        self.package_type = CardTypeFactory.create(kind=CardKind.PACKAGE, project_package=line.package, face_value=0)
        self.goods = {store.pk: stocked(store, "100000", cost=Decimal("25.00")) for store in self.stores}
        self.paid: list[int] = []
        self.loans: list[int] = []
        self.outcomes: dict[str, int] = {}
        self.day = 0

    def money(self, low: int, high: int) -> Decimal:
        return Decimal(self.rng.randint(low * 100, high * 100)) * CENT

    def store(self):
        return self.rng.choice(self.stores)

    def count(self, name: str, act) -> None:
        try:
            act()
            outcome = "ok"
        except DomainError as refused:
            outcome = refused.errcode
        self.outcomes[f"{name} {outcome}"] = self.outcomes.get(f"{name} {outcome}", 0) + 1

    def cards(self, kind: str) -> list[Card]:
        return list(Card.objects.filter(kind=kind, status="active").select_related("member"))

    # --- operations ----------------------------------------------------------------------------

    def sell(self) -> None:
        member = self.rng.choice(self.members)
        if self.rng.random() < 0.7:
            card_type = self.rng.choice(self.stored_types)
            card_issue(
                actor=CASHIER, store=self.store(), member_id=member.pk, card_type=card_type, principal=card_type.price
            )
        else:
            card_issue(actor=CASHIER, store=self.store(), member_id=member.pk, card_type=self.package_type)

    def pay_with_card(self) -> None:
        cards = self.cards(CardKind.STORED_VALUE)
        if not cards:
            return self.sell()
        card = self.rng.choice(cards)
        lines = [project(str(self.money(20, 300)))]
        if self.rng.random() < 0.4:
            lines.append(product(str(self.money(10, 200)), item_id=None))
        store = self.store()
        order = order_of(store=store, member=card.member, lines=lines)
        part = min(order.payable, card.principal + card.gift)
        tenders = [TenderAsked("storedValue", part, card_id=card.pk)] if part > 0 else []
        if order.payable - part > 0:
            tenders.append(TenderAsked("cash", order.payable - part))

        def act() -> None:
            order_pay(actor=CASHIER, order_id=order.pk, tenders=tenders)
            self.paid.append(order.pk)

        self.count("pay", act)

    def serve_sessions(self) -> None:
        cards = [
            card for card in self.cards(CardKind.PACKAGE) if CardSession.objects.filter(card=card, left__gt=0).exists()
        ]
        if not cards:
            return self.sell()
        card = self.rng.choice(cards)
        order = order_of(store=self.store(), member=card.member, lines=[sessions(card, qty=1)])

        def act() -> None:
            order_pay(actor=CASHIER, order_id=order.pk, tenders=[])
            self.paid.append(order.pk)

        self.count("sessions", act)

    def top_up(self) -> None:
        cards = self.cards(CardKind.STORED_VALUE)
        if not cards:
            return self.sell()
        card = self.rng.choice(cards)
        self.count(
            "topUp",
            lambda: card_top_up(
                actor=CASHIER,
                store=self.store(),
                card_id=card.pk,
                member_id=card.member_id,
                principal=self.money(100, 800),
            ),
        )

    def refund(self) -> None:
        if not self.paid:
            return self.pay_with_card()
        order = Order.objects.get(pk=self.rng.choice(self.paid))
        line = self.rng.choice(list(order.lines.order_by("id")))
        qty = None if self.rng.random() < 0.6 else 1

        def act() -> None:
            order_refund(actor=CASHIER, order_id=order.pk, lines=[LineAsked(line.pk, qty=qty)], reason="模拟退款")

        self.count("refund", act)

    def lend(self) -> None:
        lender = self.store()
        borrower = self.rng.choice([store for store in self.stores if store != lender])
        loan = outbound_create(
            actor=CASHIER,
            store=lender,
            type="loan_out",
            lines=[DocumentLineInput(self.goods[lender.pk].pk, Decimal(self.rng.randint(1, 5)))],
            target_store_id=borrower.pk,
        )
        loan_confirm(actor=CASHIER, store=borrower, document_id=loan.pk)
        self.loans.append(loan.pk)
        self.outcomes["loan ok"] = self.outcomes.get("loan ok", 0) + 1

    def give_back(self) -> None:
        if not self.loans:
            return self.lend()
        from apps.inventory.models import StockDocument

        loan = StockDocument.objects.select_related("other_store").get(pk=self.rng.choice(self.loans))
        line = loan.lines.get()
        borrower = loan.other_store
        assert borrower is not None

        def act() -> None:
            back = loan_return_create(
                actor=CASHIER, store=borrower, loan_id=loan.pk, lines=[ReturnLineInput(line.pk, Decimal(1))]
            )
            loan_confirm(actor=CASHIER, store=loan.store, document_id=back.pk)

        self.count("loan return", act)

    def night(self) -> None:
        """The day ends: its statements are made; some of the open ones are confirmed or disputed."""
        statements_make(actor=SYSTEM_ACTOR, day=business_day() - timedelta(days=1))
        waiting = Statement.objects.filter(status__in=[StatementStatus.OPEN, StatementStatus.CONFIRMED])
        for statement in waiting:
            roll = self.rng.random()
            if statement.dispute_id is not None:
                decide(
                    actor=SYSTEM_ACTOR,
                    request_id=statement.dispute_id,
                    approve=self.rng.random() < 0.5,
                    codes=None,
                    store_ids=None,
                    remark="模拟",
                )
            elif roll < 0.1:
                applicant = Actor(login_name="SIMOWNER", user_id=self._owner_id())
                statement_dispute(
                    actor=applicant,
                    statement_id=statement.pk,
                    store_id=statement.store_low_id,
                    store_ids=frozenset({statement.store_low_id}),
                    correction=-self.money(1, 20),
                    reason="模拟申诉",
                )
            elif roll < 0.6:
                side = self.rng.choice([statement.store_low_id, statement.store_high_id, None])
                statement_confirm(actor=SYSTEM_ACTOR, statement_id=statement.pk, store_id=side, store_ids=None)

    def _owner_id(self) -> int:
        from apps.accounts.tests.factories import UserFactory

        if not hasattr(self, "owner_id"):
            self.owner_id: int = UserFactory.create().pk
        return self.owner_id

    def run(self) -> None:
        operations = [
            (self.sell, 10),
            (self.pay_with_card, 35),
            (self.serve_sessions, 15),
            (self.top_up, 10),
            (self.refund, 12),
            (self.lend, 5),
            (self.give_back, 3),
        ]
        actions, weights = zip(*operations, strict=True)
        start = timezone.now()
        for number in range(OPERATIONS):
            if number % OPERATIONS_A_DAY == 0:
                self.day += 1
                with time_machine.travel(start + timedelta(days=self.day), tick=True):
                    self.night()
            with time_machine.travel(start + timedelta(days=self.day, minutes=number % OPERATIONS_A_DAY), tick=True):
                self.rng.choices(actions, weights)[0]()
        with time_machine.travel(start + timedelta(days=self.day + 1), tick=True):
            self.night()


def test_random_cross_store_operations_end_with_every_statement_equal_to_its_entries():
    simulation = Simulation()
    simulation.run()
    assert audit_all() == []
    # Every entry of a made day is in its statement; every statement's net is its entries'.
    made_days = set(Statement.objects.values_list("day", flat=True))
    for statement in Statement.objects.all():
        entries = SettlementEntry.objects.filter(
            day=statement.day, store_low=statement.store_low_id, store_high=statement.store_high_id
        )
        net = sum((e.amount if e.payer_id == statement.store_low_id else -e.amount for e in entries), Decimal(0))
        assert (abs(net), entries.count()) == (statement.amount, statement.entries)
    # The last night made every day but its own (its decided disputes are booked on it).
    last_night = max(made_days) + timedelta(days=1)
    assert not SettlementEntry.objects.exclude(day__in=made_days).exclude(day=last_night).exists()
    crossed = SettlementEntry.objects.filter(reverses__isnull=True, card_entry_id__isnull=False).count()
    reversed_ = SettlementEntry.objects.filter(reverses__isnull=False).count()
    assert crossed > OPERATIONS // 10 and reversed_ > 0, simulation.outcomes
    assert Statement.objects.filter(status=StatementStatus.LOCKED).exists()
