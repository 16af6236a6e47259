"""A member's scalp and hair examinations (/examiningDetail, decision 0022): recording one with its
photos, correcting one (logged with what changed), and reading them.

Photos are checked before anything is written (at most EXAMINATION_PHOTOS_MAX per examination, each
at most EXAMINATION_PHOTO_MAX_BYTES, and a JPEG, PNG or WebP by the bytes it starts with: a name or a
declared type can lie). The files are written inside the transaction; when it fails after them they
are deleted, and the files a correction removes go only once it has committed."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from typing import Any, TypedDict

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput
from apps.core.phones import mask_phone
from apps.core.transactions import use_case_atomic
from apps.members.choices import (
    EXAMINATION_PHOTO_KINDS,
    EXAMINATION_PHOTO_MAX_BYTES,
    EXAMINATION_PHOTOS_MAX,
    AuditAction,
)
from apps.members.hooks import store_staff
from apps.members.models import Examination, ExaminationPhoto, Member

# The fields a person fills in; the same on adding and correcting.
FINDING_FIELDS = (
    "examined_on",
    "scalp_type",
    "oiliness",
    "sensitivity",
    "dandruff",
    "hair_loss",
    "hair_density",
    "hair_thickness",
    "notes",
    "recommendation",
)


class ExaminationFields(TypedDict, total=False):
    examined_on: date
    examiner_id: int
    scalp_type: str
    oiliness: str
    sensitivity: str
    dandruff: str
    hair_loss: str
    hair_density: str
    hair_thickness: str
    notes: str
    recommendation: str


# --- photos ----------------------------------------------------------------------------------------


def photo_kind(head: bytes) -> str | None:
    """The image type the file's first bytes say it is, among the kinds a photo may be."""
    if head.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    return None


def _checked_photos(photos: Iterable[UploadedFile[bytes]]) -> list[tuple[UploadedFile[bytes], str]]:
    checked = []
    for photo in photos:
        if photo.size is None or photo.size > EXAMINATION_PHOTO_MAX_BYTES:
            raise InvalidInput(_("a photo can be at most 5 MB"), field="photos")
        photo.seek(0)
        kind = photo_kind(photo.read(12))
        photo.seek(0)
        if kind is None:
            raise InvalidInput(_("a photo must be a JPEG, PNG or WebP image"), field="photos")
        checked.append((photo, kind))
    return checked


def _check_photo_count(count: int) -> None:
    if count > EXAMINATION_PHOTOS_MAX:
        raise InvalidInput(_("an examination keeps at most 6 photos"), field="photos")


def _save_photos(examination: Examination, photos: list[tuple[UploadedFile[bytes], str]], written: list[str]) -> None:
    for photo, kind in photos:
        row = ExaminationPhoto(examination=examination, content_type=kind, size=photo.size or 0)
        row.file.save(f"examination-{examination.pk}{EXAMINATION_PHOTO_KINDS[kind]}", photo, save=False)
        written.append(row.file.name or "")
        row.save()


def _delete_files(names: Iterable[str]) -> None:
    storage = ExaminationPhoto.file.field.storage
    for name in filter(None, names):
        storage.delete(name)


# --- the examiner and the findings ---------------------------------------------------------------


def _examiner_name(store_id: int, examiner_id: int) -> str:
    name = store_staff().employee_name(store_id=store_id, employee_id=examiner_id)
    if name is None:
        raise InvalidInput(_("choose an examiner from the store's staff"), field="examinerId")
    return name


def _check_date(examined_on: date) -> date:
    if examined_on > timezone.localdate():
        raise InvalidInput(_("the examination date cannot be in the future"), field="examinedOn")
    return examined_on


# --- use cases -----------------------------------------------------------------------------------


def examination_add(
    *, actor: Actor, member: Member, store_id: int, fields: ExaminationFields, photos: list[UploadedFile[bytes]]
) -> Examination:
    """Records an examination of `member` made at `store_id`, with its photos, in one transaction."""
    checked = _checked_photos(photos)
    _check_photo_count(len(checked))
    examiner_name = _examiner_name(store_id, fields["examiner_id"])
    _check_date(fields["examined_on"])
    written: list[str] = []
    try:
        with use_case_atomic():
            examination = Examination.objects.create(
                member=member,
                store_id=store_id,
                examiner_name=examiner_name,
                created_by_id=actor.user_id,
                **fields,
            )
            _save_photos(examination, checked, written)
            audit_record(
                actor=actor,
                action=AuditAction.EXAMINATION_ADDED,
                target=examination,
                detail={"memberId": member.pk, "photos": len(checked)},
            )
    except BaseException:
        _delete_files(written)
        raise
    return examination


