"""The evaluation reports' figures (apps.evaluations.figures): grouped by store, nurse and project,
each evaluation with its order and member, and the satisfaction rate by month and store."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.utils import translation

from apps.billing.tests.checkout_factories import order_of, project
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.catalog.tests.factories import ProjectFactory
from apps.core.audit import SYSTEM_ACTOR
from apps.evaluations.choices import Channel
from apps.evaluations.figures import Scope, details, grouped, monthly
from apps.members.tests.factories import MemberFactory
from apps.staff.tests.factories import EmployeeFactory

from .factories import paid_visit, rated

pytestmark = pytest.mark.django_db

NOV = date(2026, 11, 10)
DEC = date(2026, 12, 3)


@pytest.fixture
def book(chain):
    """Store A: 王 rated 5, 4 (Nov) and 2 (Dec) with 洗护 (and 头疗 twice), 李 rated 3 (Dec) with 头疗;
    store B: one 5 (Dec), outside store A's scope."""
    store = chain["store"]
    wang = EmployeeFactory.create(store=store, name="王")
    li = EmployeeFactory.create(store=store, name="李")
    wash = ProjectFactory.create(name="洗护")
    scalp = ProjectFactory.create(name="头疗")
    member = MemberFactory.create(home_store=store, name="张三")

    def visit_of(nurse, *services, member=None):
        order = order_of(
            store=store,
            member=member or MemberFactory.create(home_store=store),
            lines=[project("100.00", staff=[(nurse, "1")], item_id=s.pk) for s in services],
        )
        order_pay(actor=SYSTEM_ACTOR, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])
        order.refresh_from_db()
        return order

    first = rated(visit_of(wang, wash, scalp, member=member), 5, 5, comment="很好", on=NOV)
    rated(visit_of(wang, wash, scalp), 4, 3, on=NOV, channel=Channel.FRONT_DESK)
    rated(visit_of(wang, wash), 2, 2, on=DEC)
    rated(visit_of(li, scalp), 3, 4, on=DEC)
    rated(paid_visit(chain["other_store"]), 5, 5, on=DEC)
    return {"store": store, "wang": wang, "li": li, "wash": wash, "scalp": scalp, "first": first}


def scope(book, **kwargs):
    return Scope(stores=[book["store"].pk], date_from=date(2026, 11, 1), date_to=date(2026, 12, 31), **kwargs)


def test_by_nurse_counts_averages_and_the_satisfied_share(book):
    rows = list(grouped(scope(book), "nurse"))
    assert rows == [
        {
            "staffId": book["wang"].pk,
            "name": "王",
            "count": 3,
            "avgService": Decimal("3.67"),
            "avgNurse": Decimal("3.33"),
            "satisfied": 2,
            "satisfiedRate": Decimal("66.67"),
        },
        {
            "staffId": book["li"].pk,
            "name": "李",
            "count": 1,
            "avgService": Decimal("3.00"),
            "avgNurse": Decimal("4.00"),
            "satisfied": 0,
            "satisfiedRate": Decimal("0.00"),
        },
    ]


def test_by_project_counts_each_evaluation_once_per_project_it_served(book):
    rows = {row["name"]: row for row in grouped(scope(book), "project")}
    assert (rows["洗护"]["count"], rows["洗护"]["satisfiedRate"]) == (3, Decimal("66.67"))
    assert (rows["头疗"]["count"], rows["头疗"]["avgService"], rows["头疗"]["satisfiedRate"]) == (
        3,
        Decimal("4.00"),
        Decimal("66.67"),
    )
    assert rows["洗护"]["projectId"] == book["wash"].pk


def test_by_store_keeps_to_the_scope_and_the_time_range(book, chain):
    both = Scope(stores=[book["store"].pk, chain["other_store"].pk], date_from=DEC, date_to=DEC)
    rows = {row["name"]: (row["count"], row["satisfiedRate"]) for row in grouped(both, "store")}
    assert rows == {"Store A": (2, Decimal("0.00")), "Store B": (1, Decimal("100.00"))}


def test_details_carry_the_order_member_nurse_projects_and_channel(book):
    with translation.override("en"):
        rows = list(details(scope(book, nurse_id=book["wang"].pk)))
    assert [row["serviceScore"] for row in rows] == [2, 4, 5]
    first = rows[-1]
    assert first["orderId"] == book["first"].order_id and first["orderNo"]
    assert (first["memberName"], first["nurseName"], first["comment"]) == ("张三", "王", "很好")
    assert sorted(first["projectNames"].split("、")) == ["头疗", "洗护"]
    assert first["channelName"] == "evaluation link" and rows[1]["channelName"] == "front desk"
    assert [row["serviceScore"] for row in details(scope(book, project_id=book["scalp"].pk))] == [3, 4, 5]


def test_the_monthly_satisfaction_rate_overall_and_by_store(book, chain):
    months = [(row["month"], row["count"], row["satisfiedRate"]) for row in monthly(scope(book), by_store=False)]
    assert months == [("2026-11", 2, Decimal("100.00")), ("2026-12", 2, Decimal("0.00"))]
    both = Scope(stores=[book["store"].pk, chain["other_store"].pk], date_from=DEC, date_to=DEC)
    cells = [(row["storeName"], row["satisfiedRate"]) for row in monthly(both, by_store=True)]
    assert cells == [("Store A", Decimal("0.00")), ("Store B", Decimal("100.00"))]
