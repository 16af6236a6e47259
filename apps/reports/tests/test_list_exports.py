"""A list's immediate export over the spec's cap goes to the download centre (issue 29 §5): 202 with
the job, made by the task (eager here) by running the list's own view again, every row in the file,
listed under the export's name, downloaded by its requester only; under the cap it still downloads
at once. The cap is lowered through the module constant apps.core.excel reads on each call."""

from __future__ import annotations

from io import BytesIO

import pytest
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.catalog.tests.factories import ProductFactory
from apps.core import excel
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.reports import exports
from apps.reports.choices import AuditAction, ExportStatus
from apps.reports.models import ExportJob
from erp.celery import app as celery_app

pytestmark = pytest.mark.django_db

EXPORT = "/rest/commodity/productList/export"
LIST = "/rest/downloadCenter/list"
PRODUCT_LIST = "CPGL-PAG-0001"


@pytest.fixture(autouse=True)
def eager_tasks_and_media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture
def products():
    return [ProductFactory(code=f"P{number}", name=f"Shampoo {number}") for number in range(5)]


@pytest.fixture
def entry(chain, make_entry):
    return make_entry(chain["store"], codes=[PRODUCT_LIST])


def _rows(content: bytes) -> list[tuple]:
    return list(load_workbook(BytesIO(content)).worksheets[0].iter_rows(values_only=True))


def _file(client, job_id):
    return client.get(f"/rest/downloadCenter/file/{job_id}")


def test_an_export_under_the_cap_still_downloads_at_once(entry, products, monkeypatch):
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 6)
    response = api_client(entry=entry).get(EXPORT, {"keyword": "Shampoo"})
    assert response.status_code == 200 and response["Content-Type"] == excel.XLSX_CONTENT_TYPE
    assert len(_rows(response.content)) == 6
    assert not ExportJob.objects.exists()


def test_an_export_over_the_cap_is_made_in_the_download_centre(chain, entry, make_entry, products, monkeypatch):
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 5)
    client = api_client(entry=entry)
    immediate = _rows(
        api_client(entry=make_entry(chain["store"], codes=[PRODUCT_LIST])).get(EXPORT, {"keyword": "Shampoo 1"}).content
    )

    queued = client.get(EXPORT, {"keyword": "Shampoo"})
    assert_envelope(queued, status=202)
    job_id = queued.json()["data"]["jobId"]
    assert queued.json()["errmsg"] == (
        "The export has 100,000 rows or more: the file is being prepared in the download centre"
    )

    job = assert_envelope(client.get(LIST), status=200)["list"][0]
    assert (job["jobId"], job["title"], job["status"], job["rows"]) == (job_id, "Products", "done", 5)
    rows = _rows(b"".join(_file(client, job_id).streaming_content))
    assert rows[0] == immediate[0]
    assert sorted(row[0] for row in rows[1:]) == [f"P{number}" for number in range(5)]
    # The same cells as the immediate export of the same product.
    assert next(row for row in rows if row[0] == "P1") == immediate[1]
    assert SystemLog.objects.filter(action=AuditAction.REPORT_EXPORT, object_id=str(job_id)).exists()

    colleague = api_client(entry=make_entry(chain["store"], codes=[PRODUCT_LIST]))
    assert_envelope(_file(colleague, job_id), status=404, errcode="SYS-40400")


def test_the_file_is_in_the_requesters_language_and_keeps_the_lists_filters(entry, products, monkeypatch):
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 2)
    ProductFactory(code="C1", name="Conditioner")
    client = api_client(entry=entry, language="zh-hans")
    queued = client.get(EXPORT, {"keyword": "Shampoo"}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert queued.json()["errmsg"] == "导出数据达到 100,000 行或以上：文件正在下载中心生成"
    job_id = queued.json()["data"]["jobId"]
    assert assert_envelope(client.get(LIST), status=200)["list"][0]["title"] == "商品列表"
    rows = _rows(b"".join(_file(client, job_id).streaming_content))
    assert rows[0][:2] == ("编码", "名称")
    assert len(rows) == 6 and "C1" not in [row[0] for row in rows]


def test_the_same_idempotency_key_queues_one_job(entry, products, monkeypatch):
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 2)
    client = api_client(entry=entry)
    first = client.get(EXPORT, HTTP_IDEMPOTENCY_KEY="big-1")
    again = client.get(EXPORT, HTTP_IDEMPOTENCY_KEY="big-1")
    assert first.status_code == again.status_code == 202
    assert first.json()["data"] == again.json()["data"]
    assert ExportJob.objects.count() == 1


def test_a_role_revoked_before_the_task_runs_fails_the_job(entry, products, monkeypatch):
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 2)
    client = api_client(entry=entry)
    job_id = client.get(EXPORT).json()["data"]["jobId"]
    # The task runs again, as a queued job would, after the requester lost the role it was asked in.
    ExportJob.objects.filter(pk=job_id).update(status=ExportStatus.QUEUED, file="")
    entry.delete()
    assert exports.export_run(job_id=job_id) == ExportStatus.FAILED
    job = ExportJob.objects.get(pk=job_id)
    assert job.error_message and not job.file
