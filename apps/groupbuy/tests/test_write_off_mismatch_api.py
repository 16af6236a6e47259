"""A platform whose word on a write-off names another price or deal than it offered for the code
(decision 0020, "the platform's amounts"): the consume's answer (Meituan, Channels) or the query's after
an unanswered consume (Douyin) is checked against what `prepare` reported and the record keeps. A
difference is never taken: 409 GB-40906, the record failed with the platform's answer kept, no order,
the system log, and a task in the store's task centre for a person to settle it with the platform."""

from __future__ import annotations

import pytest

from apps.core.models import SystemLog
from apps.groupbuy.choices import AuditAction
from apps.groupbuy.models import WriteOff
from apps.messaging.choices import TaskType
from apps.messaging.models import Task

from .factories import CHANNELS, DOUYIN, MEITUAN
from .helpers import SLOW, new_code
from .test_platform_scenarios_api import BOARD, CASHIER, PLATFORMS, write_off

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def entry(store, make_entry):
    return make_entry(store, codes=[BOARD, CASHIER])


def assert_not_taken_and_a_task_raised(response, code, *, said: str) -> WriteOff:
    body = response.json()
    assert response.status_code == 409 and body["errcode"] == "GB-40906", body
    assert "not taken" in body["errmsg"]
    record = WriteOff.objects.get(code=code)
    assert record.status == "failed" and record.order_id is None and record.done_at is None
    assert record.consumed is not None  # what a cancellation at the platform needs
    assert body["data"]["recordId"] == record.pk
    assert SystemLog.objects.filter(action=AuditAction.WRITE_OFF_MISMATCHED, object_id=str(record.pk)).count() == 1
    task = Task.objects.get(type=TaskType.GROUP_BUY_MISMATCH, store=record.store)
    assert code in task.msg_name and code in task.content and said in task.content
    return record


@pytest.mark.parametrize("platform_id", [MEITUAN, CHANNELS])
def test_a_consume_answered_at_another_price_is_not_taken_and_raises_a_task(
    entry, store, fixed_platforms, platform_accounts, platform_id
):
    code = new_code()
    fake = platform_accounts[PLATFORMS[platform_id][2]]
    with fake.misreporting(price_cents=1):
        response = write_off(entry, platform_id, code, key=f"gb-mm-{platform_id}")
    record = assert_not_taken_and_a_task_raised(response, code, said="0.01")
    assert record.deal_price is not None and f"{record.deal_price:.2f}" in record.message


def test_a_query_after_an_unanswered_verify_naming_another_deal_is_not_taken(
    entry, store, fixed_platforms, platform_accounts
):
    code = new_code(SLOW)  # Douyin's verify answers after the adapter's timeout: the verify records are asked
    with platform_accounts["douyin"].misreporting(deal_id="100777"):
        response = write_off(entry, DOUYIN, code, key="gb-mm-dy")
    assert_not_taken_and_a_task_raised(response, code, said="100777")


def test_a_consume_answered_as_offered_is_taken(entry, store, fixed_platforms, platform_accounts):
    code = new_code()
    response = write_off(entry, MEITUAN, code, key="gb-mm-ok")
    assert response.status_code == 201, response.json()
    assert WriteOff.objects.get(code=code).status == "done"
    assert not Task.objects.filter(type=TaskType.GROUP_BUY_MISMATCH).exists()
