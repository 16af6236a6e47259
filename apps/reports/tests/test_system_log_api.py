"""/sysLog (CZRZ-0001) over HTTP: the filters, the store scoping (another store's entries are never
shown), phones masked in the list and the export, the spec §5 time-range messages in both languages,
and the export's cap."""

from __future__ import annotations

import datetime
from io import BytesIO
from unittest import mock

import pytest
from django.utils import timezone
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.accounts.tests.factories import UserFactory
from apps.core import excel
from apps.core.audit import Actor, audit_record
from apps.core.role_codes import SYSTEM_LOG_VIEW
from apps.core.testing import assert_envelope, assert_queued_export
from apps.members.choices import AuditAction as MembersAction

pytestmark = pytest.mark.django_db

LIST = "/rest/sysLog/list"
EXPORT = "/rest/sysLog/export"
ACTIONS = "/rest/sysLog/actions"
STORES = "/rest/sysLog/stores"


def _today() -> datetime.date:
    return timezone.localdate()


def _range(**extra):
    today = _today().isoformat()
    return {"dateFrom": today, "dateTo": today, **extra}


def _log(store, *, login="SY00007", action="test.done", detail=None, role="店长", user=None, when=None):
    actor = Actor(
        user_id=user.pk if user else None,
        login_name=login,
        role_name=role,
        store_id=store.pk,
        store_name=store.name,
        ip_address="10.0.0.1",
    )
    if when is None:
        return audit_record(actor=actor, action=action, target=store, detail=detail)
    with mock.patch("django.utils.timezone.now", return_value=when):
        return audit_record(actor=actor, action=action, target=store, detail=detail)


@pytest.fixture
def reader(chain, make_entry):
    return make_entry(chain["store"], codes=[SYSTEM_LOG_VIEW.code])


@pytest.fixture
def client(reader):
    return api_client(entry=reader)


def test_the_list_shows_the_chosen_stores_entries_and_never_another_stores(client, chain):
    mine = _log(chain["store"])
    _log(chain["other_store"], login="SY00099")
    response = client.get(LIST, _range())
    body = assert_envelope(response, status=200)
    assert [row["id"] for row in body["list"]] == [mine.pk]
    assert body["total"] == 1


def test_naming_another_stores_id_answers_404(client, chain):
    _log(chain["other_store"])
    assert_envelope(client.get(LIST, _range(storeId=chain["other_store"].pk)), status=404, errcode="SYS-40400")


def test_a_head_office_role_sees_every_store_under_it_and_may_narrow_to_one(chain, make_entry):
    first, second = _log(chain["store"]), _log(chain["other_store"])
    head_office = api_client(entry=make_entry(chain["head_office"], codes=[SYSTEM_LOG_VIEW.code], kind="owner"))
    everything = assert_envelope(head_office.get(LIST, _range()), status=200)["list"]
    assert {row["id"] for row in everything} == {first.pk, second.pk}
    narrowed = assert_envelope(head_office.get(LIST, _range(storeId=chain["other_store"].pk)), status=200)
    assert [row["id"] for row in narrowed["list"]] == [second.pk]
    stores = assert_envelope(head_office.get(STORES), status=200)
    assert {store["id"] for store in stores} == {chain["store"].pk, chain["other_store"].pk}


def test_filters_by_who_role_action_and_object(client, chain):
    named = UserFactory(login_name="SY00321", nickname="Wang Fang")
    by_name = _log(chain["store"], login="SY00321", user=named, action=MembersAction.MEMBER_UPDATED)
    by_account = _log(chain["store"], login="SY00555", role="前台")

    def ids(**filters):
        return [row["id"] for row in assert_envelope(client.get(LIST, _range(**filters)), status=200)["list"]]

    assert ids(who="wang") == [by_name.pk]
    assert ids(who="00555") == [by_account.pk]
    assert ids(role="前台") == [by_account.pk]
    assert ids(action=MembersAction.MEMBER_UPDATED) == [by_name.pk]
    assert ids(objectType="org.orgunit", objectId=str(chain["store"].pk)) == [by_account.pk, by_name.pk]
    assert ids(objectId="0") == []


