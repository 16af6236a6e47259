"""A refund tender given back through a card terminal or payment box (contract §8 `pos/refund`,
`pos/refundQuery`): thin views over apps.billing.refunds.provider_refunds. They answer at the till's
paths, but asking a device for a refund is the refunds part's, which sits above the till."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.billing.refunds.api import serializers as io
from apps.billing.refunds.provider_refunds import (
    device_refund_ask,
    device_refund_query,
    device_refund_reopen,
    device_refund_row,
    device_refund_tender,
)
from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.idempotency import AfterCommit, idempotent
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND
from apps.core.scoping import scope_of

REFUND_DETAIL = (code_of("/refundDetail"), code_of("/orderDetails"))


class PosRefundApi(ErpApi):
    required_codes = (REFUND.code,)

    @extend_schema(
        request=io.PosRefundInputSerializer,
        responses=io.RefundTenderStatusOutputSerializer,
        summary="Ask the card terminal (or payment box) again for a refund's pending or failed refund tender "
        "(Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.PosRefundInputSerializer, request.data)
        row = device_refund_tender(
            refund_id=data["refundId"], tender_id=data["tenderId"], store_ids=scope_of(request).store_ids
        )
        actor = self.actor()
        row = device_refund_reopen(actor=actor, row=row)

        def ask_terminal() -> EnvelopeResponse:
            return EnvelopeResponse(
                device_refund_row(device_refund_ask(actor=actor, row_id=row.pk)), message=_("saved")
            )

        return AfterCommit(device_refund_row(row), _("saved"), after_commit=ask_terminal)


class PosRefundQueryApi(ErpApi):
    required_codes = REFUND_DETAIL

    @extend_schema(
        request=io.PosRefundInputSerializer,
        responses=io.RefundTenderStatusOutputSerializer,
        summary="Ask the card terminal (or payment box) now how a refund tender's refund stands",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.PosRefundInputSerializer, request.data)
        row = device_refund_tender(
            refund_id=data["refundId"], tender_id=data["tenderId"], store_ids=scope_of(request).store_ids
        )
        return EnvelopeResponse(device_refund_row(device_refund_query(row=row)))
