"""Member calls (spec §7.7, docs/api.md "Members"): thin views over apps.members.selectors (reads)
and apps.members.services (writes). Search is chain-wide; files another store owns can be read but
only their home store edits them (another store's member answers 404 to an edit, contract §5)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, NoReturn

from django.conf import settings
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.throttling import UserRateThrottle

from apps.accounts.session import session_of
from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi
from apps.core.api.phone_fragments import PhoneFragmentSearch
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import InvalidInput
from apps.core.fields import query_text
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.role_codes import MEMBER_CANCEL_DECIDE, MEMBER_PHONE_VIEW, MEMBER_POINTS_ADJUST, ROLE_CHOSEN
from apps.core.scoping import get_in_scope, get_or_not_found, scoped_to_stores
from apps.members import rules, selectors, services
from apps.members.api import serializers as io
from apps.members.choices import PHONE_MAX_LENGTH
from apps.org.selectors import store_acted_in

MEMBER_PAGES = (code_of("/MemberList"), code_of("/personalAccount"))
# Pages that mount the member search dialog with its "new customer into store".
MEMBER_WRITERS = (*MEMBER_PAGES, code_of("/orderBoard"), code_of("/account"))


def _saved() -> str:
    return _("saved")


def _dialog_fields(request: Request, *, phone_too_long: str, card_no: bool) -> dict[str, str]:
    """The search dialog's fields as typed, in the rules' words. The rules check every field (spec
    §5); a serializer here would only repeat them, and on the hottest call of the dialog it cost
    more than the lookup. query_text keeps the bounds of the input layer (length, no NUL) that
    MemberSearchInputSerializer documents. `card_no`: the form has the card number field."""
    params = request.query_params
    fields = {
        "area_code": query_text(params, "areaCode", max_length=8),
        "name": query_text(params, "name", max_length=40),
        "phone": query_text(params, "phone", max_length=PHONE_MAX_LENGTH, trim=True, too_long=phone_too_long),
    }
    if card_no:
        fields["card_no"] = query_text(params, "cardNo", max_length=40)
    fields["crm_code"] = query_text(params, "crmCode", max_length=40)
    return fields


class _SearchApi(ErpApi):
    """A member search of the dialog: the form's rules, then one selector (`search`)."""

    required_codes = ROLE_CHOSEN
    search = staticmethod(selectors.one_step_search)

    def form(self, request: Request) -> rules.SearchForm:
        return rules.check_search_form(
            **_dialog_fields(request, phone_too_long=_("please enter a correct phone number"), card_no=True)
        )

    @extend_schema(parameters=[io.MemberSearchInputSerializer], responses=io.MemberRowOutputSerializer(many=True))
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(self.rows(request))

    def rows(self, request: Request) -> list[selectors.MemberRow]:
        return self.search(self.form(request), session_of(request).hier_id)


class MemberSearchApi(_SearchApi):
    """Contract §1: exact, then fuzzy when exact finds nothing, and card number; merged by memId."""


class MemberExactQueryApi(_SearchApi):
    search = staticmethod(selectors.exact_query)


class MemberCardNoQueryApi(_SearchApi):
    search = staticmethod(selectors.card_no_query)


class MemberFuzzyQueryApi(PhoneFragmentSearch, _SearchApi):
    """likeQuery: the phone is a fragment here (4 to 11 digits), the name a fragment of 2 or more."""

    def rows(self, request: Request) -> list[selectors.MemberRow]:
        form, phone_view = self.form(request), self.phone_view(request)
        return selectors.fuzzy_query(form, session_of(request).hier_id, phone_view=phone_view)

    @extend_schema(parameters=[io.MemberFuzzySearchInputSerializer], responses=io.MemberRowOutputSerializer(many=True))
    def get(self, request: Request) -> EnvelopeResponse:
        return super().get(request)

    def form(self, request: Request) -> rules.SearchForm:
        return rules.check_fuzzy_form(
            **_dialog_fields(request, phone_too_long=_("please enter 4 to 11 digits of the phone"), card_no=False)
        )


