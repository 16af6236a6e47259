"""A member's scalp and hair examinations (/examiningDetail, apps.members) over HTTP: recording one
with photos, reading and serving the photos only in the member's stores, correcting one (logged), and
refusing a too-large or wrong-type photo with nothing written. Here in booking because the examiner
is staff's employee, reached through the hook booking registers (members may not import staff)."""

from __future__ import annotations

import datetime
import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.members.choices import AuditAction
from apps.members.models import Examination, ExaminationPhoto
from apps.members.tests.factories import MemberFactory
from apps.staff.choices import EmployeeStatus
from apps.staff.tests.factories import EmployeeFactory

pytestmark = pytest.mark.django_db

ADD = "/rest/examination/add"
LIST = "/rest/examination/list"


def png_bytes() -> bytes:
    """A real 1×1 PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00"))
        + chunk(b"IEND", b"")
    )


def photo(name="scalp.png", content=None, content_type="image/png"):
    return SimpleUploadedFile(name, content if content is not None else png_bytes(), content_type=content_type)


EXAMINATION_PAGE = "ERP-HYGL-PAG-0003-0000"


@pytest.fixture
def store(chain):
    return chain["store"]


@pytest.fixture
def other_store(chain):
    return chain["other_store"]


@pytest.fixture
def client(store, make_entry):
    return api_client(entry=make_entry(store, codes=[EXAMINATION_PAGE]))


@pytest.fixture
def other_client(other_store, make_entry):
    return api_client(entry=make_entry(other_store, codes=[EXAMINATION_PAGE]))


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    return tmp_path


@pytest.fixture
def member(store):
    return MemberFactory(home_store=store, name="张三")


@pytest.fixture
def examiner(store):
    return EmployeeFactory(store=store, name="李护理")


def findings(examiner, **extra):
    return {
        "examinedOn": timezone.localdate().isoformat(),
        "examinerId": examiner.pk,
        "scalpType": "oily",
        "oiliness": "moderate",
        "sensitivity": "mild",
        "dandruff": "none",
        "hairLoss": "mild",
        "hairDensity": "medium",
        "hairThickness": "fine",
        "notes": "redness at the crown",
        "recommendation": "oil-control course, 8 sessions",
        **extra,
    }


def stored_files(media) -> list[str]:
    return [path.name for path in media.rglob("*") if path.is_file()]


def test_recording_an_examination_with_two_photos_and_reading_it_back(client, member, examiner, _media):
    response = client.post(
        ADD, {"memId": member.pk, **findings(examiner), "photos": [photo(), photo("b.png")]}, format="multipart"
    )
    created = assert_envelope(response, status=200)
    assert response.json()["errmsg"] == "saved"
    assert created["examinerName"] == "李护理" and created["scalpType"] == "oily" and len(created["photoIds"]) == 2
    assert len(stored_files(_media)) == 2
    listed = assert_envelope(client.get(LIST, {"memId": member.pk}), status=200)
    assert listed["total"] == 1 and listed["list"][0]["id"] == created["id"]
    detail = assert_envelope(client.get(f"/rest/examination/{created['id']}"), status=200)
    assert detail["recommendation"] == "oil-control course, 8 sessions"
    image = client.get(f"/rest/examination/photo/{created['photoIds'][0]}")
    assert image.status_code == 200 and image["Content-Type"] == "image/png" and image.content == png_bytes()
    assert image["Cache-Control"] == "private, no-store"
    log = SystemLog.objects.get(action=AuditAction.EXAMINATION_ADDED)
    assert log.object_id == str(created["id"]) and log.detail == {"memberId": member.pk, "photos": 2}


def test_a_photo_is_shown_inline_but_under_a_sandbox_and_never_sniffed(client, member, examiner, _media):
    response = client.post(ADD, {"memId": member.pk, **findings(examiner), "photos": [photo()]}, format="multipart")
    created = assert_envelope(response, status=200)
    image = client.get(f"/rest/examination/photo/{created['photoIds'][0]}")
    assert image.status_code == 200 and image["Content-Type"] == "image/png"
    assert image["Content-Disposition"].startswith("inline;")
    assert image["X-Content-Type-Options"] == "nosniff"
    assert "sandbox" in image["Content-Security-Policy"].split("; ")


@pytest.mark.parametrize(
    ("upload", "field"),
    [
        (lambda: photo("big.png", png_bytes() + b"\x00" * (5 * 1024 * 1024)), "photos"),
        (lambda: photo("fake.png", b"GIF89a not a png at all"), "photos"),
        (lambda: photo("script.jpg", b"<script>alert(1)</script>", "image/jpeg"), "photos"),
    ],
    ids=["too-large", "gif-named-png", "text-named-jpeg"],
)
def test_a_refused_photo_leaves_nothing_written(client, member, examiner, _media, upload, field):
    response = client.post(
        ADD, {"memId": member.pk, **findings(examiner), "photos": [photo(), upload()]}, format="multipart"
    )
    assert_envelope(response, status=400, errcode="VALID-40000")
    assert Examination.objects.count() == 0 and ExaminationPhoto.objects.count() == 0
    assert stored_files(_media) == []
    assert not SystemLog.objects.filter(action=AuditAction.EXAMINATION_ADDED).exists()


def test_more_than_six_photos_are_refused(client, member, examiner):
    response = client.post(
        ADD, {"memId": member.pk, **findings(examiner), "photos": [photo() for _ in range(7)]}, format="multipart"
    )
    assert_envelope(response, status=400, errcode="VALID-40000")
    assert Examination.objects.count() == 0


def test_the_examiner_must_be_active_staff_of_the_store(client, member, store, other_store):
    gone = EmployeeFactory(store=store, status=EmployeeStatus.LEFT, left_date=datetime.date(2025, 1, 1))
    for stranger in (EmployeeFactory(store=other_store), gone):
        response = client.post(ADD, {"memId": member.pk, **findings(stranger)}, format="multipart")
        assert_envelope(response, status=400, errcode="VALID-40000")
        assert response.json()["errmsg"] == "choose an examiner from the store's staff"
    assert Examination.objects.count() == 0


def test_a_future_date_is_refused(client, member, examiner):
    tomorrow = (timezone.localdate() + datetime.timedelta(days=1)).isoformat()
    response = client.post(ADD, {"memId": member.pk, **findings(examiner, examinedOn=tomorrow)}, format="multipart")
    assert_envelope(response, status=400, errcode="VALID-40000")


def test_another_stores_member_and_examinations_answer_404(client, other_client, member, examiner, other_store):
    stranger = MemberFactory(home_store=other_store)
    response = client.post(ADD, {"memId": stranger.pk, **findings(examiner)}, format="multipart")
    assert_envelope(response, status=404, errcode="SYS-40400")
    assert_envelope(client.get(LIST, {"memId": stranger.pk}), status=404, errcode="SYS-40400")
    created = assert_envelope(
        client.post(ADD, {"memId": member.pk, **findings(examiner), "photos": [photo()]}, format="multipart"),
        status=200,
    )
    assert_envelope(other_client.get(LIST, {"memId": member.pk}), status=404, errcode="SYS-40400")
    assert_envelope(other_client.get(f"/rest/examination/{created['id']}"), status=404, errcode="SYS-40400")
    assert_envelope(
        other_client.get(f"/rest/examination/photo/{created['photoIds'][0]}"), status=404, errcode="SYS-40400"
    )
    other_examiner = EmployeeFactory(store=other_store)
    refused = other_client.post(
        f"/rest/examination/update/{created['id']}", findings(other_examiner), format="multipart"
    )
    assert_envelope(refused, status=404, errcode="SYS-40400")


def test_the_photo_needs_a_signed_in_user(client, member, examiner):
    created = assert_envelope(
        client.post(ADD, {"memId": member.pk, **findings(examiner), "photos": [photo()]}, format="multipart"),
        status=200,
    )
    assert api_client().get(f"/rest/examination/photo/{created['photoIds'][0]}").status_code == 401


def test_correcting_an_examination_logs_what_changed_and_swaps_photos(
    client, member, examiner, store, _media, django_capture_on_commit_callbacks
):
    created = assert_envelope(
        client.post(ADD, {"memId": member.pk, **findings(examiner), "photos": [photo(), photo()]}, format="multipart"),
        status=200,
    )
    first, second = created["photoIds"]
    colleague = EmployeeFactory(store=store, name="王护理")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/rest/examination/update/{created['id']}",
            {**findings(colleague, dandruff="severe"), "removePhotoIds": [first], "photos": [photo("c.png")]},
            format="multipart",
        )
    corrected = assert_envelope(response, status=200)
    assert corrected["dandruff"] == "severe" and corrected["examinerName"] == "王护理"
    assert first not in corrected["photoIds"] and second in corrected["photoIds"] and len(corrected["photoIds"]) == 2
    assert len(stored_files(_media)) == 2
    log = SystemLog.objects.get(action=AuditAction.EXAMINATION_CORRECTED)
    assert log.detail["changed"] == {"examiner": ["李护理", "王护理"], "dandruff": ["none", "severe"]}
    assert log.detail["photosRemoved"] == [first] and log.detail["photosAdded"] == 1


def test_a_correction_refused_for_a_bad_photo_changes_nothing(client, member, examiner, _media):
    created = assert_envelope(
        client.post(ADD, {"memId": member.pk, **findings(examiner), "photos": [photo()]}, format="multipart"),
        status=200,
    )
    response = client.post(
        f"/rest/examination/update/{created['id']}",
        {**findings(examiner, notes="changed"), "photos": [photo("x.png", b"not an image")]},
        format="multipart",
    )
    assert_envelope(response, status=400, errcode="VALID-40000")
    assert Examination.objects.get().notes == "redness at the crown"
    assert len(stored_files(_media)) == 1


def test_removing_a_photo_of_another_examination_is_refused(client, member, examiner):
    one = assert_envelope(
        client.post(ADD, {"memId": member.pk, **findings(examiner), "photos": [photo()]}, format="multipart"),
        status=200,
    )
    two = assert_envelope(client.post(ADD, {"memId": member.pk, **findings(examiner)}, format="multipart"), status=200)
    response = client.post(
        f"/rest/examination/update/{two['id']}",
        {**findings(examiner), "removePhotoIds": [one["photoIds"][0]]},
        format="multipart",
    )
    assert_envelope(response, status=400, errcode="VALID-40000")
    assert ExaminationPhoto.objects.count() == 1


def test_the_examiners_are_the_stores_active_staff(client, examiner, store, other_store):
    EmployeeFactory(store=store, status=EmployeeStatus.LEFT, left_date=datetime.date(2025, 1, 1))
    EmployeeFactory(store=other_store)
    assert assert_envelope(client.get("/rest/examination/examiners"), status=200) == [
        {"id": examiner.pk, "name": "李护理"}
    ]


def test_a_role_without_the_members_page_is_refused(store, make_entry, member):
    assert api_client(entry=make_entry(store, codes=["KCGL-0001"])).get(LIST, {"memId": member.pk}).status_code == 403
