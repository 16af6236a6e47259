"""Every call that answers a file instead of the envelope (its 200 answer in the schema is not JSON)
sends it through apps.core.files.file_response: a download (`Content-Disposition: attachment`) or a
raster image shown inline, always with `X-Content-Type-Options: nosniff` and a sandboxing
Content-Security-Policy, so a file of ours opened in the browser runs nothing with our origin's
cookies (issue 25, finding 8). Each such call is declared below with how to get a file from it; a
new one fails the walk until it is. A whole-project walk (members, billing, inventory, booking...),
so it lives on the top floor, in demo."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from types import SimpleNamespace
from typing import Any

import pytest
from django.core.files.base import ContentFile
from django.urls import resolve
from drf_spectacular.generators import SchemaGenerator

from apps.accounts.testing import api_client
from apps.core.files import INLINE_IMAGE_TYPES
from apps.core.tests.test_bad_bodies import _client_allowed_to_call

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
PDF = b"%PDF-1.4\n" + b"x" * 64
TODAY = date.today().isoformat()

# How to get a file from each call: the URL (with its query), given the chain and the caller's
# store; records are made there first.
Maker = Callable[[dict[str, Any]], str]


def _move_in(chain):
    from apps.members.models import MoveIn

    return MoveIn.objects.create(store=chain["store"], name="李娜", phone="13912345678", source_store="徐汇店")


def _attachment(chain) -> str:
    from apps.members.models import MoveInAttachment

    attachment = MoveInAttachment(
        move_in=_move_in(chain), name="合同.pdf", content_type="application/pdf", size=len(PDF)
    )
    attachment.file.save("contract.pdf", ContentFile(PDF), save=True)
    return f"/rest/storerelocationupload/file/{attachment.pk}"


def _examination_photo(chain) -> str:
    from apps.members.models import Examination, ExaminationPhoto
    from apps.members.tests.factories import MemberFactory
    from apps.staff.models import Employee
    from apps.staff.tests.factories import EmployeeFactory

    examiner: Employee = EmployeeFactory.create(store=chain["store"])
    examination = Examination.objects.create(
        member=MemberFactory.create(home_store=chain["store"]),
        store=chain["store"],
        examined_on=TODAY,
        examiner_id=examiner.pk,
        examiner_name=examiner.name,
        scalp_type="oily",
        oiliness="mild",
        sensitivity="none",
        dandruff="none",
        hair_loss="mild",
        hair_density="medium",
        hair_thickness="fine",
    )
    photo = ExaminationPhoto(examination=examination, content_type="image/png", size=len(PNG))
    photo.file.save("photo.png", ContentFile(PNG), save=True)
    return f"/rest/examination/photo/{photo.pk}"


def _signature(chain) -> str:
    from apps.billing.tests.factories import committed_order

    order = committed_order(store=chain["store"])
    order.signature.save("signature.png", ContentFile(PNG), save=True)
    return f"/rest/order/signatureImage/{order.pk}"


def _range(path: str) -> Maker:
    return lambda chain: f"{path}?dateFrom={TODAY}&dateTo={TODAY}"


FILE_CALLS: dict[str, Maker] = {
    # uploaded files: the move-in's attachments, examination photos, the member's signature
    "/rest/storerelocationupload/file/{attachment_id}": _attachment,
    "/rest/examination/photo/{photo_id}": _examination_photo,
    "/rest/order/signatureImage/{order_id}": _signature,
    # exports and templates (.xlsx) written by apps.core.excel
    "/rest/storerelocationupload/template": lambda chain: "/rest/storerelocationupload/template",
    "/rest/commodity/productList/export": lambda chain: "/rest/commodity/productList/export",
    "/rest/commodity/projectList/export": lambda chain: "/rest/commodity/projectList/export",
    "/rest/depositRecord/export": _range("/rest/depositRecord/export"),
    "/rest/order/orderExport": _range("/rest/order/orderExport"),
    "/rest/owedGoods/export": lambda chain: "/rest/owedGoods/export",
    "/rest/reservation/findRecord/export": _range("/rest/reservation/findRecord/export"),
    "/rest/stock/liveExport": lambda chain: "/rest/stock/liveExport",
    "/rest/stockIn/export": lambda chain: "/rest/stockIn/export",
    "/rest/stockOut/export": lambda chain: "/rest/stockOut/export",
    "/rest/stocktaking/list/export": lambda chain: "/rest/stocktaking/list/export",
    "/rest/sysLog/export": _range("/rest/sysLog/export"),
}


def _export_file(chain, requester) -> str:
    from apps.reports.choices import ExportStatus
    from apps.reports.models import ExportJob

    job = ExportJob.objects.create(
        requester=requester, hier=chain["store"], report_key="SalesDetail", status=ExportStatus.DONE
    )
    job.file.save("export.xlsx", ContentFile(b"PK\x03\x04" + b"\x00" * 64), save=True)
    return f"/rest/downloadCenter/file/{job.pk}"


# Files served to the person who asked for them (and head office) alone: the maker is given the
# caller, for whom it makes the file.
REQUESTERS_FILE_CALLS: dict[str, Callable[[dict[str, Any], Any], str]] = {
    "/rest/downloadCenter/file/{job_id}": _export_file,
}

# Non-JSON answers that are not files, each with the reason.
NOT_FILES = {
    # The receipt is a page of ours (a template, printed from its window), under the pages' strict
    # Content-Security-Policy like every page: no uploaded or outside content.
    "/rest/pay/print/{order_id}/{need_amount}",
}


@pytest.fixture(scope="module")
def file_paths() -> set[str]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {
        path
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if method == "get"
        and any(kind != "application/json" for kind in operation["responses"].get("200", {}).get("content", {}))
    }


def test_every_call_that_answers_a_file_is_declared(file_paths):
    undeclared = file_paths - set(FILE_CALLS) - set(REQUESTERS_FILE_CALLS) - NOT_FILES
    assert not undeclared, f"{sorted(undeclared)}: declare how to get its file in FILE_CALLS (or why not in NOT_FILES)"
    declared = set(FILE_CALLS) | set(REQUESTERS_FILE_CALLS) | NOT_FILES
    assert declared <= file_paths, "declared calls that answer no file any more"


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    return tmp_path


@pytest.mark.django_db
@pytest.mark.parametrize("path", sorted(FILE_CALLS), ids=str)
def test_every_file_is_a_download_or_an_inline_image_under_a_sandbox(path, chain, make_entry, media):
    url = FILE_CALLS[path](chain)
    endpoint = SimpleNamespace(view_class=resolve(url.split("?")[0]).func.cls)
    _assert_sandboxed_file(_client_allowed_to_call(endpoint, chain, make_entry).get(url))


@pytest.mark.django_db
@pytest.mark.parametrize("path", sorted(REQUESTERS_FILE_CALLS), ids=str)
def test_a_requesters_file_is_a_download_under_a_sandbox(path, chain, make_entry, media):
    entry = make_entry(chain["store"])
    _assert_sandboxed_file(api_client(entry=entry).get(REQUESTERS_FILE_CALLS[path](chain, entry.user)))


def _assert_sandboxed_file(response) -> None:
    assert response.status_code == 200, getattr(response, "content", b"")[:300]
    kind = response["Content-Type"]
    assert "json" not in kind and "html" not in kind
    disposition = response["Content-Disposition"]
    assert disposition.startswith("attachment;") or (disposition.startswith("inline") and kind in INLINE_IMAGE_TYPES)
    assert response["X-Content-Type-Options"] == "nosniff"
    policy = [part.strip() for part in response["Content-Security-Policy"].split(";")]
    assert "sandbox" in policy and "default-src 'none'" in policy
    assert "no-store" in response["Cache-Control"]
