"""Payment calls (contract §8, spec §7.8, docs/api.md "Payment"): thin views over apps.billing
checkout (paying), signatures and payment_selectors. An order of another store answers 404."""

from __future__ import annotations

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request

from apps.billing import payment_selectors as selectors
from apps.billing.api import payment_serializers as io
from apps.billing.checkout import TenderAsked, order_pay
from apps.billing.signatures import order_signature_save, png_from_data_url, signature_status
from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.idempotency import idempotent
from apps.core.page_registry import code_of
from apps.core.scoping import get_in_scope, scope_of

PAYMENT = (code_of("/payment"),)


class PayApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        request=io.PayInputSerializer,
        responses=io.PaymentOutputSerializer,
        summary="Pay an order with cash, stored value and points (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.PayInputSerializer, request.data)
        tenders = [
            TenderAsked(
                method=tender["method"],
                amount=tender["amount"],
                card_id=tender.get("cardId"),
                auth_code=tender.get("authCode", ""),
            )
            for tender in data["tenders"]
        ]
        payment = order_pay(
            actor=self.actor(), order_id=data["orderId"], tenders=tenders, store_ids=scope_of(request).store_ids
        )
        return EnvelopeResponse(selectors.payment_answer(payment), message=_("paid"))


class SignatureApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        request={"application/json": io.SignatureInputSerializer, "multipart/form-data": io.SignatureInputSerializer},
        responses=io.SignStatusOutputSerializer,
        summary="Keep the member's signature (a PNG) on an order",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.SignatureInputSerializer, request.data)
        order = get_in_scope(selectors.orders(), request, pk=data["orderId"])
        png = data["file"].read() if data.get("file") else png_from_data_url(data["signature"])
        order = order_signature_save(actor=self.actor(), order_id=order.pk, png=png)
        return EnvelopeResponse(signature_status(order), message=_("saved"))


class SignStatusApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(responses=io.SignStatusOutputSerializer)
    def get(self, request: Request, order_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(signature_status(get_in_scope(selectors.orders(), request, pk=order_id)))


class DrawDetailApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(responses=io.DrawnSessionOutputSerializer(many=True))
    def get(self, request: Request, order_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.drawn_sessions(get_in_scope(selectors.orders(), request, pk=order_id)))


class ReceiptApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        responses={
            (200, "text/html"): OpenApiResponse(
                OpenApiTypes.STR, description="the receipt as an HTML page for 80 mm paper; errors answer the envelope"
            )
        },
        summary="The receipt; needAmount 0 prints it without amounts",
    )
    def get(self, request: Request, order_id: int, need_amount: int) -> HttpResponse:
        order = get_in_scope(selectors.orders(), request, pk=order_id)
        context = selectors.receipt(order, with_amounts=bool(need_amount))
        # Absolute: the billing page may print the page from a blob, which has no base to resolve against.
        context["stylesheet"] = request.build_absolute_uri(static("billing/receipt.css"))
        return HttpResponse(
            render_to_string("billing/receipt.html", context, request=request), content_type="text/html; charset=utf-8"
        )
