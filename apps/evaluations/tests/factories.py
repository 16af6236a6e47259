"""Paid visits to rate: an order of a project served by a nurse, paid in cash through the till's
service (so `paid_at` and the status are the till's), and evaluations written through the service."""

from __future__ import annotations

from datetime import date, datetime

from django.utils import timezone

from apps.billing.models import Order
from apps.billing.tests.checkout_factories import order_of, product, project
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.catalog.models import Project
from apps.catalog.tests.factories import ProjectFactory
from apps.core.audit import SYSTEM_ACTOR, Actor
from apps.evaluations.choices import Channel
from apps.evaluations.models import Evaluation
from apps.evaluations.services import evaluation_submit
from apps.members.models import Member
from apps.members.tests.factories import MemberFactory
from apps.org.models import OrgUnit
from apps.staff.models import Employee
from apps.staff.tests.factories import EmployeeFactory


def paid_visit(
    store: OrgUnit,
    *,
    nurse: Employee | None = None,
    member: Member | None = None,
    service: Project | None = None,
    amount: str = "198.00",
    with_product: bool = False,
) -> Order:
    """A member's paid visit at `store`: one project served by `nurse` (new ones by default)."""
    nurse = nurse or EmployeeFactory.create(store=store)
    member = member or MemberFactory.create(home_store=store)
    service = service or ProjectFactory.create()
    lines = [project(amount, staff=[(nurse, "1")], item_id=service.pk)]
    if with_product:
        lines.append(product("50.00"))
    order = order_of(store=store, member=member, lines=lines)
    order_pay(actor=SYSTEM_ACTOR, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])
    order.refresh_from_db()
    return order


def rated(
    order: Order,
    service_score: int = 5,
    nurse_score: int = 5,
    *,
    comment: str = "",
    channel: Channel = Channel.LINK,
    actor: Actor = SYSTEM_ACTOR,
    on: date | None = None,
) -> Evaluation:
    """`order`'s evaluation; `on` moves its visit (and creation) to that day for the reports."""
    evaluation = evaluation_submit(
        actor=actor,
        order=order,
        service_score=service_score,
        nurse_score=nurse_score,
        comment=comment,
        channel=channel,
    )
    if on is not None:
        at = timezone.make_aware(datetime.combine(on, datetime.min.time().replace(hour=12)))
        Evaluation.objects.filter(pk=evaluation.pk).update(visit_date=on, created_at=at)
        evaluation.refresh_from_db()
    return evaluation
