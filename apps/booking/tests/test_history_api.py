"""Reservation history (spec §2.2 /orderHistory): time-range rules of spec §5, filters, counts, the
phone lookups and the Excel export with its cap."""

from __future__ import annotations

import datetime
import itertools
from io import BytesIO

import pytest
from django.utils import timezone, translation
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.booking.choices import ReservationStatus
from apps.booking.tests.conftest import BOARD
from apps.booking.tests.factories import ReservationFactory, local_time
from apps.core import excel
from apps.core.api.phone_fragments import PHONE_FRAGMENT_SEARCHED
from apps.core.models import SystemLog
from apps.core.role_codes import MEMBER_PHONE_VIEW
from apps.core.testing import assert_envelope, assert_list_queries_constant, assert_queued_export

pytestmark = pytest.mark.django_db

RECORDS = "/rest/reservation/findRecord"


def _range(days_from=-1, days_to=5):
    today = local_time(0, days=0).date()
    return {
        "dateFrom": (today + datetime.timedelta(days=days_from)).isoformat(),
        "dateTo": (today + datetime.timedelta(days=days_to)).isoformat(),
    }


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"dateTo": "2026-01-02"}, "please enter start time"),
        ({"dateFrom": "2026-01-02"}, "please enter end time"),
        ({"dateFrom": "2026-01-02", "dateTo": "2026-01-01"}, "please choose a suitable end time"),
        ({"dateFrom": "2026-01-01", "dateTo": "2026-06-01"}, "selected time exceeds range"),
    ],
)
def test_the_time_range_messages_of_the_spec(client, params, message):
    body = client.get(RECORDS, params).json()
    assert (body["errcode"], body["errmsg"]) == ("VALID-40000", message)


def test_time_range_messages_in_chinese(manager_entry):
    body = api_client(entry=manager_entry, language="zh-hans").get(RECORDS, {"dateTo": "2026-01-02"}).json()
    assert body["errmsg"] == "请输入开始时间"


def test_filters_by_phone_nurse_status_and_member(client, store, nurse, other_nurse, member):
    mine = ReservationFactory(store=store, nurse=nurse, member=member, phone="13912345678", start=local_time(10))
    ReservationFactory(
        store=store, nurse=other_nurse, phone="13800001111", start=local_time(11), status=ReservationStatus.DONE
    )
    for extra in (
        {"phone": "13912345678"},
        {"phone": "5678"},
        {"nurseId": nurse.pk},
        {"status": "booked"},
        {"memId": member.pk},
    ):
        page = assert_envelope(client.get(RECORDS, {**_range(), **extra}), status=200)
        assert [row["id"] for row in page["list"]] == [mine.pk], extra
        assert page["list"][0]["phone"] == "139****5678"
    counts = assert_envelope(client.get("/rest/reservation/findRecordCounts", _range()), status=200)
    assert counts["booked"] == 1 and counts["done"] == 1 and counts["total"] == 2


def test_without_the_phone_view_code_a_phone_is_found_only_by_what_the_mask_shows(client, store, nurse, make_entry):
    found = ReservationFactory(store=store, nurse=nurse, phone="13912345678")  # 139****5678

    def ids(some_client, phone):
        page = assert_envelope(some_client.get(RECORDS, {**_range(), "phone": phone}), status=200)
        return [row["id"] for row in page["list"]]

    assert ids(client, "45678") == []  # the hidden seventh digit and the shown end
    assert ids(client, "5678") == ids(client, "13912345678") == [found.pk]
    viewer = api_client(entry=make_entry(store, codes=[BOARD, MEMBER_PHONE_VIEW.code]))
    assert ids(viewer, "45678") == [found.pk]
    fragments = SystemLog.objects.filter(action=PHONE_FRAGMENT_SEARCHED).order_by("id")
    assert [(log.detail["path"], log.detail["fragment"]) for log in fragments][-1] == (RECORDS, "45678")


def test_other_stores_reservations_are_not_listed(client, chain, other_nurse):
    ReservationFactory(store=chain["other_store"])
    assert assert_envelope(client.get(RECORDS, _range()), status=200)["total"] == 0


def test_the_list_costs_the_same_queries_for_fifty_rows(client, store, nurse, project):
    hours = itertools.count()

    def add(n):
        for _ in range(n):
            ReservationFactory(
                store=store,
                nurse=nurse,
                start=local_time(0) + datetime.timedelta(hours=next(hours)),
                projects=[project],
            )

    assert_list_queries_constant(client, RECORDS, add, params={**_range(), "pageSize": 50})


