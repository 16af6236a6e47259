"""The replica router (apps.reports.routers): with a replica configured (here a second alias on the
same test database, as TEST MIRROR gives one), the summaries are read there; a request that may
write, or that wrote, reads on the primary; without a replica every read stays on the primary."""

from __future__ import annotations

import pytest
from django.db import DEFAULT_DB_ALIAS, connections
from django.http import HttpResponse
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.billing.models import Order
from apps.billing.tests.checkout_factories import product
from apps.reports.models import StoreDaySummary
from apps.reports.routers import REPLICA, PrimaryPinMiddleware, replica_reads
from apps.reports.summaries.drain import drain
from apps.reports.summaries.selectors import ensure_fresh, store_totals
from apps.reports.tests.summary_factories import sold

pytestmark = pytest.mark.django_db(transaction=True, databases=[DEFAULT_DB_ALIAS, REPLICA])


@pytest.fixture(scope="module", autouse=True)
def replica(django_db_setup, django_db_blocker):
    """A "replica" alias on the test database itself (committed rows are visible to both), there
    before each test's database access is set up."""
    with django_db_blocker.unblock():
        connections.settings[REPLICA] = dict(connections[DEFAULT_DB_ALIAS].settings_dict)
    yield REPLICA
    connections[REPLICA].close()
    del connections[REPLICA]
    del connections.settings[REPLICA]


def summary_reads(alias: str, action) -> int:
    with CaptureQueriesContext(connections[alias]) as queries:
        action()
    return sum("reports_" in query["sql"] for query in queries.captured_queries)


def served(method: str, view):
    request = getattr(RequestFactory(), method)("/rest/anything")
    return PrimaryPinMiddleware(lambda _request: HttpResponse(view()))(request)


def totals(store):
    today = timezone.localdate()
    return store_totals(stores=[store.pk], date_from=today, date_to=today)


def test_a_get_request_reads_the_summaries_on_the_replica(chain, replica):
    store = chain["store"]
    sold(store, product("30.00"))
    drain()
    read = lambda: served("get", lambda: str(totals(store)["net_sales"]))  # noqa: E731
    assert summary_reads(REPLICA, read) == 1
    assert summary_reads(DEFAULT_DB_ALIAS, read) == 0
    assert served("get", lambda: str(totals(store)["net_sales"])).content == b"30.00"


def test_a_post_requests_reads_stay_on_the_primary(chain, replica):
    store = chain["store"]
    sold(store, product("30.00"))
    drain()
    read = lambda: served("post", lambda: str(totals(store)["net_sales"]))  # noqa: E731
    assert summary_reads(REPLICA, read) == 0
    assert summary_reads(DEFAULT_DB_ALIAS, read) == 1


def test_a_get_request_that_wrote_reads_on_the_primary_from_then_on(chain, replica):
    store = chain["store"]
    sold(store, product("30.00"))
    drain()

    def write_then_read() -> str:
        StoreDaySummary.objects.filter(store_id=store.pk).update(orders=1)
        return str(totals(store)["orders"])

    assert summary_reads(REPLICA, lambda: served("get", write_then_read)) == 0


def test_report_reads_of_other_apps_go_to_the_replica_inside_replica_reads(chain, replica):
    sold(chain["store"], product("30.00"))

    def read() -> None:
        with replica_reads():
            assert Order.objects.count() == 1

    with CaptureQueriesContext(connections[REPLICA]) as queries:
        served("get", read)
    assert any("billing_order" in query["sql"] for query in queries.captured_queries)


def test_on_the_replica_a_report_does_not_drain_and_on_the_primary_it_does(chain, replica):
    store = chain["store"]
    sold(store, product("30.00"))
    assert served("get", lambda: str(ensure_fresh([store.pk]))).content == b"0"
    assert served("post", lambda: str(ensure_fresh([store.pk]))).content == b"1"
