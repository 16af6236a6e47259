"""Member move-in calls (spec §7.7 `storemembermoveinrest/*`, `storerelocationupload/*`; issue 17
§2; docs/api.md "Member move-in"): thin views over apps.members.move_ins (writes),
move_in_selectors (reads) and move_in_import. A move-in belongs to its store: another store's
answers 404, for reading and writing alike; its attachments are read through this API only."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import NotFound
from apps.core.excel import XLSX_CONTENT_TYPE
from apps.core.files import file_response
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.scoping import get_in_scope, scope_of
from apps.members import move_in_import, move_in_selectors, move_ins
from apps.members.api import move_in_serializers as io
from apps.members.move_ins import LineInput, MoveInInput
from apps.org.selectors import store_acted_in

# /moveIn and /moveInList (ERP-HYQR-PAG-0001-0000) create and edit; /moveInDetailList and
# /moveInDetail (ERP-HYQR-PAG-0001-0001) read.
MOVE_IN_EDIT = (code_of("/moveIn"),)
MOVE_IN_READ = (code_of("/moveIn"), code_of("/moveInDetail"))


def _saved() -> str:
    return _("saved")


def _move_in(request: Request, move_in_id: int) -> move_in_selectors.MoveIn:
    return get_in_scope(move_in_selectors.move_ins_with_store(), request, pk=move_in_id)


def _input(data: ValidatedData, kept: move_in_selectors.MoveIn | None = None) -> MoveInInput:
    member_id, name, area_code, phone, birthday = (
        data.get("memId"),
        data.get("name", ""),
        data.get("areaCode", "0086"),
        data.get("phone", ""),
        data.get("birthday"),
    )
    if kept is not None:
        member_id, name, area_code, phone, birthday = (
            kept.member_id,
            kept.name,
            kept.area_code,
            kept.phone,
            kept.birthday,
        )
    return MoveInInput(
        member_id=member_id,
        name=name,
        area_code=area_code,
        phone=phone,
        birthday=birthday,
        source_brand=data.get("sourceBrand", ""),
        source_store=data["sourceStore"],
        remark=data.get("remark", ""),
        lines=[
            LineInput(
                old_card_name=line["oldCardName"],
                old_card_no=line.get("oldCardNo", ""),
                kind=line["kind"],
                card_type_id=line["cardTypeId"],
                old_balance=line["oldBalance"],
                coefficient=line["coefficient"],
                expires_on=line.get("expiresOn"),
                sessions=[(session["projectId"], session["sessions"]) for session in line.get("sessions", [])],
            )
            for line in data["lines"]
        ],
    )


def _detail(request: Request, move_in_id: int) -> move_in_selectors.MoveInDetail:
    return move_in_selectors.move_in_detail(_move_in(request, move_in_id))


class _Filtered:
    def filtered(self, request: Request, filters: ValidatedData) -> Any:
        return move_in_selectors.move_ins(store_ids=scope_of(request).store_ids, **filters)


class MoveInListApi(_Filtered, PagedListApi):
    required_codes = MOVE_IN_READ
    filters = io.MoveInListInputSerializer
    page_output = io.MoveInPageOutputSerializer
    summary = "The move-ins of the role's stores, newest first (paged; status, keyword, dates)"

    def rows(self, request: Request, filters: ValidatedData) -> Any:
        return self.filtered(request, filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return move_in_selectors.move_in_rows(window)


class MoveInCountApi(_Filtered, ErpApi):
    required_codes = MOVE_IN_READ

    @extend_schema(parameters=[io.MoveInListInputSerializer], responses=io.MoveInCountOutputSerializer)
    def get(self, request: Request) -> EnvelopeResponse:
        filters = self.parse(io.MoveInListInputSerializer, request.query_params)
        return EnvelopeResponse({"total": move_in_selectors.move_in_count(self.filtered(request, filters))})


class MoveInSummaryApi(_Filtered, ErpApi):
    required_codes = MOVE_IN_READ

    @extend_schema(
        parameters=[io.MoveInListInputSerializer],
        responses=io.MoveInSummaryOutputSerializer,
        summary="Counts by status and totals of the filtered move-ins",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        filters = self.parse(io.MoveInListInputSerializer, request.query_params)
        return EnvelopeResponse(move_in_selectors.move_in_summary(self.filtered(request, filters)))


class MoveInLineListApi(PagedListApi):
    required_codes = MOVE_IN_READ
    filters = io.MoveInLineListInputSerializer
    page_output = io.MoveInLinePageOutputSerializer
    summary = "The old cards of the role's stores' move-ins (the move-in detail list, paged)"

    def rows(self, request: Request, filters: ValidatedData) -> Any:
        return move_in_selectors.move_in_lines(store_ids=scope_of(request).store_ids, **filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return move_in_selectors.move_in_line_rows(window)


class MoveInDetailApi(ErpApi):
    required_codes = MOVE_IN_READ

    @extend_schema(parameters=[io.MoveInIdInputSerializer], responses=io.MoveInDetailOutputSerializer)
    def get(self, request: Request) -> EnvelopeResponse:
        move_in_id = self.parse(io.MoveInIdInputSerializer, request.query_params)["id"]
        return EnvelopeResponse(_detail(request, move_in_id))


class MoveInSaveApi(ErpApi):
    required_codes = MOVE_IN_EDIT

    @extend_schema(
        request=io.MoveInSaveInputSerializer,
        responses={201: io.MoveInDetailOutputSerializer},
        summary="Save a new move-in as a draft",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.MoveInSaveInputSerializer, request.data)
        move_in = move_ins.move_in_create(
            actor=self.actor(), store=store_acted_in(session_of(request)), data=_input(data)
        )
        return EnvelopeResponse(_detail(request, move_in.pk), message=_saved(), status=201)


class MoveInUpdateApi(ErpApi):
    required_codes = MOVE_IN_EDIT

    @extend_schema(
        request=io.MoveInUpdateInputSerializer,
        responses=io.MoveInDetailOutputSerializer,
        summary="Replace a draft's (or a rejected move-in's) member, source and old cards",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.MoveInUpdateInputSerializer, request.data)
        move_in = _move_in(request, data["id"])
        kept = move_in if data["keepMember"] else None
        move_ins.move_in_update(actor=self.actor(), move_in=move_in, data=_input(data, kept))
        return EnvelopeResponse(_detail(request, move_in.pk), message=_saved())


class MoveInDeleteApi(ErpApi):
    required_codes = MOVE_IN_EDIT

    @extend_schema(request=io.MoveInIdInputSerializer, responses=OpenApiTypes.NONE, summary="Delete a draft")
    def post(self, request: Request) -> EnvelopeResponse:
        move_in = _move_in(request, self.parse(io.MoveInIdInputSerializer, request.data)["id"])
        move_ins.move_in_delete(actor=self.actor(), move_in=move_in)
        return EnvelopeResponse(None, message=_("deleted"))


class MoveInCommitApi(ErpApi):
    required_codes = MOVE_IN_EDIT

    @extend_schema(
        request=io.MoveInIdInputSerializer,
        responses=io.MoveInDetailOutputSerializer,
        summary="Send a draft (or a corrected rejected move-in) for approval",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        move_in = _move_in(request, self.parse(io.MoveInIdInputSerializer, request.data)["id"])
        move_ins.move_in_commit(actor=self.actor(), move_in=move_in)
        return EnvelopeResponse(_detail(request, move_in.pk), message=_("submitted for approval"))


class MoveInFindByPhoneApi(ErpApi):
    required_codes = MOVE_IN_EDIT

    @extend_schema(
        parameters=[io.PhoneLookupInputSerializer],
        responses=io.PhoneLookupOutputSerializer,
        summary="The member holding a whole phone, chain-wide (none: the move-in files a new member)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.PhoneLookupInputSerializer, request.query_params)
        member = move_in_selectors.member_by_phone(area_code=data["areaCode"], phone=data["phone"].strip())
        return EnvelopeResponse({"found": member is not None, "member": member})


class MoveInCardTypesApi(ErpApi):
    required_codes = MOVE_IN_EDIT

    @extend_schema(
        parameters=[io.CardTypeListInputSerializer],
        responses=io.MoveInCardTypeOutputSerializer(many=True),
        summary="The card types enabled in the store a move-in may issue",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        kind = self.parse(io.CardTypeListInputSerializer, request.query_params).get("kind", "")
        store = store_acted_in(session_of(request))
        return EnvelopeResponse(move_in_selectors.card_types(store_id=store.pk, kind=kind))


class MoveInProjectsApi(ErpApi):
    required_codes = MOVE_IN_EDIT

    @extend_schema(
        responses=io.MoveInProjectOutputSerializer(many=True),
        summary="The projects enabled in the store (a package card's sessions)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(move_in_selectors.projects(store_id=store_acted_in(session_of(request)).pk))


class MoveInNewCardDiscountApi(ErpApi):
    required_codes = MOVE_IN_EDIT

    @extend_schema(
        parameters=[io.CardTypeIdInputSerializer],
        responses=io.NewCardDiscountOutputSerializer,
        summary="The new card type's discount rates by category",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        card_type_id = self.parse(io.CardTypeIdInputSerializer, request.query_params)["cardTypeId"]
        store = store_acted_in(session_of(request))
        card_type = move_in_selectors.enabled_card_type(store_id=store.pk, card_type_id=card_type_id)
        if card_type is None:
            raise NotFound()
        return EnvelopeResponse(move_in_selectors.new_card_discount(card_type))


class MoveInAttachmentsApi(ErpApi):
    required_codes = MOVE_IN_READ

    @extend_schema(parameters=[io.MoveInIdInputSerializer], responses=io.AttachmentOutputSerializer(many=True))
    def get(self, request: Request) -> EnvelopeResponse:
        move_in = _move_in(request, self.parse(io.MoveInIdInputSerializer, request.query_params)["id"])
        return EnvelopeResponse(move_in_selectors.attachments(move_in.pk))


class AttachmentUploadApi(ErpApi):
    required_codes = MOVE_IN_EDIT

    @extend_schema(
        request={"multipart/form-data": io.AttachmentUploadInputSerializer},
        responses={201: io.AttachmentOutputSerializer},
        summary="Attach a photo of the old card or the contract (JPEG, PNG or PDF, at most 5 MB)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        # The move-in first: another store's answers 404 whatever the file.
        move_in = _move_in(request, self.parse(io.MoveInIdInputSerializer, request.data)["id"])
        data = self.parse(io.AttachmentUploadInputSerializer, request.data)
        attachment = move_ins.attachment_add(actor=self.actor(), move_in=move_in, upload=data["file"])
        return EnvelopeResponse(move_in_selectors.attachment_row(attachment), message=_("uploaded"), status=201)


def _attachment(request: Request, attachment_id: int) -> move_in_selectors.MoveInAttachment:
    return get_in_scope(move_in_selectors.move_in_attachments(), request, "move_in__store", pk=attachment_id)


class AttachmentDeleteApi(ErpApi):
    required_codes = MOVE_IN_EDIT

    @extend_schema(request=io.MoveInIdInputSerializer, responses=OpenApiTypes.NONE, summary="Remove an attachment")
    def post(self, request: Request) -> EnvelopeResponse:
        attachment = _attachment(request, self.parse(io.MoveInIdInputSerializer, request.data)["id"])
        move_ins.attachment_delete(actor=self.actor(), attachment=attachment)
        return EnvelopeResponse(None, message=_("deleted"))


class AttachmentFileApi(ErpApi):
    required_codes = MOVE_IN_READ

    @extend_schema(
        responses={
            (200, "application/octet-stream"): OpenApiResponse(
                OpenApiTypes.BINARY, description="the file (not the envelope); errors answer the envelope"
            )
        },
        summary="An attachment's file, to a signed-in user of the move-in's store",
    )
    def get(self, request: Request, attachment_id: int) -> HttpResponseBase:
        attachment = _attachment(request, attachment_id)
        # A download under the name it was uploaded with: the page saves it, a PDF never opens here.
        return file_response(attachment.file.open("rb"), content_type=attachment.content_type, name=attachment.name)


class ImportApi(ErpApi):
    required_codes = MOVE_IN_EDIT

    @extend_schema(
        request={"multipart/form-data": io.ImportInputSerializer},
        responses={201: io.ImportOutputSerializer},
        summary="Import move-ins from an .xlsx file as drafts: all or nothing (a bad row: 400 MEM-40010)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.ImportInputSerializer, request.data)
        created = move_in_import.move_ins_import(
            actor=self.actor(), store=store_acted_in(session_of(request)), file=data["file"]
        )
        rows = move_in_selectors.imported_move_in_rows([move_in.pk for move_in in created])
        return EnvelopeResponse(
            {"created": len(created), "moveIns": rows},
            message=_("%(n)d move-ins imported") % {"n": len(created)},
            status=201,
        )


class ImportTemplateApi(ErpApi):
    required_codes = MOVE_IN_EDIT

    @extend_schema(
        responses={(200, XLSX_CONTENT_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="the empty import file")},
        summary="The move-in import template (.xlsx, headers in the reader's language)",
    )
    def get(self, request: Request) -> HttpResponse:
        stamp = timezone.localdate().strftime("%Y%m%d")
        return file_response(
            move_in_import.template(), content_type=XLSX_CONTENT_TYPE, name=f"move-in-template-{stamp}.xlsx"
        )
