"""The download centre end to end (issue 29 §5): an export queued over HTTP is made by the task
(eager here), listed with its progress, downloaded by its requester and head office only (404 for
anyone else), written with formula-looking text kept as text and headers in the requester's
language, logged, kept for EXPORT_KEEP_HOURS and then deleted by the expiry task."""

from __future__ import annotations

import datetime
from io import BytesIO

import pytest
from django.core.files.storage import default_storage
from django.utils import timezone
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.core.models import SystemLog
from apps.core.role_codes import REPORT_FIGURES_CODE
from apps.core.testing import assert_envelope
from apps.reports import exports
from apps.reports.models import ExportJob
from apps.reports.tasks import expire_exports
from apps.reports.tests.report_fixtures import registered
from apps.staff.tests.factories import EmployeeFactory
from erp.celery import app as celery_app

pytestmark = pytest.mark.django_db

HIRED = datetime.date(2026, 3, 10)
RANGE = {"from": "2026-03-01", "to": "2026-03-31"}
LIST = "/rest/downloadCenter/list"


@pytest.fixture(autouse=True)
def test_reports():
    with registered():
        yield


@pytest.fixture(autouse=True)
def eager_tasks_and_media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture
def staff(chain):
    EmployeeFactory(store=chain["store"], name="=SUM(1+2)", hire_date=HIRED)
    EmployeeFactory(store=chain["store"], name="An", hire_date=HIRED)
    EmployeeFactory(store=chain["other_store"], name="Other", hire_date=HIRED)


@pytest.fixture
def entry(chain, make_entry):
    return make_entry(chain["store"], codes=[REPORT_FIGURES_CODE])


def _export(client, key="TestRoster", language="en", **headers):
    return client.post(
        f"/rest/businessReport{key}/export",
        {**RANGE, "sort": "name"},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
        **headers,
    )


def _file(client, job_id):
    return client.get(f"/rest/downloadCenter/file/{job_id}")


def _sheet(response):
    assert response.status_code == 200, response.content[:200]
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    workbook = load_workbook(BytesIO(b"".join(response.streaming_content)))
    return workbook.worksheets[0]


def test_an_export_is_made_listed_and_downloaded_by_its_requester(staff, entry):
    client = api_client(entry=entry)
    job_id = assert_envelope(_export(client), status=202)["jobId"]
    page = assert_envelope(client.get(LIST), status=200)
    assert page["total"] == 1
    job = page["list"][0]
    assert (job["jobId"], job["report"], job["status"], job["progress"], job["rows"]) == (
        job_id,
        "TestRoster",
        "done",
        100,
        2,
    )
    expires = datetime.datetime.fromisoformat(job["expiresAt"])
    finished = datetime.datetime.fromisoformat(job["finishedAt"])
    assert expires - finished == datetime.timedelta(hours=72)
    sheet = _sheet(_file(client, job_id))
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("name", "Hired", "Fee", "Order")
    assert [row[0] for row in rows[1:]] == ["=SUM(1+2)", "An"]
    assert rows[1][2] == 10.25


def test_formula_looking_text_is_written_as_text(staff, entry):
    client = api_client(entry=entry)
    job_id = assert_envelope(_export(client), status=202)["jobId"]
    cell = _sheet(_file(client, job_id))["A2"]
    assert cell.data_type == "s"
    assert cell.value == "=SUM(1+2)"


def test_the_headers_are_in_the_requesters_language(staff, entry):
    client = api_client(entry=entry, language="zh-hans")
    job_id = assert_envelope(_export(client, language="zh-hans"), status=202)["jobId"]
    assert _sheet(_file(client, job_id))["A1"].value == "名称"


def test_only_the_requester_and_head_office_download_the_file(chain, staff, entry, make_entry):
    job_id = assert_envelope(_export(api_client(entry=entry)), status=202)["jobId"]
    colleague = api_client(entry=make_entry(chain["store"], codes=[REPORT_FIGURES_CODE]))
    assert_envelope(_file(colleague, job_id), status=404, errcode="SYS-40400")
    assert assert_envelope(colleague.get(LIST), status=200)["total"] == 0
    other_store = api_client(entry=make_entry(chain["other_store"], codes=[REPORT_FIGURES_CODE]))
    assert_envelope(_file(other_store, job_id), status=404, errcode="SYS-40400")
    head_office = api_client(entry=make_entry(chain["head_office"], codes=[REPORT_FIGURES_CODE], kind="owner"))
    assert [job["jobId"] for job in assert_envelope(head_office.get(LIST), status=200)["list"]] == [job_id]
    assert _sheet(_file(head_office, job_id)).max_row == 3


