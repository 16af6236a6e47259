"""Members with visits made through the real till (order_commit on a chosen business day, paid in
cash through order_pay), for the member reports' tests."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from django.utils import timezone

from apps.billing.models import Order
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.inventory.tests.factories import stocked
from apps.members.models import Member
from apps.members.tests.factories import MemberFactory
from apps.org.models import OrgUnit


def days_ago(days: int) -> date:
    return timezone.localdate() - timedelta(days=days)


def visit(store: OrgUnit, member: Member | None, day: date, price: str = "100.00") -> Order:
    """A paid order of one product at `store` on business day `day`."""
    product = stocked(store, "10", price=Decimal(price))
    order = committed_order(
        store=store, member=member, walk_in=member is None, lines=[line("product", product)], today=day
    )
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", Decimal(price))])
    return order


def member_with_visits(store: OrgUnit, *ago: int, **fields: object) -> Member:
    member: Member = MemberFactory.create(home_store=store, **fields)
    for days in ago:
        visit(store, member, days_ago(days))
    return member


def lifecycle(store: OrgUnit) -> dict[str, Member]:
    """One member at each stage as at today (lapsed after 90 days, at risk after 60, loyal at 6 visit
    days in a year), the visits at `store`."""
    prospect: Member = MemberFactory.create(home_store=store, name="潜在")
    committed_order(store=store, member=prospect)  # unpaid: no visit
    members: dict[str, Member] = {
        "prospect": prospect,
        "firstPurchase": member_with_visits(store, 5, name="首购"),
        "repeat": member_with_visits(store, 20, 10, name="复购"),
        "loyal": member_with_visits(store, 300, 250, 200, 100, 50, 3, name="忠诚"),
        "atRisk": member_with_visits(store, 70, name="风险"),
        "lapsed": member_with_visits(store, 120, name="流失"),
        "wonBack": member_with_visits(store, 200, 10, name="召回"),
    }
    # Filed before their first visit, a year and more ago.
    Member.objects.filter(pk__in=[member.pk for member in members.values()]).update(
        created_at=timezone.now() - timedelta(days=400)
    )
    return members
