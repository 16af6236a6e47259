"""Store information and shop management (spec §7.2): thin views over apps.org.services (writes) and
apps.org.selectors (reads). A store the role may not see answers 404 as if it did not exist
(contract §5)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request

from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.page_registry import SHOP_MANAGEMENT_CODE, code_of
from apps.core.role_codes import ROLE_CHOSEN, STORE_CONTROLS
from apps.core.scoping import get_or_not_found, named_store_id, scope_of, store_in_scope
from apps.org import selectors, services
from apps.org.api import serializers as io

STORE_INFO_CODE = code_of("/storeBasicInfo")


class StoreBorrowOutTargetsApi(ErpApi):
    """Spec §7.2 findStoreListByBossId: the stores this store may lend stock to; the top bar shows
    "loan outbound" only when the list is not empty."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        responses=io.StoreRefSerializer(many=True),
        summary="Borrow-out target stores of a store",
    )
    def get(self, request: Request, store_id: int) -> EnvelopeResponse:
        named_store_id(request, store_id)  # another store's id answers 404
        return EnvelopeResponse(
            [{"id": store.pk, "name": store.name} for store in selectors.borrow_out_targets_of(store_id)]
        )


def _visible_store(request: Request, store_id: int) -> selectors.Store:
    """A store of the chosen role, or one the user owns (apps.org.selectors.visible_stores), or 404."""
    session = scope_of(request)
    return get_or_not_found(selectors.visible_stores(user_id=session.user_id, store_ids=session.store_ids), pk=store_id)


class StoreInfoApi(ErpApi):
    required_codes = (STORE_INFO_CODE, SHOP_MANAGEMENT_CODE)

    @extend_schema(responses=io.StoreInfoOutputSerializer, summary="A store's information (findErpById)")
    def get(self, request: Request, store_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.store_info(store=_visible_store(request, store_id)))


class StoreBorrowOutCandidatesApi(ErpApi):
    """The stores the store-information form offers as borrow-out targets."""

    required_codes = (STORE_INFO_CODE,)

    @extend_schema(
        responses=inline_serializer(
            "BorrowOutCandidate", {"id": serializers.IntegerField(), "name": serializers.CharField()}, many=True
        ),
        summary="Stores a store may lend stock to",
    )
    def get(self, request: Request, store_id: int) -> EnvelopeResponse:
        candidates = selectors.borrow_out_candidates(_visible_store(request, store_id))
        return EnvelopeResponse([{"id": store.pk, "name": store.name} for store in candidates])


class StoreInfoCheckApi(ErpApi):
    required_codes = (STORE_INFO_CODE, SHOP_MANAGEMENT_CODE)

    @extend_schema(responses=io.StoreInfoCheckOutputSerializer, summary="A store's information with its completeness")
    def get(self, request: Request, store_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.store_info_check(store=_visible_store(request, store_id)))


class StoreUpdateApi(ErpApi):
    required_codes = (STORE_INFO_CODE,)

    @extend_schema(
        request=io.StoreUpdateInputSerializer,
        responses=io.StoreInfoOutputSerializer,
        summary="Edit a store's information (UpdateErpStore); its approval, money and stock settings need "
        "BTN-MDGL-STORE-CONTROLS",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        changes = self.parse(io.StoreUpdateInputSerializer, request.data)
        store = store_in_scope(selectors.stores(), request, changes.pop("id"))
        may_change_controls = STORE_CONTROLS.code in scope_of(request).codes
        store = services.store_update(
            actor=self.actor(), store=store, may_change_controls=may_change_controls, **changes
        )
        return EnvelopeResponse(selectors.store_info(store=store), message=_saved())


class StoreDebtStatusApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[io.StoreIdQueryInputSerializer],
        responses=io.DebtStatusOutputSerializer,
        summary="Whether a store is disabled for debt (checkStoreStatusIsDebtDisable)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.StoreIdQueryInputSerializer, request.query_params)
        return EnvelopeResponse(selectors.store_debt_status(store=_visible_store(request, data["storeId"])))


def _saved() -> str:
    from django.utils.translation import gettext

    return gettext("saved")