def test_the_same_idempotency_key_queues_one_job(staff, entry):
    client = api_client(entry=entry)
    first = assert_envelope(_export(client, HTTP_IDEMPOTENCY_KEY="export-1"), status=202)
    again = assert_envelope(_export(client, HTTP_IDEMPOTENCY_KEY="export-1"), status=202)
    assert first == again
    assert ExportJob.objects.count() == 1


def test_a_bad_filter_queues_nothing(staff, entry):
    client = api_client(entry=entry)
    response = client.post("/rest/businessReportTestRoster/export", {"from": "2026-03-01"}, format="json")
    assert_envelope(response, status=400, errcode="VALID-40000")
    assert not ExportJob.objects.exists()


def test_an_export_of_another_stores_figures_answers_404_and_queues_nothing(chain, staff, entry):
    body = {**RANGE, "storeId": chain["other_store"].pk}
    response = api_client(entry=entry).post("/rest/businessReportTestRoster/export", body, format="json")
    assert_envelope(response, status=404, errcode="SYS-40400")
    assert not ExportJob.objects.exists()


def test_filters_given_as_json_numbers_read_as_the_query_parameters_do(chain, staff, entry):
    body = {**RANGE, "storeId": chain["store"].pk, "position": 7, "sort": ["name"]}
    response = api_client(entry=entry).post("/rest/businessReportTestRoster/export", body, format="json")
    assert_envelope(response, status=400, errcode="VALID-40000")
    body = {**RANGE, "storeId": chain["store"].pk}
    assert_envelope(
        api_client(entry=entry).post("/rest/businessReportTestRoster/export", body, format="json"), status=202
    )


def test_each_export_is_in_the_system_log_with_its_report_and_filters(chain, staff, entry):
    job_id = assert_envelope(_export(api_client(entry=entry)), status=202)["jobId"]
    record = SystemLog.objects.get(action="reports.export")
    assert (record.user_id, record.object_id) == (entry.user_id, str(job_id))
    assert record.detail["report"] == "TestRoster"
    assert (record.detail["from"], record.detail["to"], record.detail["stores"]) == (
        "2026-03-01",
        "2026-03-31",
        [chain["store"].pk],
    )


def test_a_failing_report_marks_its_job_failed(staff, entry):
    client = api_client(entry=entry)
    job_id = assert_envelope(_export(client, key="TestBroken"), status=202)["jobId"]
    job = assert_envelope(client.get(LIST), status=200)["list"][0]
    assert (job["status"], job["errorMessage"]) == ("failed", "the report's query failed")
    assert_envelope(_file(client, job_id), status=404, errcode="SYS-40400")


def test_progress_is_written_as_the_rows_stream(staff, entry, monkeypatch):
    seen = []
    tell = exports._progress_of

    def spy(job_id):
        write = tell(job_id)

        def recorded(written, total):
            write(written, total)
            seen.append(ExportJob.objects.values_list("progress", "rows").get(pk=job_id))

        return recorded

    monkeypatch.setattr(exports, "_progress_of", spy)
    monkeypatch.setattr(exports, "PROGRESS_EVERY_ROWS", 1)
    assert_envelope(_export(api_client(entry=entry)), status=202)
    assert seen == [(50, 1), (99, 2)]


def test_an_expired_file_is_deleted_and_no_longer_served(staff, entry):
    client = api_client(entry=entry)
    job_id = assert_envelope(_export(client), status=202)["jobId"]
    name = ExportJob.objects.get(pk=job_id).file.name
    assert default_storage.exists(name)
    assert expire_exports.delay().get() == 0  # not yet
    ExportJob.objects.filter(pk=job_id).update(expires_at=timezone.now() - datetime.timedelta(minutes=1))
    assert expire_exports.delay().get() == 1
    assert not default_storage.exists(name)
    job = assert_envelope(client.get(LIST), status=200)["list"][0]
    assert job["status"] == "expired"
    assert_envelope(_file(client, job_id), status=404, errcode="SYS-40400")
