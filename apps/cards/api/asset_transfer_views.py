"""Asset transfer calls (spec §7.8 `asserMigration`, the paths beyond the area's name are ours; docs/api.md
"Asset transfer"): preview what would move, apply (files the approval request), list and detail.
The decision is the approval centre's (`approvalCenterRest/approve|reject`), which carries the
transfer out through the kind's hook (apps.cards.asset_transfers.on_approved)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.cards import asset_transfer_selectors as selectors
from apps.cards import asset_transfers
from apps.cards.api import asset_transfer_serializers as io
from apps.cards.rows import AssetTransferDetailRow
from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi
from apps.core.envelope import EnvelopeResponse
from apps.core.idempotency import idempotent
from apps.core.json_types import ValidatedData
from apps.core.role_codes import ASSET_TRANSFER_APPLY, ASSET_TRANSFER_APPROVE
from apps.core.scoping import scope_of

# Whoever applies or approves reads the transfers of their stores.
READERS = (ASSET_TRANSFER_APPLY.code, ASSET_TRANSFER_APPROVE.code)


def _store_ids(request: Request) -> frozenset[int]:
    return frozenset(scope_of(request).store_ids)


def _detail(request: Request, transfer_id: int) -> AssetTransferDetailRow:
    session = session_of(request)
    return selectors.transfer_detail(
        transfer_id=transfer_id,
        store_ids=_store_ids(request),
        user_id=session.user.pk,
        may_decide=ASSET_TRANSFER_APPROVE.code in session.codes,
    )


class AssetTransferPreviewApi(ErpApi):
    """What a transfer would move: the member's cards with balances and sessions, points, coupons."""

    required_codes = (ASSET_TRANSFER_APPLY.code,)

    @extend_schema(
        parameters=[io.AssetTransferTargetInputSerializer],
        responses=io.AssetTransferPreviewOutputSerializer,
        summary="What an asset transfer would move (nothing is written)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.AssetTransferTargetInputSerializer, request.query_params)
        return EnvelopeResponse(asset_transfers.preview(store_ids=_store_ids(request), **data))


class AssetTransferApplyApi(ErpApi):
    """Files the transfer and its approval request; the approval carries it out."""

    required_codes = (ASSET_TRANSFER_APPLY.code,)

    @extend_schema(request=io.AssetTransferApplyInputSerializer, responses=io.AssetTransferDetailOutputSerializer)
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.AssetTransferApplyInputSerializer, request.data)
        transfer = asset_transfers.apply(actor=self.actor(), store_ids=_store_ids(request), **data)
        return EnvelopeResponse(_detail(request, transfer.pk), message=_("sent for approval"))


class AssetTransferListApi(PagedListApi):
    """The asset transfers of the caller's stores (applied there or moving a member there)."""

    required_codes = READERS
    filters = io.AssetTransferListInputSerializer
    page_output = io.AssetTransferPageOutputSerializer
    summary = "Asset transfers of the caller's stores, newest first"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return selectors.transfers(store_ids=_store_ids(request), **filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.transfer_rows(window)


class AssetTransferDetailApi(ErpApi):
    """One transfer: what it moves, its approval, whether the reader may decide or withdraw it."""

    required_codes = READERS

    @extend_schema(
        parameters=[io.AssetTransferIdInputSerializer],
        responses=io.AssetTransferDetailOutputSerializer,
        summary="One asset transfer with its approval",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.AssetTransferIdInputSerializer, request.query_params)
        return EnvelopeResponse(_detail(request, data["id"]))


class AssetTransferStoresApi(ErpApi):
    """The stores of the chain a member can be moved to (open ones, by their place in the tree)."""

    required_codes = (ASSET_TRANSFER_APPLY.code,)

    @extend_schema(responses=io.AssetStoreOutputSerializer(many=True), summary="Stores a member can move to")
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.target_stores())