def examination_correct(
    *,
    actor: Actor,
    examination_id: int,
    fields: ExaminationFields,
    photos: list[UploadedFile[bytes]],
    remove_photo_ids: list[int],
) -> Examination:
    """Corrects an examination: its findings, its examiner, photos added and removed. The log keeps
    each changed field with its value before and after."""
    checked = _checked_photos(photos)
    _check_date(fields["examined_on"])
    written: list[str] = []
    try:
        with use_case_atomic():
            examination = Examination.objects.select_for_update().get(pk=examination_id)
            kept = {photo.pk: photo for photo in examination.photos.all()}
            unknown = set(remove_photo_ids) - kept.keys()
            if unknown:
                raise InvalidInput(_("a photo to remove is not one of this examination's"), field="removePhotoIds")
            _check_photo_count(len(kept) - len(set(remove_photo_ids)) + len(checked))
            changed: dict[str, list[Any]] = {}
            if fields["examiner_id"] != examination.examiner_id:
                name = _examiner_name(examination.store_id, fields["examiner_id"])
                changed["examiner"] = [examination.examiner_name, name]
                examination.examiner_id, examination.examiner_name = fields["examiner_id"], name
            for field in FINDING_FIELDS:
                before, after = getattr(examination, field), fields.get(field, "")
                if before != after:
                    changed[field] = [str(before), str(after)]
                    setattr(examination, field, after)
            examination.save()
            removed = [kept[photo_id] for photo_id in sorted(set(remove_photo_ids))]
            removed_files = [photo.file.name or "" for photo in removed]
            ExaminationPhoto.objects.filter(pk__in=[photo.pk for photo in removed]).delete()
            _save_photos(examination, checked, written)
            audit_record(
                actor=actor,
                action=AuditAction.EXAMINATION_CORRECTED,
                target=examination,
                detail={
                    "memberId": examination.member_id,
                    "changed": changed,
                    "photosAdded": len(checked),
                    "photosRemoved": [photo.pk for photo in removed],
                },
            )
            transaction.on_commit(lambda: _delete_files(removed_files))
    except BaseException:
        _delete_files(written)
        raise
    return examination


# --- reads -----------------------------------------------------------------------------------------


def examinations_of(member: Member, store_ids: frozenset[int]) -> QuerySet[Examination]:
    """The member's examinations made in the stores of the chosen role, newest first."""
    return Examination.objects.filter(member=member, store_id__in=store_ids).order_by("-examined_on", "-id")


def examination_rows(window: Iterable[Examination]) -> list[ExaminationRow]:
    """A page of examinations with their photos' ids (two queries)."""
    rows = list(window)
    photos: dict[int, list[int]] = {row.pk: [] for row in rows}
    for examination_id, photo_id in ExaminationPhoto.objects.filter(examination__in=rows).values_list(
        "examination_id", "id"
    ):
        photos[examination_id].append(photo_id)
    return [examination_row(row, photos[row.pk]) for row in rows]


class ExaminationRow(TypedDict):
    """An examination with its photos' ids (ExaminationOutputSerializer)."""

    id: int
    memberId: int
    storeId: int
    examinedOn: date
    examinerId: int
    examinerName: str
    scalpType: str
    scalpTypeName: str
    oiliness: str
    sensitivity: str
    dandruff: str
    hairLoss: str
    hairDensity: str
    hairThickness: str
    notes: str
    recommendation: str
    photoIds: list[int]
    createdAt: datetime
    updatedAt: datetime


def examination_row(examination: Examination, photo_ids: list[int] | None = None) -> ExaminationRow:
    if photo_ids is None:
        photo_ids = list(examination.photos.values_list("id", flat=True))
    return {
        "id": examination.pk,
        "memberId": examination.member_id,
        "storeId": examination.store_id,
        "examinedOn": examination.examined_on,
        "examinerId": examination.examiner_id,
        "examinerName": examination.examiner_name,
        "scalpType": examination.scalp_type,
        "scalpTypeName": examination.get_scalp_type_display(),
        "oiliness": examination.oiliness,
        "sensitivity": examination.sensitivity,
        "dandruff": examination.dandruff,
        "hairLoss": examination.hair_loss,
        "hairDensity": examination.hair_density,
        "hairThickness": examination.hair_thickness,
        "notes": examination.notes,
        "recommendation": examination.recommendation,
        "photoIds": photo_ids,
        "createdAt": examination.created_at,
        "updatedAt": examination.updated_at,
    }


def examinations_with_member() -> QuerySet[Examination]:
    """Every examination with its member, for apps.core.scoping to pick one of the role's stores."""
    return Examination.objects.select_related("member")


def store_examinations(
    *,
    store_ids: frozenset[int],
    member_id: int | None = None,
    examiner_id: int | None = None,
    scalp_type: str = "",
    date_from: date | None = None,
    date_to: date | None = None,
    name: str = "",
) -> QuerySet[Examination]:
    """The examinations made in `store_ids` of members filed there (/rest/userTest/store/search),
    newest first: the same rule as one examination read by id (a member moved to another store takes
    their examinations with them). Served by the member and store indexes; a store's list by
    examination_store_newest."""
    found = Examination.objects.filter(store_id__in=store_ids, member__home_store_id__in=store_ids)
    if member_id is not None:
        found = found.filter(member_id=member_id)
    if examiner_id is not None:
        found = found.filter(examiner_id=examiner_id)
    if scalp_type:
        found = found.filter(scalp_type=scalp_type)
    if date_from is not None:
        found = found.filter(examined_on__gte=date_from)
    if date_to is not None:
        found = found.filter(examined_on__lte=date_to)
    if name:
        found = found.filter(member__name__contains=name)
    return found.order_by("-examined_on", "-id")


def store_examination_count(*, store_ids: frozenset[int], **filters: Any) -> int:
    """How many examinations the store's list holds with these filters (its count call)."""
    return store_examinations(store_ids=store_ids, **filters).count()


class StoreExaminationRow(ExaminationRow):
    """An examination in the store's list, with whose it is (the phone masked)."""

    memberName: str
    memberPhone: str


def store_examination_rows(window: Iterable[Examination]) -> list[StoreExaminationRow]:
    rows = list(window)
    members = {
        member.pk: member
        for member in Member.objects.filter(pk__in={row.member_id for row in rows}).only("name", "phone")
    }
    return [
        {
            **row,
            "memberName": members[row["memberId"]].name,
            "memberPhone": mask_phone(members[row["memberId"]].phone),
        }
        for row in examination_rows(rows)
    ]


def examination_photo(*, photo_id: int) -> ExaminationPhoto | None:
    """A photo by its id, or None; whose examination it is, is the caller's to check."""
    return ExaminationPhoto.objects.filter(pk=photo_id).first()
