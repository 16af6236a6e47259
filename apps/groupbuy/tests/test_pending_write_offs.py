"""Write-offs the platform did not answer (contract §9, GB-40905): the consume timed out and the
query found no platform to ask, so the record waits pending, holding its code; `resolve_pending`
(Celery beat) and `manage.py poll_write_offs --once` ask the platform again and finish it, done when
the platform has the write-off, failed (the code free again) when it has not.

The pending situation is made as it happens: a private fake Meituan answers a slow code's consume
after 3 s while the adapter gives up after 1 s, and the fake goes away while the consume hangs, so
the query after the timeout reaches nobody; the platform then comes back (the same coupon book on a
new port)."""

from __future__ import annotations

import io
import threading
import time
import uuid

import pytest
from django.core.management import call_command

from apps.accounts.testing import api_client
from apps.catalog.tests.factories import ProjectFactory
from apps.core.audit import SYSTEM_ACTOR
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope
from apps.groupbuy.fakes import FakeMeituan
from apps.groupbuy.models import WriteOff
from apps.groupbuy.write_offs import resolve_pending
from apps.members.tests.factories import MemberFactory
from apps.payments.fakes.httpfake import FakeHttpServer

from .factories import MEITUAN
from .helpers import SLOW, new_code

BOARD = code_of("/orderBoard")


@pytest.fixture
def meituan(settings):
    """A fake Meituan of this test alone (the adapter's timeout 1 s, a slow code's answer after 3 s)."""
    fake = FakeMeituan(slow_seconds=3.0).start()
    state = {"fake": fake, "running": True}

    def point_at_it() -> None:
        settings.GROUPBUY_PLATFORMS = {"meituan": {**fake.settings_entry(), "timeout_seconds": "1"}}

    def gone_during_consume() -> threading.Thread:
        """Stops the fake as soon as it is asked to consume (its answer never comes)."""

        def watch() -> None:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                if any(path.endswith("/consume") for path in fake.requests):
                    fake.stop()
                    state["running"] = False
                    return
                time.sleep(0.01)

        thread = threading.Thread(target=watch, daemon=True)
        thread.start()
        return thread

    def back() -> None:
        """The platform answers again: the same coupons, on a new port."""
        fake.server = FakeHttpServer(fake._app)
        fake.start()
        state["running"] = True
        point_at_it()

    point_at_it()
    fake.point_at_it, fake.gone_during_consume, fake.back = point_at_it, gone_during_consume, back
    yield fake
    if state["running"]:
        fake.stop()


def write_off_body(code, project):
    return {
        "platformType": 1,
        "platformId": MEITUAN,
        "checkCode": code,
        "phone": "13912345678",
        "commodityType": "project",
        "commodityId": project.pk,
    }


@pytest.mark.django_db(transaction=True)
def test_an_unanswered_write_off_waits_pending_and_the_poller_finishes_it(store, make_entry, fixed_platforms, meituan):
    desk = api_client(entry=make_entry(store, codes=[BOARD]))
    code = new_code(SLOW)
    watcher = meituan.gone_during_consume()
    response = desk.post(
        "/rest/groupPurchasing/writeOffReview",
        write_off_body(code, ProjectFactory()),
        format="json",
        HTTP_IDEMPOTENCY_KEY="pending-1",
    )
    watcher.join()
    data = assert_envelope(response, status=409, errcode="GB-40905")
    record = WriteOff.objects.get(code=code)
    assert data == {"recordId": record.pk} and record.status == "pending"
    listed = assert_envelope(desk.get("/rest/groupPurchasing/records"), status=200)["list"]
    assert [(row["id"], row["status"]) for row in listed] == [(record.pk, "pending")]
    # the code is held while pending: a second till is refused before any platform is asked
    again = desk.post("/rest/groupPurchasing/writeOffReview", write_off_body(code, ProjectFactory()), format="json")
    assert_envelope(again, status=409, errcode="GB-40901")

    # still no platform: the poller leaves it pending
    assert resolve_pending(actor=SYSTEM_ACTOR, older_than_seconds=0) == 0
    assert WriteOff.objects.get(pk=record.pk).status == "pending"

    meituan.back()
    out = io.StringIO()
    call_command("poll_write_offs", "--once", "--older-than", "0", stdout=out)
    assert out.getvalue().strip() == "finished 1"
    record.refresh_from_db()
    assert record.status == "done" and record.done_at is not None
    assert record.consumed["request_id"] == record.request_id


@pytest.mark.django_db(transaction=True)
def test_a_write_off_left_pending_before_its_consume_fails_when_the_platform_has_none(store, fixed_platforms, meituan):
    """A till that died between the two steps (the record written, the platform never asked)."""
    code = new_code()
    record = WriteOff.objects.create(
        platform=fixed_platforms[MEITUAN],
        code=code,
        store=store,
        member=MemberFactory(home_store=store),
        area_code="0086",
        phone="13912345678",
        status="pending",
        request_id=uuid.uuid4().hex,
    )
    assert resolve_pending(actor=SYSTEM_ACTOR) == 0  # younger than two minutes: not asked yet
    assert meituan.requests == []
    assert resolve_pending(actor=SYSTEM_ACTOR, older_than_seconds=0) == 1
    record.refresh_from_db()
    assert record.status == "failed"
    assert record.message == "the platform did not answer and has no write-off of the code"
    assert meituan.book.of_code(code) == []
