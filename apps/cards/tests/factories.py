"""Cards for tests, issued through the service so each comes with its ledger entries."""

from __future__ import annotations

from decimal import Decimal

from apps.cards.models import Card
from apps.cards.services import card_issue
from apps.catalog.choices import CardKind
from apps.catalog.models import CardType
from apps.catalog.tests.factories import CardTypeFactory, ProjectPackageFactory, ProjectPackageLineFactory
from apps.core.audit import Actor
from apps.members.models import Member
from apps.members.tests.factories import MemberFactory
from apps.org.models import OrgUnit

CASHIER = Actor(login_name="SY00002")


def stored_value_card(
    *, member: Member | None = None, paid: str = "1000.00", face_value: str | None = None, store: OrgUnit | None = None
) -> Card:
    """A stored-value card loaded with `paid`; a `face_value` above it adds the gift."""
    holder: Member = member or MemberFactory.create()
    card_type: CardType = CardTypeFactory.create(price=Decimal(paid), face_value=Decimal(face_value or paid))
    return card_issue(
        actor=CASHIER,
        store=store or holder.home_store,
        member_id=holder.pk,
        card_type=card_type,
        principal=Decimal(paid),
    )


def package_card(*, member: Member | None = None, sessions: int = 5, store: OrgUnit | None = None) -> Card:
    """A package card of one project with `sessions` sessions."""
    holder: Member = member or MemberFactory.create()
    line = ProjectPackageLineFactory.create(package=ProjectPackageFactory.create(), sessions=sessions)
    card_type: CardType = CardTypeFactory.create(kind=CardKind.PACKAGE, project_package=line.package, face_value=0)
    return card_issue(actor=CASHIER, store=store or holder.home_store, member_id=holder.pk, card_type=card_type)