class IntroducerSearchApi(PhoneFragmentSearch, ErpApi):
    required_codes = MEMBER_WRITERS
    phone_fragment_param = "keyword"

    @extend_schema(
        parameters=[io.IntroducerSearchInputSerializer],
        responses=io.MemberRowOutputSerializer(many=True),
        summary="Introducer candidates: digits of a phone, a member code or a name",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        keyword = self.parse(io.IntroducerSearchInputSerializer, request.query_params)["keyword"]
        rows = selectors.introducer_candidates(
            keyword, session_of(request).hier_id, phone_view=self.phone_view(request)
        )
        return EnvelopeResponse(rows)


class MemberFileApi(ErpApi):
    required_codes = MEMBER_PAGES

    @extend_schema(responses=io.MemberFileOutputSerializer, summary="A member file, chain-wide, phone masked")
    def get(self, request: Request, member_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(
            selectors.member_file(get_or_not_found(selectors.members(), pk=member_id), session_of(request).hier_id)
        )


class StoreMemberFileApi(ErpApi):
    required_codes = MEMBER_PAGES

    @extend_schema(responses=io.MemberFileOutputSerializer, summary="A member file of the chosen store")
    def get(self, request: Request, member_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(
            selectors.member_file(
                get_in_scope(selectors.members(), request, "home_store", pk=member_id), session_of(request).hier_id
            )
        )


class WholePhoneThrottle(UserRateThrottle):
    """One budget of whole phones per user an hour (settings.PHONE_VIEWS_PER_HOUR): whoever holds the
    code reads phones one at a time, never the whole chain's in a loop."""

    scope = "phone-view"

    def get_rate(self) -> str:
        return f"{settings.PHONE_VIEWS_PER_HOUR}/hour"


class WholePhonesSpent(exceptions.Throttled):
    """429 SYS-42900 in the request's language, with the minutes to wait."""

    wait: int | None

    def __init__(self, wait: float | None) -> None:
        minutes = max(1, math.ceil((wait or 0) / 60))
        super().__init__(
            detail=_("too many whole phones viewed: try again in %(minutes)s minutes") % {"minutes": minutes}
        )
        # Set after: given to the constructor, DRF would append its own English sentence.
        self.wait = math.ceil(wait) if wait is not None else None


class WholePhoneApi(ErpApi):
    required_codes = (MEMBER_PHONE_VIEW.code,)
    throttle_classes = (WholePhoneThrottle,)

    def throttled(self, request: Request, wait: float | None) -> NoReturn:
        raise WholePhonesSpent(wait)

    @extend_schema(responses=io.WholePhoneOutputSerializer, summary="A member's whole phone; each view is logged")
    def get(self, request: Request, member_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(
            services.whole_phone_viewed(actor=self.actor(), member=get_or_not_found(selectors.members(), pk=member_id))
        )


class _StoreListApi(PhoneFragmentSearch, ErpApi):
    required_codes = MEMBER_PAGES
    whole_phone = False

    def phone_fragment(self, request: Request) -> str:
        # The whole-phone lists take the whole number: an exact match, not a fragment.
        return "" if self.whole_phone else super().phone_fragment(request)

    def members(self, request: Request, data: ValidatedData) -> QuerySet[Any]:
        if self.whole_phone and data.get("phone") and len(data["phone"]) not in (8, 11):
            raise InvalidInput(_("please enter a correct phone number"), field="phone")
        return selectors.store_members(
            store_id=session_of(request).chosen_entry.hier_id,
            whole_phone=self.whole_phone,
            phone_view=self.phone_view(request),
            **data,
        )


class StoreMemberListApi(PagedListApi, _StoreListApi):
    filters = io.MemberListInputSerializer
    page_output = io.MemberPageOutputSerializer
    summary = "The chosen store's members, newest first, phones masked"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return selectors.with_labels(self.members(request, filters))

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.list_rows(session_of(self.request).hier_id)(window)


class StoreMemberCountApi(_StoreListApi):
    @extend_schema(
        parameters=[io.MemberListInputSerializer],
        responses=io.CountOutputSerializer,
        summary="How many of the chosen store's members match",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.MemberListInputSerializer, request.query_params)
        return EnvelopeResponse({"total": selectors.member_count(self.members(request, data))})


class StoreMemberWholePhoneListApi(StoreMemberListApi):
    whole_phone = True


class StoreMemberWholePhoneCountApi(StoreMemberCountApi):
    whole_phone = True


class MemberCreateApi(ErpApi):
    """newMember (contract §7)."""

    required_codes = MEMBER_WRITERS
    serializer_class = io.MemberCreateInputSerializer

    @extend_schema(request=io.MemberCreateInputSerializer, responses={201: io.MemberFileOutputSerializer})
    def post(self, request: Request) -> EnvelopeResponse:
        fields = self.parse(self.serializer_class, request.data)
        member = services.member_create(actor=self.actor(), store=store_acted_in(session_of(request)), **fields)
        return EnvelopeResponse(
            selectors.member_file(member, session_of(request).hier_id), message=_saved(), status=201
        )


class MemberStoreSaveApi(MemberCreateApi):
    """stoSaveMember: the store's full form."""

    serializer_class = io.MemberSaveInputSerializer

    @extend_schema(request=io.MemberSaveInputSerializer, responses={201: io.MemberFileOutputSerializer})
    def post(self, request: Request) -> EnvelopeResponse:
        return super().post(request)


class MemberStoreUpdateApi(ErpApi):
    required_codes = MEMBER_PAGES

    @extend_schema(request=io.MemberUpdateInputSerializer, responses=io.MemberFileOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        changes = dict(self.parse(io.MemberUpdateInputSerializer, request.data))
        member = get_in_scope(selectors.members(), request, "home_store", pk=changes.pop("member_id"))
        member = services.member_update(actor=self.actor(), member=member, **changes)
        return EnvelopeResponse(selectors.member_file(member, session_of(request).hier_id), message=_saved())


class SmsStatusApi(ErpApi):
    required_codes = MEMBER_PAGES

    @extend_schema(parameters=[io.MemberIdInputSerializer], responses=io.SmsConsentOutputSerializer)
    def get(self, request: Request) -> EnvelopeResponse:
        member_id = self.parse(io.MemberIdInputSerializer, request.query_params)["memId"]
        return EnvelopeResponse(selectors.sms_consent_row(get_or_not_found(selectors.members(), pk=member_id)))


class SmsStatusUpdateApi(ErpApi):
    required_codes = MEMBER_PAGES

    @extend_schema(request=io.SmsConsentInputSerializer, responses=io.SmsConsentOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.SmsConsentInputSerializer, request.data)
        member = services.sms_consent_set(
            actor=self.actor(),
            member=get_in_scope(selectors.members(), request, "home_store", pk=data["memId"]),
            consent=data["smsConsent"],
        )
        return EnvelopeResponse(selectors.sms_consent_row(member), message=_saved())


class MemberPointsListApi(PagedListApi):
    required_codes = MEMBER_PAGES
    filters = io.MemberIdInputSerializer
    page_output = io.PointsPageOutputSerializer

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.points_entry_rows(window)

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return selectors.points_entries(member_id=get_or_not_found(selectors.members(), pk=filters["memId"]).pk)


class StorePointsListApi(PagedListApi):
    required_codes = MEMBER_PAGES
    filters = io.PointsStoreListInputSerializer
    page_output = io.PointsPageOutputSerializer

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.points_entry_rows(window)

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return selectors.points_entries(store_id=session_of(request).hier_id, **filters)


class PointsAdjustApi(ErpApi):
    required_codes = (MEMBER_POINTS_ADJUST.code,)

    @extend_schema(request=io.PointsAdjustInputSerializer, responses=io.PointsAdjustOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.PointsAdjustInputSerializer, request.data)
        entry = services.points_adjust(
            actor=self.actor(),
            # Like every member write, only a member of the chosen store: another store's is 404.
            member=get_in_scope(selectors.members(), request, "home_store", pk=data["memId"]),
            store=store_acted_in(session_of(request)),
            change=data["change"],
            reason=data["reason"],
        )
        return EnvelopeResponse(selectors.points_adjusted(entry.pk), message=_saved())


class MemberLabelListApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(responses=io.MemberLabelOutputSerializer(many=True), summary="The enabled member labels")
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.labels_enabled())


class CancelApplyApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(request=io.CancelApplyInputSerializer, responses={201: io.CancellationOutputSerializer})
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CancelApplyInputSerializer, request.data)
        cancellation = services.cancellation_apply(
            actor=self.actor(),
            member=get_in_scope(selectors.members(), request, "home_store", pk=data["memId"]),
            store=store_acted_in(session_of(request)),
            reason=data["reason"],
        )
        return EnvelopeResponse(
            selectors.cancellation_row(get_in_scope(selectors.cancellations(), request, pk=cancellation.pk)),
            message=_("request submitted"),
            status=201,
        )


class CancelListApi(PagedListApi):
    required_codes = ROLE_CHOSEN
    filters = io.CancelListInputSerializer
    page_output = io.CancellationPageOutputSerializer

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.cancellation_rows(window)

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return scoped_to_stores(selectors.cancellations(**filters), request)


class CancelDecideApi(ErpApi):
    required_codes = (MEMBER_CANCEL_DECIDE.code,)

    @extend_schema(request=io.CancelDecideInputSerializer, responses=io.CancellationOutputSerializer)
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CancelDecideInputSerializer, request.data)
        cancellation = get_in_scope(selectors.cancellations(), request, pk=data["id"])
        services.cancellation_decide(
            actor=self.actor(), request=cancellation, approve=data["approve"], remark=data.get("remark", "")
        )
        return EnvelopeResponse(
            selectors.cancellation_row(get_in_scope(selectors.cancellations(), request, pk=cancellation.pk)),
            message=_saved(),
        )