def test_the_range_takes_whole_days_of_the_store(client, chain):
    today = _today()
    yesterday_noon = timezone.make_aware(
        datetime.datetime.combine(today - datetime.timedelta(days=1), datetime.time(12))
    )
    old = _log(chain["store"], when=yesterday_noon)
    new = _log(chain["store"])
    assert [row["id"] for row in client.get(LIST, _range()).json()["data"]["list"]] == [new.pk]
    both = client.get(LIST, {"dateFrom": (today - datetime.timedelta(days=1)).isoformat(), "dateTo": today.isoformat()})
    assert [row["id"] for row in both.json()["data"]["list"]] == [new.pk, old.pk]


def test_actions_are_named_in_the_requests_language_and_an_unknown_one_shows_its_code(chain, reader):
    _log(chain["store"], action=MembersAction.MEMBER_UPDATED)
    _log(chain["store"], action="test.done")
    english = {
        row["action"]: row["actionName"] for row in api_client(entry=reader).get(LIST, _range()).json()["data"]["list"]
    }
    chinese = api_client(entry=reader, language="zh-hans").get(LIST, _range()).json()["data"]["list"]
    assert english == {"member.updated": "edited a member", "test.done": "test.done"}
    assert {row["action"]: row["actionName"] for row in chinese}["member.updated"] == "修改会员"
    options = assert_envelope(api_client(entry=reader).get(ACTIONS), status=200)
    assert {"code": "member.updated", "name": "edited a member"} in options


def test_phones_are_masked_in_the_account_object_and_detail(client, chain):
    _log(
        chain["store"],
        login="13812345678",
        detail={"phone": "13912345678", "note": "called 91234567", "order": "202611240001"},
    )
    row = client.get(LIST, _range()).json()["data"]["list"][0]
    assert row["loginName"] == "138****5678"
    assert row["detail"] == {"phone": "139****5678", "note": "called 91****67", "order": "202611240001"}
    assert "13912345678" not in str(row) and "91234567" not in str(row)


def test_the_export_masks_phones_and_is_in_the_requests_language(chain, reader):
    _log(chain["store"], login="13812345678", action=MembersAction.MEMBER_UPDATED, detail={"phone": "13912345678"})
    response = api_client(entry=reader, language="zh-hans").get(EXPORT, _range())
    assert response.status_code == 200 and response["Content-Type"] == excel.XLSX_CONTENT_TYPE
    sheet = load_workbook(BytesIO(response.content)).active
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert rows[0][:6] == ["时间", "账号", "姓名", "角色", "门店", "操作"]
    assert rows[1][1] == "138****5678" and rows[1][5] == "修改会员"
    assert "139****5678" in rows[1][9] and "13912345678" not in str(rows)


def test_an_export_over_the_cap_goes_to_the_download_centre(client, chain, monkeypatch, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 2)
    _log(chain["store"])
    assert client.get(EXPORT, _range()).status_code == 200
    _log(chain["store"])
    assert_queued_export(client.get(EXPORT, _range()))


@pytest.mark.parametrize(
    ("params", "english", "chinese"),
    [
        ({"dateTo": "2026-01-02"}, "please enter start time", "请输入开始时间"),
        ({"dateFrom": "2026-01-02"}, "please enter end time", "请输入结束时间"),
        ({"dateFrom": "2026-01-02", "dateTo": "2026-01-01"}, "please choose a suitable end time", None),
        ({"dateFrom": "2026-01-01", "dateTo": "2026-06-01"}, "selected time exceeds range", None),
    ],
)
def test_the_time_range_messages_of_the_spec_in_both_languages(reader, params, english, chinese):
    for path in (LIST, EXPORT):
        refused = api_client(entry=reader).get(path, params)
        assert_envelope(refused, status=400, errcode="VALID-40000")
        assert refused.json()["errmsg"] == english
        translated = api_client(entry=reader, language="zh-hans").get(path, params).json()["errmsg"]
        assert translated != english and (chinese is None or translated == chinese)


def test_the_page_size_is_at_most_200(client):
    assert_envelope(client.get(LIST, _range(pageSize=201)), status=400, errcode="VALID-40000")
    assert_envelope(client.get(LIST, _range(pageSize=200)), status=200)


def test_reading_the_log_needs_the_button_code(chain, make_entry):
    page_only = api_client(entry=make_entry(chain["store"], codes=["CZRZ-0001"]))
    for path in (LIST, EXPORT, ACTIONS, STORES):
        assert page_only.get(path, _range()).status_code == 403
