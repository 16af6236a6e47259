"""The owner's shop-management overview (spec §7.2): read only, over org's stores and booking's rota,
which is why it sits on the reports floor rather than in org below booking."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.booking.selectors import on_duty_counts
from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.permissions import session_of
from apps.org.api.serializers import OwnerStoreOutputSerializer
from apps.org.selectors import owner_stores

# The shop-management page's code (apps.core.page_registry), as org's shop-management calls declare it.
SHOP_MANAGEMENT_CODE = "ERP-MENU"


class OwnerStoresApi(ErpApi):
    required_codes = (SHOP_MANAGEMENT_CODE,)

    @extend_schema(responses=OwnerStoreOutputSerializer(many=True), summary="The owner's stores (shop management)")
    def get(self, request: Request) -> EnvelopeResponse:
        stores = owner_stores(user_id=session_of(request).user_id)
        on_duty = on_duty_counts([store["id"] for store in stores], timezone.localdate())
        return EnvelopeResponse([{**store, "onDutyToday": on_duty.get(store["id"])} for store in stores])
