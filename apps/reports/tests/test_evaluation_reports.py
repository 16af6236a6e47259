"""The evaluation reports over HTTP (apps/reports/definitions/evaluations.py): the review report's
rows by nurse, store and project with their drill and monthly series, its page code, the details'
links, and the satisfaction rate by store and month."""

from __future__ import annotations

from datetime import date

import pytest

from apps.accounts.testing import api_client
from apps.core.page_registry import code_of
from apps.core.role_codes import REPORT_FIGURES_CODE
from apps.core.testing import assert_envelope
from apps.evaluations.tests.factories import paid_visit, rated
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db

NOV = date(2026, 11, 10)
DEC = date(2026, 12, 3)
RANGE = {"from": "2026-11-01", "to": "2026-12-31"}


@pytest.fixture
def book(chain):
    """Store A: 王 rated 5 (Nov), 4 (Nov) and 2 (Dec); 李 rated 3 (Dec). Store B: 5 (Dec)."""
    store = chain["store"]
    wang = EmployeeFactory.create(store=store, name="王")
    li = EmployeeFactory.create(store=store, name="李")
    first = rated(paid_visit(store, nurse=wang), 5, 5, comment="很好", on=NOV)
    rated(paid_visit(store, nurse=wang), 4, 3, on=NOV)
    rated(paid_visit(store, nurse=wang), 2, 2, on=DEC)
    rated(paid_visit(store, nurse=li), 3, 4, on=DEC)
    rated(paid_visit(chain["other_store"]), 5, 5, on=DEC)
    return {"wang": wang, "li": li, "first": first}


@pytest.fixture
def owner(chain, make_entry):
    codes = [code_of("/XMDReviewReport"), REPORT_FIGURES_CODE]
    return api_client(entry=make_entry(chain["store"], codes=codes, kind="owner"))


@pytest.fixture
def head_office(chain, make_entry):
    codes = [code_of("/XMDReviewReport"), REPORT_FIGURES_CODE]
    return api_client(entry=make_entry(chain["head_office"], codes=codes, kind="owner"))


def show(client, key, **params):
    return assert_envelope(client.get(f"/rest/businessReport{key}/show", {**RANGE, **params}), status=200)


def test_the_review_report_by_nurse_with_its_drill_totals_and_monthly_rate(book, owner):
    data = show(owner, "Review")
    rows = [(r["name"], r["count"], r["avgService"], r["avgNurse"], r["satisfiedRate"]) for r in data["list"]]
    assert rows == [("王", 3, "3.67", "3.33", "66.67"), ("李", 1, "3.00", "4.00", "0.00")]
    count = next(column for column in data["columns"] if column["key"] == "count")
    assert count["drill"] == {
        "report": "EvaluationDetails",
        "route": "/evaluationDetails",
        "filters": {"staffId": "staffId"},
    }
    assert data["list"][0]["staffId"] == book["wang"].pk
    assert data["totals"]["count"] == 4 and data["totals"]["satisfied"] == 2
    (series,) = data["series"]
    assert [(point["x"], point["y"]) for point in series["points"]] == [("2026-11", "100.00"), ("2026-12", "0.00")]


def test_the_review_report_by_store_for_head_office_and_its_code(book, head_office, chain, make_entry):
    data = show(head_office, "Review", groupBy="store")
    assert [(r["name"], r["count"], r["satisfiedRate"]) for r in data["list"]] == [
        ("Store A", 4, "50.00"),
        ("Store B", 1, "100.00"),
    ]
    figures_only = api_client(entry=make_entry(chain["store"], codes=[REPORT_FIGURES_CODE]))
    response = figures_only.get("/rest/businessReportReview/show", RANGE)
    assert_envelope(response, status=403, errcode="AUTH-40300")


def test_the_details_drilled_to_a_nurse_link_each_order_and_member(book, owner):
    data = show(owner, "EvaluationDetails", staffId=book["wang"].pk)
    assert [row["serviceScore"] for row in data["list"]] == [2, 4, 5]
    first = data["list"][-1]
    evaluation = book["first"]
    assert (first["orderId"], first["memberId"]) == (evaluation.order_id, evaluation.member_id)
    assert (first["comment"], first["nurseName"], first["visitDate"]) == ("很好", "王", "2026-11-10")
    columns = {column["key"]: column for column in data["columns"]}
    assert columns["orderNo"]["link"] == "order" and columns["memberName"]["link"] == "member"


def test_the_satisfaction_rate_by_store_and_month(book, head_office, chain):
    data = show(head_office, "Satisfaction")
    cells = [(r["storeName"], r["month"], r["count"], r["satisfiedRate"]) for r in data["list"]]
    assert cells == [
        ("Store A", "2026-11", 2, "100.00"),
        ("Store A", "2026-12", 2, "0.00"),
        ("Store B", "2026-12", 1, "100.00"),
    ]
    lines = {series["label"]: [(p["x"], p["y"]) for p in series["points"]] for series in data["series"]}
    assert lines["Store B"] == [("2026-12", "100.00")]
    assert len(data["series"]) == 3
