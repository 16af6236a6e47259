"""The message centre through HTTP (spec §7.1, §4 forced notice and message count)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.core.audit import SYSTEM_ACTOR
from apps.core.testing import assert_envelope, assert_list_queries_constant
from apps.messaging.models import Message, MessageRead
from apps.messaging.services import message_save
from apps.messaging.tests.factories import MessageFactory, MessageTypeFactory, published_message
from apps.org.tests.factories import StoreFactory

pytestmark = pytest.mark.django_db

MESSAGE_CENTRE = ["XXZX-0001"]
SEARCH = "/rest/messageCenter/searchMsg"
COUNT = "/rest/messageCenter/searchCountMsg"
DETAIL = "/rest/messageCenter/getMsgDetail"
BATCH_READ = "/rest/messageCenter/batchReadMsg"
MANDATORY = "/rest/messageCenter/getMandatoryShowMsg"


@pytest.fixture
def store_entry(chain, make_entry):
    return make_entry(chain["store"], codes=MESSAGE_CENTRE)


@pytest.fixture
def store_client(store_entry):
    return api_client(entry=store_entry)


def listed_ids(client, **params) -> list[int]:
    data = assert_envelope(client.get(SEARCH, params), status=200)
    return [row["id"] for row in data["list"]]


def unread_count(client, **params) -> int:
    return assert_envelope(client.get(COUNT, {"isRead": 2, **params}), status=200)


def test_message_types_are_listed_in_their_order(store_client):
    second = MessageTypeFactory(name="Training", sort_order=2)
    first = MessageTypeFactory(name="Announcement", sort_order=1)
    data = assert_envelope(store_client.get("/rest/messageCenter/findMsgType"), status=200)
    assert data == [{"id": first.pk, "name": "Announcement"}, {"id": second.pk, "name": "Training"}]


def test_a_store_sees_messages_to_itself_and_to_every_level_above_it(chain, store_client):
    to_store = published_message(chain["store"])
    to_region = published_message(chain["region"])
    to_head_office = published_message(chain["head_office"])
    to_other_store = published_message(chain["other_store"])
    to_other_region = published_message(StoreFactory().parent)
    ids = listed_ids(store_client)
    assert set(ids) == {to_store.pk, to_region.pk, to_head_office.pk}
    assert to_other_store.pk not in ids and to_other_region.pk not in ids


def test_a_message_to_several_levels_is_listed_once(chain, store_client):
    message = published_message(chain["store"], chain["region"], chain["head_office"])
    data = assert_envelope(store_client.get(SEARCH), status=200)
    assert [row["id"] for row in data["list"]] == [message.pk]
    assert data["total"] == 1


def test_drafts_and_messages_scheduled_for_later_are_invisible(chain, store_client):
    draft = MessageFactory(audience=[chain["store"]])
    later = Message(msg_name="Tomorrow", type=MessageTypeFactory(), publish_at=timezone.now() + timedelta(days=1))
    message_save(actor=SYSTEM_ACTOR, message=later)
    later.audience.set([chain["store"]])
    assert listed_ids(store_client) == []
    assert unread_count(store_client) == 0
    for message in (draft, later):
        assert_envelope(store_client.get(DETAIL, {"id": message.pk}), status=404, errcode="SYS-40400")


def test_search_answers_rows_newest_first_with_the_spec_fields(chain, store_client):
    kind = MessageTypeFactory(name="Announcement")
    older = published_message(chain["store"], msg_name="Older", type=kind, pushed_ago=timedelta(hours=2))
    newer = published_message(chain["region"], msg_name="Newer", type=kind, mandatory=True, show_time=5)
    data = assert_envelope(store_client.get(SEARCH), status=200)
    assert data["total"] == 2
    assert [row["id"] for row in data["list"]] == [newer.pk, older.pk]
    row = data["list"][0]
    assert set(row) == {
        "id",
        "msgName",
        "msgType",
        "msgTypeName",
        "pushTime",
        "pushUserName",
        "insertTime",
        "isRead",
        "mandatory",
    }
    assert (row["msgName"], row["msgType"], row["msgTypeName"]) == ("Newer", kind.pk, "Announcement")
    assert (row["isRead"], row["mandatory"], row["pushUserName"]) == (False, True, "System")
    assert row["pushTime"].endswith("+08:00") and row["insertTime"].endswith("+08:00")


def test_search_filters_by_read_state_type_and_title(chain, store_client):
    notices, training = MessageTypeFactory(name="Notices"), MessageTypeFactory(name="Training")
    read = published_message(chain["store"], msg_name="Spring promotion", type=notices)
    unread = published_message(chain["store"], msg_name="Scalp care course", type=training)
    assert_envelope(store_client.post(BATCH_READ, {"ids": [read.pk]}, format="json"), status=200)
    assert listed_ids(store_client, isRead=1) == [read.pk]
    assert listed_ids(store_client, isRead=2) == [unread.pk]
    assert listed_ids(store_client, msgType=training.pk) == [unread.pk]
    assert listed_ids(store_client, keyword="PROMO") == [read.pk]
    assert set(listed_ids(store_client, isRead="", msgType="", keyword="")) == {read.pk, unread.pk}


def test_search_pages_and_refuses_a_page_size_above_200(chain, store_client):
    for ago in range(5):
        published_message(chain["store"], pushed_ago=timedelta(minutes=ago + 1))
    first = assert_envelope(store_client.get(SEARCH, {"pageNo": 1, "pageSize": 2}), status=200)
    third = assert_envelope(store_client.get(SEARCH, {"pageNo": 3, "pageSize": 2}), status=200)
    assert (first["total"], len(first["list"]), len(third["list"])) == (5, 2, 1)
    data = assert_envelope(store_client.get(SEARCH, {"pageSize": 201}), status=400, errcode="VALID-40000")
    assert "pageSize" in data["fields"]


def test_search_queries_do_not_grow_with_messages(chain, store_entry, store_client):
    def add_rows(n: int) -> None:
        for number, message in enumerate(MessageFactory.create_batch(n, published=True, audience=[chain["store"]])):
            if number % 2:
                MessageRead.objects.create(user=store_entry.user, message=message)

    count = assert_list_queries_constant(store_client, SEARCH, add_rows, params={"pageSize": 100})
    assert assert_envelope(store_client.get(SEARCH, {"pageSize": 100}), status=200)["total"] == 50
    assert count <= 3, f"searchMsg made {count} queries"


def test_opening_a_message_marks_it_read_and_lowers_the_unread_count(chain, store_client):
    first = published_message(chain["store"], graphic_description="<p>Read <em>me</em></p>", show_time=3)
    published_message(chain["head_office"])
    assert unread_count(store_client) == 2
    data = assert_envelope(store_client.get(DETAIL, {"id": first.pk}), status=200)
    assert data["graphicDescription"] == "<p>Read <em>me</em></p>"
    assert (data["id"], data["showTime"], data["isRead"]) == (first.pk, 3, True)
    assert unread_count(store_client) == 1
    assert unread_count(store_client, isRead=1) == 1
    assert listed_ids(store_client, isRead=1) == [first.pk]


def test_batch_read_marks_messages_read_once(chain, store_client):
    messages = [published_message(chain["store"]) for _ in range(3)]
    ids = [message.pk for message in messages[:2]]
    response = store_client.post(BATCH_READ, {"ids": ids}, format="json")
    assert assert_envelope(response, status=200) == {"marked": 2}
    assert response.json()["errmsg"] == "marked as read"
    assert unread_count(store_client) == 1
    again = store_client.post(BATCH_READ, {"ids": ids}, format="json")
    assert assert_envelope(again, status=200) == {"marked": 0}
    assert MessageRead.objects.count() == 2


def test_read_state_belongs_to_each_user(chain, make_entry, store_client):
    message = published_message(chain["store"])
    assert_envelope(store_client.post(BATCH_READ, {"ids": [message.pk]}, format="json"), status=200)
    colleague = api_client(entry=make_entry(chain["store"], codes=MESSAGE_CENTRE))
    assert unread_count(colleague) == 1
    assert unread_count(store_client) == 0


def test_another_stores_message_answers_404_and_nothing_is_marked(chain, store_client):
    mine = published_message(chain["store"])
    theirs = published_message(chain["other_store"])
    assert_envelope(store_client.get(DETAIL, {"id": theirs.pk}), status=404, errcode="SYS-40400")
    response = store_client.post(BATCH_READ, {"ids": [mine.pk, theirs.pk]}, format="json")
    assert_envelope(response, status=404, errcode="SYS-40400")
    assert not MessageRead.objects.exists()


def test_a_department_outside_the_role_answers_404(chain, store_client):
    published_message(chain["other_store"])
    for url in (SEARCH, COUNT, MANDATORY):
        response = store_client.get(url, {"departmentId": chain["other_store"].pk})
        assert_envelope(response, status=404, errcode="SYS-40400")


def test_a_head_office_role_reads_its_level_by_default_and_a_store_beneath_on_request(chain, make_entry):
    client = api_client(entry=make_entry(chain["head_office"], codes=MESSAGE_CENTRE))
    to_head_office = published_message(chain["head_office"])
    to_store = published_message(chain["store"])
    assert listed_ids(client) == [to_head_office.pk]
    assert set(listed_ids(client, departmentId=chain["store"].pk)) == {to_head_office.pk, to_store.pk}
    assert unread_count(client, departmentId=chain["store"].pk) == 2
    assert listed_ids(client, departmentId=chain["head_office"].pk) == [to_head_office.pk]


def test_mandatory_notice_comes_back_until_read_then_the_next_one(chain, make_entry):
    # Any chosen role sees and acknowledges the forced notice: it is shown on every page.
    client = api_client(entry=make_entry(chain["store"], codes=[]))
    published_message(chain["store"], msg_name="Ordinary")
    oldest = published_message(
        chain["head_office"],
        msg_name="System upgrade",
        mandatory=True,
        show_time=10,
        graphic_description="<p>Upgrade on <b>Sunday</b></p>",
        pushed_ago=timedelta(hours=3),
    )
    newer = published_message(chain["region"], msg_name="Region rules", mandatory=True, show_time=5)
    notice = assert_envelope(client.get(MANDATORY), status=200)
    assert notice == {
        "id": oldest.pk,
        "msgName": "System upgrade",
        "graphicDescription": "<p>Upgrade on <b>Sunday</b></p>",
        "showTime": 10,
    }
    assert assert_envelope(client.get(MANDATORY), status=200)["id"] == oldest.pk
    assert_envelope(client.post(BATCH_READ, {"ids": [oldest.pk]}, format="json"), status=200)
    assert assert_envelope(client.get(MANDATORY), status=200)["id"] == newer.pk
    assert_envelope(client.post(BATCH_READ, {"ids": [newer.pk]}, format="json"), status=200)
    assert assert_envelope(client.get(MANDATORY), status=200) is None
    assert unread_count(client) == 1


def test_mandatory_notice_of_another_store_is_not_shown(chain, store_client):
    published_message(chain["other_store"], mandatory=True, show_time=5)
    assert assert_envelope(store_client.get(MANDATORY), status=200) is None


def test_count_and_mandatory_calls_need_only_a_chosen_role_but_the_list_needs_its_code(chain, make_entry):
    client = api_client(entry=make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000"]))
    published_message(chain["store"])
    assert unread_count(client) == 1
    assert_envelope(client.get(MANDATORY), status=200)
    assert_envelope(client.get(SEARCH), status=403, errcode="AUTH-40300")
    assert_envelope(client.get("/rest/messageCenter/findMsgType"), status=403, errcode="AUTH-40300")


def test_batch_read_refuses_an_empty_or_malformed_id_list(store_client):
    for body in ({}, {"ids": []}, {"ids": ["x"]}):
        assert_envelope(store_client.post(BATCH_READ, body, format="json"), status=400, errcode="VALID-40000")


def test_detail_without_an_id_is_a_validation_error(store_client):
    data = assert_envelope(store_client.get(DETAIL), status=400, errcode="VALID-40000")
    assert "id" in data["fields"]
