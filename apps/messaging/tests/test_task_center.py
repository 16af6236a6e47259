"""The task centre through HTTP (spec §7.9: the bell's count, then the first unread task)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.core.testing import assert_envelope, assert_list_queries_constant
from apps.messaging.choices import TaskType
from apps.messaging.models import TaskRead
from apps.messaging.tests.factories import TaskFactory
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db

COUNT = "/rest/taskCenterRest/searchCountMsgStore"
SEARCH = "/rest/taskCenterRest/searchTaskStore"
DETAIL = "/rest/taskCenterRest/getTaskDetailStore"
BATCH_READ = "/rest/taskCenterRest/batchReadTaskStore"


@pytest.fixture
def store_entry(chain, make_entry):
    # Tasks need no page code (spec §2.2 "none"): any chosen role of the store.
    return make_entry(chain["store"])


@pytest.fixture
def store_client(store_entry):
    return api_client(entry=store_entry)


def unread_count(client, **params) -> int:
    return assert_envelope(client.get(COUNT, {"isRead": "false", **params}), status=200)


def listed_ids(client, **params) -> list[int]:
    return [row["id"] for row in assert_envelope(client.get(SEARCH, params), status=200)["list"]]


def test_the_bell_counts_unread_tasks_and_the_first_page_of_one_is_the_newest(chain, store_client):
    older = TaskFactory(store=chain["store"], msg_name="Arrears of March", type=TaskType.ARREARS_NOTICE)
    newer = TaskFactory(store=chain["store"], msg_name="Goods order to pay", amount=Decimal("3280.5"))
    TaskFactory(store=chain["other_store"])
    assert unread_count(store_client) == 2
    data = assert_envelope(store_client.get(SEARCH, {"pageNo": 1, "pageSize": 1, "isRead": "false"}), status=200)
    assert data["total"] == 2
    (row,) = data["list"]
    assert row == {
        "id": newer.pk,
        "type": TaskType.PAYMENT_NOTICE,
        "typeName": "payment notice",
        "msgName": "Goods order to pay",
        "amount": "3280.50",
        "dueDate": newer.due_date.isoformat(),
        "createdAt": row["createdAt"],
        "isRead": False,
    }
    assert row["createdAt"].endswith("+08:00")
    assert listed_ids(store_client, type=TaskType.ARREARS_NOTICE) == [older.pk]


def test_a_task_without_amount_or_due_date_answers_nulls(chain, store_client):
    TaskFactory(store=chain["store"], amount=None, due_date=None)
    (row,) = assert_envelope(store_client.get(SEARCH), status=200)["list"]
    assert (row["amount"], row["dueDate"]) == (None, None)


def test_opening_a_task_marks_it_read(chain, store_client):
    task = TaskFactory(store=chain["store"], content="Pay by Friday.")
    TaskFactory(store=chain["store"])
    data = assert_envelope(store_client.get(DETAIL, {"id": task.pk}), status=200)
    assert (data["content"], data["storeId"], data["storeName"], data["isRead"]) == (
        "Pay by Friday.",
        chain["store"].pk,
        "Store A",
        True,
    )
    assert unread_count(store_client) == 1
    assert unread_count(store_client, isRead="true") == 1
    assert listed_ids(store_client, isRead="true") == [task.pk]


def test_batch_read_marks_tasks_read_once(chain, store_client):
    tasks = TaskFactory.create_batch(3, store=chain["store"])
    ids = [task.pk for task in tasks[:2]]
    response = store_client.post(BATCH_READ, {"ids": ids}, format="json")
    assert assert_envelope(response, status=200) == {"marked": 2}
    assert response.json()["errmsg"] == "marked as read"
    assert unread_count(store_client) == 1
    assert assert_envelope(store_client.post(BATCH_READ, {"ids": ids}, format="json"), status=200) == {"marked": 0}


def test_another_stores_task_answers_404_and_nothing_is_marked(chain, store_client):
    mine = TaskFactory(store=chain["store"])
    theirs = TaskFactory(store=chain["other_store"])
    assert_envelope(store_client.get(DETAIL, {"id": theirs.pk}), status=404, errcode="SYS-40400")
    response = store_client.post(BATCH_READ, {"ids": [mine.pk, theirs.pk]}, format="json")
    assert_envelope(response, status=404, errcode="SYS-40400")
    assert not TaskRead.objects.exists()


def test_a_store_outside_the_role_answers_404(chain, store_client):
    TaskFactory(store=chain["other_store"])
    for url in (COUNT, SEARCH):
        assert_envelope(store_client.get(url, {"storeId": chain["other_store"].pk}), status=404, errcode="SYS-40400")


def test_a_region_role_sees_the_tasks_of_its_stores_and_narrows_to_one(chain, make_entry):
    client = api_client(entry=make_entry(chain["region"]))
    mine = TaskFactory(store=chain["store"])
    theirs = TaskFactory(store=chain["other_store"])
    TaskFactory(store=StoreFactory())  # another region's store
    assert set(listed_ids(client)) == {mine.pk, theirs.pk}
    assert listed_ids(client, storeId=chain["other_store"].pk) == [theirs.pk]
    assert unread_count(client, storeId=chain["store"].pk) == 1


def test_tasks_page_and_refuse_a_page_size_above_200(chain, store_client):
    TaskFactory.create_batch(5, store=chain["store"])
    page = assert_envelope(store_client.get(SEARCH, {"pageNo": 2, "pageSize": 3}), status=200)
    assert (page["total"], len(page["list"])) == (5, 2)
    data = assert_envelope(store_client.get(SEARCH, {"pageSize": 201}), status=400, errcode="VALID-40000")
    assert "pageSize" in data["fields"]


def test_task_search_queries_do_not_grow_with_tasks(chain, store_entry, store_client):
    def add_rows(n: int) -> None:
        for number, task in enumerate(TaskFactory.create_batch(n, store=chain["store"])):
            if number % 2:
                TaskRead.objects.create(user=store_entry.user, task=task)

    count = assert_list_queries_constant(store_client, SEARCH, add_rows, params={"pageSize": 100})
    assert assert_envelope(store_client.get(SEARCH, {"pageSize": 100}), status=200)["total"] == 50
    assert count <= 3, f"searchTaskStore made {count} queries"


def test_newest_task_is_first(chain, store_client):
    old = TaskFactory(store=chain["store"])
    type(old).objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=1))
    new = TaskFactory(store=chain["store"])
    assert listed_ids(store_client) == [new.pk, old.pk]
