"""Group-buy write-off calls (contract §9; spec §7.5, §7.8 `order/groupBuy`, `rzCheckFrequencyLimit/*`):
thin views over apps.groupbuy's services and selectors. `storeId` (`stoId`) is one of the role's
stores, the chosen one by default; another answers 404.

The write-off calls run in two steps around their Idempotency-Key's commit (apps.core.idempotency
AfterCommit): the record written pending (the code held), then the platform asked with no
transaction open. A replay answers the first step (the record, pending); the records list has its end."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.billing.orders.lines import StaffShare
from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi
from apps.core.api.phone_fragments import PhoneFragmentSearch
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import InvalidInput, PermissionRefused
from apps.core.idempotency import AfterCommit, idempotent
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.role_codes import WRITE_OFF_CANCEL, WRITE_OFF_FREQUENCY_CONFIRM
from apps.core.scoping import named_store_id, store_in_scope
from apps.groupbuy import selectors, serving, write_offs
from apps.groupbuy.api import serializers as io
from apps.groupbuy.form import WriteOffForm
from apps.groupbuy.items import LIST_TYPES, store_items
from apps.groupbuy.rows import WriteOffRow
from apps.org.selectors import Store, store_acted_in, stores

# The write-off dialog opens from the board, the top bar and the member search: the board's and the
# cashier's roles write off; serving makes an order (the cashier's).
WRITE_OFF = (code_of("/orderBoard"), code_of("/account"))
CASHIER = (code_of("/account"),)


def _no_store() -> InvalidInput:
    # A role above store level names the store a write-off is for.
    return InvalidInput(_("please choose a role at a store first"), field="storeId")


def _store_id(request: Request, store_id: int | None) -> int:
    acting = named_store_id(request, store_id)
    if acting is None:
        raise _no_store()
    return acting


def _store(request: Request, store_id: int | None) -> Store:
    return store_in_scope(stores(), request, store_id, when_none=_no_store())


def _answer(record: selectors.WriteOff) -> WriteOffRow:
    record = selectors.record_as_listed(record)
    return {
        "recordId": record.pk,
        "orderId": record.order_id,
        "status": record.status,
        "record": selectors.record_row(record),
    }


class PlatformListApi(ErpApi):
    required_codes = WRITE_OFF

    @extend_schema(
        parameters=[io.PlatformListInputSerializer],
        responses=io.WriteOffPlatformOutputSerializer(many=True),
        summary="The platforms of a write-off tab (1 group-buy, 2 joint venture, 3 fission)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        platform_type = self.parse(io.PlatformListInputSerializer, request.query_params)["platform_type"]
        return EnvelopeResponse(write_offs.write_off_platforms(platform_type=platform_type))


class RecordListApi(PhoneFragmentSearch, PagedListApi):
    required_codes = WRITE_OFF
    filters = io.RecordListInputSerializer
    schema_parameters = [io.RecordListInputSerializer]
    page_output = io.WriteOffRecordPageOutputSerializer
    summary = "The store's written-off records (page sizes 10, 20, 30, 40); phones masked"

    def rows(self, request: Request, filters: ValidatedData) -> Any:
        return selectors.records(
            store_id=_store_id(request, filters.get("store_id")),
            platform_id=filters.get("platform_id"),
            platform_type=filters.get("platform_type"),
            check_code=filters.get("check_code", ""),
            unified_code=filters.get("unified_code", ""),
            phone=filters.get("phone", ""),
            phone_view=self.phone_view(request),
        )

    def render_rows(self, window: Any) -> list[Any]:
        return selectors.record_rows(window)


class ItemListApi(ErpApi):
    required_codes = WRITE_OFF

    @extend_schema(
        parameters=[io.ItemListInputSerializer],
        responses=io.CouponItemOutputSerializer(many=True),
        summary="The projects (type 2) or project packages (type 4) a coupon may buy at the store",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.ItemListInputSerializer, request.query_params)
        store_id = _store_id(request, data.get("store_id"))
        return EnvelopeResponse([item.to_wire() for item in store_items(store_id, LIST_TYPES[int(data["type"])])])


class CardListApi(ErpApi):
    required_codes = WRITE_OFF

    @extend_schema(
        parameters=[io.StoreInputSerializer],
        responses=io.CouponItemOutputSerializer(many=True),
        summary="The card types a coupon may buy at the store",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.StoreInputSerializer, request.query_params)
        store_id = _store_id(request, data.get("store_id"))
        return EnvelopeResponse([item.to_wire() for item in store_items(store_id, "card")])


class PreCheckApi(ErpApi):
    required_codes = WRITE_OFF

    @extend_schema(
        request=io.CodeInputSerializer,
        responses=io.PreCheckOutputSerializer,
        summary="What a review platform's code (19, 21) buys here: projects, packages, cards",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CodeInputSerializer, request.data)
        answer = write_offs.pre_check(
            platform_id=data.get("platform_id"),
            check_code=data.get("check_code", ""),
            store_id=_store_id(request, data.get("store_id")),
        )
        return EnvelopeResponse(answer)


def _form(request: Request, data: ValidatedData) -> WriteOffForm:
    return WriteOffForm(
        platform_type=data.get("platform_type"),
        platform_id=data.get("platform_id"),
        store_id=_store_id(request, data.get("store_id")),
        check_code=data.get("check_code", ""),
        area_code=data.get("area_code") or "0086",
        phone=data.get("phone", ""),
        commodity_type=data.get("commodity_type") or "",
        commodity_id=data.get("commodity_id"),
        from_reservation=data.get("from_reservation", False),
        member_id=data.get("member_id"),
    )


class _WriteOffApi(ErpApi):
    required_codes = WRITE_OFF
    review = False

    def write_off(self, request: Request) -> AfterCommit:
        data = self.parse(io.WriteOffInputSerializer, request.data)
        session = session_of(request)
        if data["frequency_confirmed"] and WRITE_OFF_FREQUENCY_CONFIRM.code not in session.codes:
            raise PermissionRefused(_("only a principal can confirm a phone over its write-off limit"))
        store = _store(request, data.get("store_id"))
        form = _form(request, data)
        actor = self.actor()
        record = write_offs.write_off_start(
            actor=actor,
            session=session,
            store=store,
            form=form,
            review=self.review,
            confirmation=write_offs.Confirmation(
                by_principal=data["frequency_confirmed"], authorization_code=data["authorization_code"]
            ),
        )

        def finish() -> EnvelopeResponse:
            done = write_offs.write_off_finish(actor=actor, record=record)
            return EnvelopeResponse(_answer(done), message=_("written off"), status=201)

        return AfterCommit(_answer(record), _("written off"), status=201, after_commit=finish)


class WriteOffReviewApi(_WriteOffApi):
    review = True

    @extend_schema(
        request=io.WriteOffInputSerializer,
        responses={201: io.WriteOffOutputSerializer},
        summary="Write off a review platform's code (19, 21; Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        return self.write_off(request)


class WriteOffApi(_WriteOffApi):
    @extend_schema(
        request=io.WriteOffInputSerializer,
        responses={201: io.WriteOffOutputSerializer},
        summary="Write off another platform's code (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        return self.write_off(request)


class ServeApi(ErpApi):
    required_codes = CASHIER

    @extend_schema(
        request=io.ServeInputSerializer,
        responses=io.WriteOffOutputSerializer,
        summary="Serve a written-off coupon: its order, paid by the coupon (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.ServeInputSerializer, request.data)
        staff = data.get("staff")
        record = serving.write_off_serve(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            record_id=data["record_id"],
            staff=None if staff is None else tuple(StaffShare(s["employee_id"], s["share"]) for s in staff),
            reservation_id=data.get("reservation_id"),
            # Left out: the member's one reservation of today; null: served for no reservation.
            find_reservation="reservation_id" not in data,
            commodity_type=data.get("commodity_type", ""),
            commodity_id=data.get("commodity_id"),
        )
        return EnvelopeResponse(_answer(record), message=_("served"))


class CancelApi(ErpApi):
    required_codes = (WRITE_OFF_CANCEL.code,)

    @extend_schema(
        request=io.CancelInputSerializer,
        responses=io.WriteOffOutputSerializer,
        summary="Cancel a write-off at its platform and undo its order (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CancelInputSerializer, request.data)
        record = serving.write_off_cancel(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            record_id=data["record_id"],
            reason=data["reason"],
        )
        return EnvelopeResponse(_answer(record), message=_("cancelled"))


# -- rzCheckFrequencyLimit/* ------------------------------------------------------------------------


class FrontCheckStoreApi(ErpApi):
    required_codes = WRITE_OFF

    @extend_schema(
        parameters=[io.StoreInputSerializer],
        responses=io.FrontCheckStoreOutputSerializer,
        summary="Whether the store requires front-desk checking (isFrontCheckStore)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        store = _store(request, self.parse(io.StoreInputSerializer, request.query_params).get("store_id"))
        return EnvelopeResponse({"storeId": store.pk, "frontCheck": store.front_desk_check_required})


class PhoneFrequencyApi(ErpApi):
    required_codes = WRITE_OFF

    @extend_schema(
        parameters=[io.FrequencyInputSerializer],
        responses=io.FrequencyOutputSerializer,
        summary="A phone's write-offs in the period and its limit (queryPhoneCheckFrequencyStatistics)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.FrequencyInputSerializer, request.query_params)
        return EnvelopeResponse(write_offs.phone_frequency(area_code=data["area_code"], phone=data["phone"]).to_wire())


class CodeCheckApi(ErpApi):
    required_codes = WRITE_OFF

    @extend_schema(
        request=io.CodeInputSerializer,
        responses=io.CodeCheckOutputSerializer,
        summary="Check a coupon code here and at its platform, nothing consumed (checkCode)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CodeInputSerializer, request.data)
        return EnvelopeResponse(
            write_offs.code_check_answer(
                platform_id=data.get("platform_id"),
                check_code=data.get("check_code", ""),
                store_id=_store_id(request, data.get("store_id")),
            )
        )


class OnlinePriceCheckApi(ErpApi):
    required_codes = WRITE_OFF

    @extend_schema(
        request=io.PriceCheckInputSerializer,
        responses=io.PriceCheckOutputSerializer,
        summary="The deal's prices against the store's price of the item (onlinePriceCheck)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.PriceCheckInputSerializer, request.data)
        return EnvelopeResponse(
            write_offs.online_price_check(
                platform_id=data.get("platform_id"),
                check_code=data.get("check_code", ""),
                store_id=_store_id(request, data.get("store_id")),
                commodity_type=data["commodity_type"],
                commodity_id=data["commodity_id"],
            )
        )


class ReviewFrontCheckApi(ErpApi):
    required_codes = WRITE_OFF

    @extend_schema(
        request=io.WriteOffInputSerializer,
        responses=io.ReviewFrontCheckOutputSerializer,
        summary="Everything a review platform's write-off will check, nothing written (reviewFrontCheck)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.WriteOffInputSerializer, request.data)
        return EnvelopeResponse(write_offs.review_front_check(form=_form(request, data)))
