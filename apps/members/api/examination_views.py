"""A member's scalp and hair examinations (/examiningDetail, ERP-HYGL-PAG-0003-0000): list, record,
read, correct, and the photos. Examination records are a member's health data: unlike the member
file, which any store reads, they are reached only through a member of the chosen role's stores
(another store's member answers 404), and each examination only in the stores of the role."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import NotFound
from apps.core.files import file_response
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.scoping import get_in_scope
from apps.members import examinations, selectors
from apps.members.api import examination_serializers as io
from apps.members.examinations import ExaminationFields
from apps.members.hooks import store_staff
from apps.org.selectors import store_acted_in

EXAMINATION_PAGE = (code_of("/examiningDetail"),)


def _member(request: Request, member_id: int) -> selectors.Member:
    return get_in_scope(selectors.members(), request, "home_store", pk=member_id)


def _examination(request: Request, examination_id: int) -> examinations.Examination:
    examination = get_in_scope(examinations.examinations_with_member(), request, pk=examination_id)
    _member(request, examination.member_id)  # the member moved to another store: not ours to read
    return examination


def _photos(data: ValidatedData) -> list[Any]:
    return list(data.pop("photos", []))


class ExaminationListApi(PagedListApi):
    required_codes = EXAMINATION_PAGE
    filters = io.ExaminationListInputSerializer
    page_output = io.ExaminationPageOutputSerializer
    schema_parameters = [io.ExaminationListInputSerializer]
    summary = "A member's scalp and hair examinations in the role's stores, newest first"

    def rows(self, request: Request, filters: ValidatedData) -> Any:
        member = _member(request, filters["member_id"])
        return examinations.examinations_of(member, session_of(request).store_ids)

    def render_rows(self, window: Iterable[examinations.Examination]) -> list[Any]:
        return examinations.examination_rows(window)


class ExaminationDetailApi(ErpApi):
    required_codes = EXAMINATION_PAGE

    @extend_schema(responses=io.ExaminationOutputSerializer, summary="One examination")
    def get(self, request: Request, examination_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(examinations.examination_row(_examination(request, examination_id)))


class ExaminationAddApi(ErpApi):
    required_codes = EXAMINATION_PAGE

    @extend_schema(
        request={"multipart/form-data": io.ExaminationAddInputSerializer},
        responses=io.ExaminationOutputSerializer,
        summary="Record an examination of a member of the store, with photos (multipart)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = dict(self.parse(io.ExaminationAddInputSerializer, request.data))
        member = _member(request, data.pop("member_id"))
        store = store_acted_in(session_of(request))
        photos = _photos(data)
        examination = examinations.examination_add(
            actor=self.actor(), member=member, store_id=store.pk, fields=cast(ExaminationFields, data), photos=photos
        )
        return EnvelopeResponse(examinations.examination_row(examination), message=_("saved"))


class ExaminationCorrectApi(ErpApi):
    required_codes = EXAMINATION_PAGE

    @extend_schema(
        request={"multipart/form-data": io.ExaminationCorrectInputSerializer},
        responses=io.ExaminationOutputSerializer,
        summary="Correct an examination: findings, examiner, photos added and removed (logged)",
    )
    def post(self, request: Request, examination_id: int) -> EnvelopeResponse:
        examination = _examination(request, examination_id)
        data = dict(self.parse(io.ExaminationCorrectInputSerializer, request.data))
        remove = data.pop("remove_photo_ids", [])
        photos = _photos(data)
        corrected = examinations.examination_correct(
            actor=self.actor(),
            examination_id=examination.pk,
            fields=cast(ExaminationFields, data),
            photos=photos,
            remove_photo_ids=remove,
        )
        return EnvelopeResponse(examinations.examination_row(corrected), message=_("saved"))


class ExaminationPhotoApi(ErpApi):
    """A photo, only through a signed-in call of the examination's stores: never from the media folder."""

    required_codes = EXAMINATION_PAGE

    @extend_schema(
        responses={
            (200, "image/*"): OpenApiResponse(OpenApiTypes.BINARY, description="the image; errors answer the envelope")
        },
        summary="An examination photo",
    )
    def get(self, request: Request, photo_id: int) -> HttpResponse:
        photo = examinations.examination_photo(photo_id=photo_id)
        if photo is None:
            raise NotFound()
        _examination(request, photo.examination_id)
        with photo.file.open("rb") as image:
            content = image.read()
        # The page shows it with <img>: inline, as only a known raster image may be.
        return file_response(content, content_type=photo.content_type, name=f"photo-{photo.pk}", inline=True)


class ExaminersApi(ErpApi):
    required_codes = EXAMINATION_PAGE

    @extend_schema(responses=io.ExaminerOutputSerializer(many=True), summary="The store's active staff, to examine")
    def get(self, request: Request) -> EnvelopeResponse:
        store = store_acted_in(session_of(request))
        return EnvelopeResponse(store_staff().active_staff(store_id=store.pk))


# /rest/userTest/store/* (spec §7.9): a store's member tests are its scalp and hair examinations
# (docs/api.md "The store's member tests"), read with the examination page's code.


def _store_examinations(request: Request, filters: ValidatedData) -> Any:
    return examinations.store_examinations(store_ids=session_of(request).store_ids, **filters)


class StoreExaminationListApi(PagedListApi):
    required_codes = EXAMINATION_PAGE
    filters = io.StoreExaminationListInputSerializer
    page_output = io.StoreExaminationPageOutputSerializer
    schema_parameters = [io.StoreExaminationListInputSerializer]
    summary = "The examinations made in the role's stores of their members, newest first, phones masked"

    def rows(self, request: Request, filters: ValidatedData) -> Any:
        return _store_examinations(request, filters)

    def render_rows(self, window: Iterable[examinations.Examination]) -> list[Any]:
        return examinations.store_examination_rows(window)


class StoreExaminationCountApi(ErpApi):
    required_codes = EXAMINATION_PAGE

    @extend_schema(
        parameters=[io.StoreExaminationFiltersSerializer],
        responses=io.ExaminationCountOutputSerializer,
        summary="How many examinations the store's list holds with these filters",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        filters = self.parse(io.StoreExaminationFiltersSerializer, request.query_params)
        return EnvelopeResponse(
            {"total": examinations.store_examination_count(store_ids=session_of(request).store_ids, **filters)}
        )


class StoreExaminationDetailApi(ErpApi):
    required_codes = EXAMINATION_PAGE

    @extend_schema(responses=io.StoreExaminationOutputSerializer, summary="One examination of the store's list")
    def get(self, request: Request, examination_id: int) -> EnvelopeResponse:
        examination = _examination(request, examination_id)
        return EnvelopeResponse(examinations.store_examination_rows([examination])[0])
