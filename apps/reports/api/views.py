"""The owner's shop-management overview (spec §7.2): read only, over org's stores, staff's employees
and booking's rota, which is why it sits on the reports floor rather than in org below them."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.booking.selectors import on_duty_counts
from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.page_registry import SHOP_MANAGEMENT_CODE
from apps.core.permissions import session_of
from apps.org.selectors import owner_stores
from apps.reports.api.serializers import OwnerStoreOutputSerializer
from apps.staff.selectors import active_staff_counts


class OwnerStoresApi(ErpApi):
    required_codes = (SHOP_MANAGEMENT_CODE,)

    @extend_schema(responses=OwnerStoreOutputSerializer(many=True), summary="The owner's stores (shop management)")
    def get(self, request: Request) -> EnvelopeResponse:
        stores = owner_stores(user_id=session_of(request).user_id)
        ids = [store["id"] for store in stores]
        staff = active_staff_counts(ids)
        on_duty = on_duty_counts(ids, timezone.localdate())
        return EnvelopeResponse(
            [{**store, "activeStaff": staff[store["id"]], "onDutyToday": on_duty.get(store["id"])} for store in stores]
        )
