"""Query shapes (apps.core.query_shapes): the ORM's own statement, built once per shape, answering the
same models as the queryset; several read in one statement, locks in the order given."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, connections, transaction
from django.db.models import Count, OuterRef, QuerySet, Subquery
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.accounts.tests.factories import UserFactory
from apps.core.models import SystemLog
from apps.core.query_shapes import QueryShape, read_together
from apps.org.models import OrgUnit
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db


def _logs(user_id: int, after, actions: list[str]) -> QuerySet[SystemLog]:
    return SystemLog.objects.filter(user_id=user_id, created_at__gt=after, action__in=actions).order_by("-id")


LOGS = QueryShape(_logs)


def _log(action: str, user_id: int | None = None, **detail) -> SystemLog:
    return SystemLog.objects.create(
        action=action, user_id=user_id, login_name="t", created_at=timezone.now(), detail=detail or {"n": 1}
    )


def _fields(entry: SystemLog) -> dict:
    return {field.attname: getattr(entry, field.attname) for field in SystemLog._meta.concrete_fields}


def test_a_shape_answers_the_querysets_models_with_the_orms_own_statement():
    user = UserFactory()
    before = timezone.now() - timedelta(minutes=1)
    made = [_log("a", user.pk, price=1.5, keys={"zz": 1, "a": [1, 2]}), _log("b", user.pk), _log("c")]
    with CaptureQueriesContext(connection) as by_orm:
        expected = list(_logs(user.pk, before, ["a", "b", "c"]))
    with CaptureQueriesContext(connection) as by_shape:
        found = LOGS.rows(user_id=user.pk, after=before, actions=["a", "b", "c"])
    assert [_fields(entry) for entry in found] == [_fields(entry) for entry in expected]
    assert [entry.pk for entry in found] == [made[1].pk, made[0].pk]
    assert by_shape.captured_queries[0]["sql"] == by_orm.captured_queries[0]["sql"]


def test_the_values_of_a_later_call_are_its_own():
    first, second = UserFactory(), UserFactory()
    _log("a", first.pk)
    _log("b", second.pk)
    before = timezone.now() - timedelta(minutes=1)
    assert [e.action for e in LOGS.rows(user_id=first.pk, after=before, actions=["a", "b"])] == ["a"]
    assert [e.action for e in LOGS.rows(user_id=second.pk, after=before, actions=["a", "b"])] == ["b"]
    assert LOGS.rows(user_id=second.pk, after=timezone.now() + timedelta(minutes=1), actions=["a", "b"]) == []


def test_an_empty_list_sends_no_statement():
    with CaptureQueriesContext(connection) as captured:
        assert LOGS.rows(user_id=1, after=timezone.now(), actions=[]) == []
    assert len(captured) == 0


def test_a_value_that_does_not_reach_the_statement_as_given_is_refused_at_once():
    searched = QueryShape(lambda name: SystemLog.objects.filter(action__icontains=name))
    with pytest.raises(TypeError, match="do not reach the statement"):
        searched.rows(name="x")


def _stores_with_children(parent_id: int) -> QuerySet[OrgUnit]:
    children = OrgUnit.objects.filter(parent_id=OuterRef("pk")).values("parent_id").annotate(n=Count("id")).values("n")
    return OrgUnit.objects.select_related("parent").filter(pk=parent_id).annotate(child_count=Subquery(children))


def test_read_together_answers_each_shape_as_it_alone_would_in_one_statement():
    user = UserFactory()
    store = StoreFactory()
    _log("a", user.pk, price=2.1, keys={"b": {"c": [1, "x"]}, "a": None})
    before = timezone.now() - timedelta(minutes=1)
    stores = QueryShape(_stores_with_children)
    with CaptureQueriesContext(connection) as captured:
        logs, found_stores, none = read_together(
            (LOGS, {"user_id": user.pk, "after": before, "actions": ["a"]}),
            (stores, {"parent_id": store.parent_id}),
            (LOGS, {"user_id": user.pk, "after": before, "actions": []}),
        )
    assert len(captured) == 1
    assert [_fields(entry) for entry in logs] == [_fields(entry) for entry in _logs(user.pk, before, ["a"])]
    stored = SystemLog.objects.get(pk=logs[0].pk)
    assert logs[0].detail == stored.detail and logs[0].detail["price"] == 2.1
    assert logs[0].detail["keys"] == {"b": {"c": [1, "x"]}, "a": None}
    assert logs[0].created_at == stored.created_at
    [parent] = found_stores
    alone = _stores_with_children(store.parent_id).get()
    assert parent.child_count == alone.child_count >= 1 and parent.name == alone.name
    assert none == []


@pytest.mark.django_db(transaction=True)
def test_a_lock_read_outside_a_transaction_is_refused():
    locked = QueryShape(lambda user_id: SystemLog.objects.select_for_update().filter(user_id=user_id))
    with pytest.raises(TransactionManagementError):
        locked.rows(user_id=1)


LOCKED_STORE = QueryShape(lambda store_id: OrgUnit.objects.select_for_update(no_key=True).filter(pk=store_id))


@pytest.mark.django_db(transaction=True)
def test_a_lock_read_together_holds_the_row_until_the_transaction_ends():
    store = StoreFactory()
    taken, released = threading.Event(), threading.Event()
    waited: list[bool] = []

    def holder() -> None:
        try:
            with transaction.atomic():
                read_together((LOCKED_STORE, {"store_id": store.pk}))
                taken.set()
                released.wait(10)
        finally:
            connections.close_all()

    def waiter() -> None:
        try:
            taken.wait(10)
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '200ms'")
                try:
                    LOCKED_STORE.rows(store_id=store.pk)
                    waited.append(False)
                except Exception:
                    waited.append(True)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=holder), threading.Thread(target=waiter)]
    for thread in threads:
        thread.start()
    threads[1].join(15)
    released.set()
    threads[0].join(15)
    assert waited == [True]