def test_export_writes_the_filtered_rows_to_excel(client, store, nurse, project):
    ReservationFactory(store=store, nurse=nurse, name="王芳", phone="13912345678", projects=[project])
    response = client.get(RECORDS + "/export", _range())
    assert response.status_code == 200 and response["Content-Type"].startswith("application/vnd.openxmlformats")
    sheet = load_workbook(BytesIO(response.content)).active
    rows = list(sheet.values)
    assert rows[0][:4] == ("No.", "Start", "End", "Member") and rows[1][3] == "王芳" and rows[1][4] == "139****5678"


def test_the_export_in_chinese_has_the_pages_headers_and_date_cells(manager_entry, store, nurse, project):
    chinese = api_client(entry=manager_entry, language="zh-hans")
    reservation = ReservationFactory(store=store, nurse=nurse, name="王芳", projects=[project])
    response = chinese.get(RECORDS + "/export", _range())
    sheet = load_workbook(BytesIO(response.content)).active
    headers = tuple(cell.value for cell in sheet[1])
    assert headers == (
        "编号",
        "开始时间",
        "结束时间",
        "会员",
        "手机号",
        "护理师",
        "项目",
        "状态",
        "来源",
        "备注",
        "下单时间",
    )
    start, end, booked = sheet["B2"], sheet["C2"], sheet["K2"]
    local_start = timezone.localtime(reservation.start).replace(tzinfo=None)
    assert (start.value, start.number_format) == (local_start, "yyyy-mm-dd hh:mm")
    assert (end.value.strftime("%H:%M"), end.number_format) == (f"{timezone.localtime(reservation.end):%H:%M}", "hh:mm")
    assert booked.is_date and sheet.freeze_panes == "A2" and sheet.auto_filter.ref == "A1:K2"


def test_a_walk_in_name_or_remark_that_starts_like_a_formula_is_exported_as_text(client, store, nurse):
    ReservationFactory(store=store, nurse=nurse, name='=HYPERLINK("x")', remark="@SUM(A1)")
    response = client.get(RECORDS + "/export", _range())
    sheet = load_workbook(BytesIO(response.content)).active
    name, remark = sheet["D2"], sheet["J2"]
    assert (name.value, name.data_type) == ('=HYPERLINK("x")', "s")
    assert (remark.value, remark.data_type) == ("@SUM(A1)", "s")


def test_an_export_of_too_many_rows_goes_to_the_download_centre(client, store, nurse, monkeypatch, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 1)
    ReservationFactory(store=store, nurse=nurse)
    assert_queued_export(client.get(RECORDS + "/export", _range()))


def test_reservations_of_a_phone(client, store, nurse):
    found = ReservationFactory(store=store, nurse=nurse, phone="13912345678")
    ReservationFactory(store=store, nurse=nurse, phone="13912345678", start=local_time(10, days=-60))
    rows = assert_envelope(client.get("/rest/reservation/getResByPhone", {"phone": "13912345678"}), status=200)
    assert [row["id"] for row in rows] == [found.pk]


def test_a_members_booking_summary_and_last_visits(client, store, nurse, member):
    upcoming = ReservationFactory(store=store, nurse=nurse, member=member)
    done = ReservationFactory(
        store=store, nurse=nurse, member=member, start=local_time(10, days=-2), status=ReservationStatus.DONE
    )
    info = assert_envelope(client.get(f"/rest/reservation/accountInfo/{member.pk}"), status=200)
    assert info["name"] == "王芳" and info["phone"] == "139****5678"
    assert [row["id"] for row in info["upcoming"]] == [upcoming.pk]
    last = assert_envelope(client.get("/rest/reservation/lastSomeConsume", {"memId": member.pk}), status=200)
    assert [row["id"] for row in last] == [done.pk]


def test_a_cancelled_reservation_and_a_closed_member_file_are_said_in_the_glossarys_words():
    """docs/glossary.md: a cancelled reservation is 已取消, a closed member file 已注销."""
    from apps.members.choices import MemberStatus

    with translation.override("zh-hans"):
        assert (str(ReservationStatus.CANCELLED.label), str(MemberStatus.CANCELLED.label)) == ("已取消", "已注销")
