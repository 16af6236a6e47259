"""A card opened by a member move-in (issue 17 §2) is value paid at another store or brand: the daily
closing counts it neither as a card sold nor as money taken nor as a liability taken in today."""

from __future__ import annotations

from decimal import Decimal

from django.utils import timezone

from apps.accounts.testing import api_client
from apps.cards.move_in import card_open_moved_in
from apps.catalog.choices import CardKind
from apps.catalog.tests.factories import CardTypeFactory, ProjectFactory, ProjectPackageFactory
from apps.core.audit import Actor
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope
from apps.members.tests.factories import MemberFactory


def test_a_moved_in_card_is_not_a_sale_nor_takings_in_the_daily_closing(store, make_entry):
    member = MemberFactory(home_store=store)
    actor = Actor(login_name="SY00002")
    card_open_moved_in(
        actor=actor, store=store, member_id=member.pk, card_type=CardTypeFactory(), principal=Decimal("850.04")
    )
    package_type = CardTypeFactory(kind=CardKind.PACKAGE, project_package=ProjectPackageFactory(), face_value=0)
    card_open_moved_in(
        actor=actor, store=store, member_id=member.pk, card_type=package_type, sessions=[(ProjectFactory().pk, 6)]
    )
    client = api_client(entry=make_entry(store, codes=[code_of("/dailyKnots")]))
    figures = assert_envelope(client.get("/rest/daily/preview", {"date": timezone.localdate().isoformat()}), status=200)
    assert figures["cards"]["sold"] == {
        "count": 0,
        "amount": "0.00",
        "returned": "0.00",
        "net": "0.00",
        "principal": "0.00",
        "gift": "0.00",
        "sessions": 0,
    }
    assert figures["takings"]["money"] == "0.00"
    assert figures["revenue"]["liabilityIn"] == "0.00"
    assert audit_all() == []
