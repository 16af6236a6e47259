import pytest
from django.db import DatabaseError, connection, transaction

from apps.core.append_only import AppendOnlyError
from apps.core.audit import Actor, actor_from_request, audit_record
from apps.core.models import SystemLog

pytestmark = pytest.mark.django_db


def test_record_keeps_who_role_store_action_object_and_ip(chain):
    actor = Actor(
        user_id=7,
        login_name="SY00007",
        role_name="店长",
        store_id=chain["store"].pk,
        store_name="Store A",
        ip_address="10.1.2.3",
    )
    entry = audit_record(actor=actor, action="test.done", target=chain["store"], detail={"why": "testing"})
    entry.refresh_from_db()
    assert (entry.login_name, entry.role_name, entry.store_name, entry.ip_address) == (
        "SY00007",
        "店长",
        "Store A",
        "10.1.2.3",
    )
    assert (entry.object_type, entry.object_id, entry.object_repr) == ("org.orgunit", str(chain["store"].pk), "Store A")
    assert entry.detail == {"why": "testing"} and entry.created_at is not None


def test_an_entry_cannot_be_changed_or_deleted_through_the_orm(chain):
    entry = audit_record(actor=Actor(login_name="x"), action="test.done")
    entry.action = "rewritten"
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        SystemLog.objects.filter(pk=entry.pk).update(action="rewritten")
    with pytest.raises(AppendOnlyError):
        SystemLog.objects.all().delete()
    assert SystemLog.objects.get(pk=entry.pk).action == "test.done"


def test_postgresql_refuses_raw_updates_and_deletes():
    entry = audit_record(actor=Actor(login_name="x"), action="test.done")
    for statement in (
        "UPDATE core_systemlog SET action = 'x' WHERE id = %s",
        "DELETE FROM core_systemlog WHERE id = %s",
    ):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement, [entry.pk])
    assert SystemLog.objects.filter(pk=entry.pk, action="test.done").exists()


def test_actor_of_an_anonymous_request_keeps_only_the_address(rf):
    request = rf.get("/", REMOTE_ADDR="192.0.2.9")
    from django.contrib.auth.models import AnonymousUser

    request.user = AnonymousUser()
    assert actor_from_request(request) == Actor(ip_address="192.0.2.9")
