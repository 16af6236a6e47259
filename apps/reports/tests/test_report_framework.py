"""The report framework over HTTP with reports the tests define (report_fixtures): select, show
(paging, sorting, totals, kinds on the wire, links and drills), the store / region / staff scope,
spec §5's time range messages, the report codes and own figures."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.testing import api_client
from apps.catalog.tests.factories import ProductCategoryFactory
from apps.core.role_codes import REPORT_FIGURES_CODE
from apps.core.testing import assert_envelope
from apps.reports.framework import report_for
from apps.reports.tests.report_fixtures import FEE, registered
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db

HIRED = datetime.date(2026, 3, 10)
RANGE = {"from": "2026-03-01", "to": "2026-03-31"}


@pytest.fixture(autouse=True)
def test_reports():
    with registered():
        yield


@pytest.fixture
def staff(chain):
    names = ["Chen", "An", "Bo"]
    mine = [EmployeeFactory(store=chain["store"], name=name, hire_date=HIRED) for name in names]
    EmployeeFactory(store=chain["other_store"], name="Other", hire_date=HIRED)
    return mine


@pytest.fixture
def reader(chain, make_entry):
    return api_client(entry=make_entry(chain["store"], codes=[REPORT_FIGURES_CODE]))


@pytest.fixture
def head_office(chain, make_entry):
    return api_client(entry=make_entry(chain["head_office"], codes=[REPORT_FIGURES_CODE], kind="owner"))


def _show(client, key="TestRoster", language="en", **params):
    return client.get(f"/rest/businessReport{key}/show", {**RANGE, **params}, HTTP_ACCEPT_LANGUAGE=language)


def test_select_offers_the_callers_stores_staff_range_and_columns(chain, staff, reader):
    data = assert_envelope(reader.get("/rest/businessReportTestRoster/select"), status=200)
    assert data["stores"] == [{"id": chain["store"].pk, "name": "Store A"}]
    assert data["regions"] == []
    assert sorted(person["name"] for person in data["staff"]) == ["An", "Bo", "Chen"]
    assert data["maxDays"] == 31
    assert data["route"] == "/staffPerformance"
    assert data["extra"] == [
        {
            "name": "position",
            "label": "Position",
            "required": False,
            "choices": [{"value": "nurse", "label": "Nurse"}, {"value": "manager", "label": "Manager"}],
        }
    ]
    start = datetime.date.fromisoformat(data["defaultRange"]["from"])
    end = datetime.date.fromisoformat(data["defaultRange"]["to"])
    assert (end - start).days == 29
    fee = next(column for column in data["columns"] if column["key"] == "fee")
    assert fee == {"key": "fee", "label": "Fee", "kind": "money", "total": True, "sortable": True}


def test_head_office_selects_among_every_store_and_region_under_it(chain, staff, head_office):
    data = assert_envelope(head_office.get("/rest/businessReportTestRoster/select"), status=200)
    assert [store["name"] for store in data["stores"]] == ["Store A", "Store B"]
    assert data["regions"] == [{"id": chain["region"].pk, "name": "East"}]


def test_show_answers_a_page_with_totals_over_every_row(staff, reader):
    data = assert_envelope(_show(reader, pageSize=2), status=200)
    assert data["total"] == 3
    assert [row["name"] for row in data["list"]] == ["Chen", "An"]
    assert data["columns"][0]["label"] == "name"
    assert data["totals"] == {"fee": f"{FEE * 3:.2f}"}
    row = data["list"][0]
    assert row["fee"] == "10.25"
    assert row["hireDate"] == "2026-03-10"
    assert row["orderId"] == staff[0].pk  # the id the link opens rides on the row
    assert row["staffId"] == staff[0].pk  # and the value the drill carries
    name = next(column for column in data["columns"] if column["key"] == "name")
    assert name["drill"] == {"report": "TestRoster", "route": "/staffPerformance", "filters": {"staffId": "staffId"}}
    order = next(column for column in data["columns"] if column["key"] == "orderNo")
    assert (order["link"], order["linkKey"]) == ("order", "orderId")
    hired = {"key": "hired", "label": "Hired", "chart": "bar", "points": [{"x": "2026-03-01", "y": 3}]}
    assert data["series"] == [hired]
    assert data["asOf"]


@pytest.mark.parametrize("key", ["TestRoster", "TestListRoster"])
def test_show_builds_the_rows_once_and_reads_the_page_count_and_sums_in_one_query(staff, reader, key, monkeypatch):
    built = []
    report = report_for(key)
    rows = report.rows
    monkeypatch.setattr(report, "rows", lambda self, f: built.append(f) or rows(self, f))
    monkeypatch.setattr(report, "series", lambda self, f: [])

    with CaptureQueriesContext(connection) as queries:
        data = assert_envelope(_show(reader, key, pageSize=2), status=200)

    assert (data["total"], data["totals"], len(data["list"])) == (3, {"fee": f"{FEE * 3:.2f}"}, 2)
    assert len(built) == 1
    counts = [query["sql"] for query in queries.captured_queries if "COUNT(" in query["sql"]]
    assert len(counts) == (1 if key == "TestRoster" else 0)
    assert all("SUM(" in sql and "LIMIT 2" in sql for sql in counts)  # the page itself


def test_a_report_paged_apart_reads_its_page_without_window_aggregates(staff, reader):
    with CaptureQueriesContext(connection) as queries:
        data = assert_envelope(_show(reader, "TestApartRoster", pageSize=2), status=200)

    assert (data["total"], data["totals"]) == (3, {"fee": f"{FEE * 3:.2f}"})
    assert [row["name"] for row in data["list"]] == ["Chen", "An"]
    sqls = [query["sql"] for query in queries.captured_queries]
    assert not any("OVER ()" in sql for sql in sqls)
    page = next(sql for sql in sqls if "LIMIT 2" in sql)
    assert "COUNT(" not in page
    # Sorted by a column, the page and its count are one query again.
    with CaptureQueriesContext(connection) as queries:
        sorted_data = assert_envelope(_show(reader, "TestApartRoster", pageSize=2, sort="name"), status=200)
    assert (sorted_data["total"], [row["name"] for row in sorted_data["list"]]) == (3, ["An", "Bo"])
    assert any("OVER ()" in query["sql"] and "LIMIT 2" in query["sql"] for query in queries.captured_queries)


def test_a_page_past_the_last_row_still_answers_the_count_and_totals(staff, reader):
    data = assert_envelope(_show(reader, pageSize=2, pageNo=3), status=200)
    assert (data["list"], data["total"], data["totals"]) == ([], 3, {"fee": f"{FEE * 3:.2f}"})


def test_an_empty_report_counts_nothing_and_totals_nothing(staff, reader):
    data = assert_envelope(_show(reader, **{"from": "2025-01-01", "to": "2025-01-31"}), status=200)
    assert (data["list"], data["total"], data["totals"]) == ([], 0, {"fee": None})


@pytest.mark.parametrize("key", ["TestRoster", "TestListRoster"])
def test_show_sorts_by_a_column_either_way_before_paging(staff, reader, key):
    ascending = assert_envelope(_show(reader, key=key, sort="name", pageSize=2), status=200)
    assert [row["name"] for row in ascending["list"]] == ["An", "Bo"]
    descending = assert_envelope(_show(reader, key=key, sort="-name", pageNo=2, pageSize=2), status=200)
    assert [row["name"] for row in descending["list"]] == ["An"]
    assert descending["totals"] == {"fee": "30.75"}


@pytest.mark.parametrize("sort", ["orderNo", "nothing", "-fee;drop"])
def test_a_sort_on_no_sortable_column_is_refused(staff, reader, sort):
    assert_envelope(_show(reader, sort=sort), status=400, errcode="VALID-40000")


def test_a_page_larger_than_200_is_refused(staff, reader):
    assert_envelope(_show(reader, pageSize=201), status=400, errcode="VALID-40000")


def test_the_report_filters_by_staff_and_its_own_extra_filter(staff, reader):
    data = assert_envelope(_show(reader, staffId=staff[1].pk), status=200)
    assert [row["name"] for row in data["list"]] == ["An"]
    assert assert_envelope(_show(reader, position="manager"), status=200)["total"] == 0
    assert_envelope(_show(reader, position="cleaner"), status=400, errcode="VALID-40000")


def test_another_stores_store_or_employee_answers_404(chain, staff, reader):
    assert_envelope(_show(reader, storeId=chain["other_store"].pk), status=404, errcode="SYS-40400")
    other = EmployeeFactory(store=chain["other_store"], hire_date=HIRED)
    assert_envelope(_show(reader, staffId=other.pk), status=404, errcode="SYS-40400")
    assert_envelope(_show(reader, regionId=chain["region"].pk), status=404, errcode="SYS-40400")


def test_head_office_reads_the_chain_a_region_or_one_store(chain, staff, head_office):
    assert assert_envelope(_show(head_office), status=200)["total"] == 4
    assert assert_envelope(_show(head_office, regionId=chain["region"].pk), status=200)["total"] == 4
    assert assert_envelope(_show(head_office, storeId=chain["other_store"].pk), status=200)["total"] == 1
    assert_envelope(_show(head_office, regionId=chain["store"].pk), status=404, errcode="SYS-40400")


@pytest.mark.parametrize(
    ("params", "field", "en", "zh"),
    [
        ({"from": ""}, "from", "please enter start time", "请输入开始时间"),
        ({"to": ""}, "to", "please enter end time", "请输入结束时间"),
        ({"from": "2026-03-31", "to": "2026-03-01"}, "to", "please choose a suitable end time", "请选择合适的结束时间"),
        ({"from": "2026-01-01", "to": "2026-03-31"}, "to", "selected time exceeds range", "所选时间超出范围"),
    ],
)
def test_a_time_range_is_checked_with_the_spec_messages(staff, reader, params, field, en, zh):
    for language, message in (("en", en), ("zh-hans", zh)):
        response = _show(reader, language=language, **params)
        assert_envelope(response, status=400, errcode="VALID-40000")
        assert response.json()["errmsg"] == message
        assert response.json()["data"]["fields"] == {field: [message]}


def test_an_unknown_report_answers_404(reader):
    assert_envelope(reader.get("/rest/businessReportNoSuchReport/select"), status=404, errcode="SYS-40400")


def test_a_report_with_a_page_code_needs_that_code(chain, staff, reader, make_entry):
    assert_envelope(_show(reader, key="TestCodedRoster"), status=403, errcode="AUTH-40300")
    coded = api_client(entry=make_entry(chain["store"], codes=["SMSA-0001"]))
    assert assert_envelope(_show(coded, key="TestCodedRoster"), status=200)["total"] == 3


def test_own_figures_are_open_to_an_employee_for_their_own_rows_only(chain, staff, make_entry):
    entry = make_entry(chain["store"], codes=["BTN-UNRELATED"], kind="store_employee")
    staff[2].user = entry.user
    staff[2].save()
    nurse = api_client(entry=entry)
    data = assert_envelope(_show(nurse, key="TestOwnRoster", staffId=staff[0].pk), status=200)
    assert [row["name"] for row in data["list"]] == ["Bo"]
    select = assert_envelope(nurse.get("/rest/businessReportTestOwnRoster/select"), status=200)
    assert [person["name"] for person in select["staff"]] == ["Bo"]
    assert select["ownFigures"] is True
    assert_envelope(_show(nurse), status=403, errcode="AUTH-40300")


def test_own_figures_refuse_a_caller_who_is_no_employee_of_the_store(chain, staff, make_entry):
    stranger = api_client(entry=make_entry(chain["store"], codes=["BTN-UNRELATED"]))
    assert_envelope(_show(stranger, key="TestOwnRoster"), status=403, errcode="AUTH-40300")


def test_segment_and_category_are_offered_and_checked_where_the_report_filters_by_them(staff, reader):
    category = ProductCategoryFactory()
    data = assert_envelope(reader.get("/rest/businessReportTestSegmentedRoster/select"), status=200)
    assert [segment["value"] for segment in data["segments"]] == ["new", "returning", "lapsed"]
    assert {"id": category.pk, "name": category.name, "kind": category.kind} in data["categories"]
    assert "staff" not in data and "regions" not in data
    key = "TestSegmentedRoster"
    assert assert_envelope(_show(reader, key=key, segment="new", categoryId=category.pk), status=200)["total"] == 3
    assert_envelope(_show(reader, key=key, segment="vip"), status=400, errcode="VALID-40000")
    assert_envelope(_show(reader, key=key, categoryId=category.pk + 1000), status=404, errcode="SYS-40400")
    # A report that does not filter by segment ignores one.
    assert assert_envelope(_show(reader, segment="vip"), status=200)["total"] == 3
