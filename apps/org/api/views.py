from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request

from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import NotFound
from apps.core.role_codes import ROLE_CHOSEN
from apps.org.selectors import borrow_out_targets_of


class StoreBorrowOutTargetsApi(ErpApi):
    """Spec §7.2 findStoreListByBossId: the stores this store may lend stock to; the top bar shows
    "loan outbound" only when the list is not empty."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        responses=inline_serializer(
            "StoreRef", {"id": serializers.IntegerField(), "name": serializers.CharField()}, many=True
        ),
        summary="Borrow-out target stores of a store",
    )
    def get(self, request: Request, store_id: int) -> EnvelopeResponse:
        if store_id not in request.auth.store_ids:
            raise NotFound()
        return EnvelopeResponse([{"id": store.pk, "name": store.name} for store in borrow_out_targets_of(store_id)])
