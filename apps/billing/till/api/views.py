"""Payment calls (contract §8, spec §7.8, docs/api.md "Payment"): thin views over apps.billing
till.checkout (paying), orders.signatures and till.selectors. An order of another store answers 404."""

from __future__ import annotations

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.billing.choices import TenderMethod
from apps.billing.orders import services
from apps.billing.orders.api.drafts import draft_arguments, gifts_allowed
from apps.billing.orders.signatures import order_signature_save, png_from_data_url, signature_status
from apps.billing.till import selectors
from apps.billing.till.api import serializers as io
from apps.billing.till.checkout import TenderAsked, left_to_pay, order_pay
from apps.billing.till.provider_payments import (
    order_repay,
    provider_tender_ask,
    provider_tender_close,
    provider_tender_get,
    provider_tender_qr_refresh,
    provider_tender_query,
)
from apps.billing.till.receipt_extras import receipt_extras
from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.idempotency import AfterCommit, idempotent
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.scoping import get_in_scope, scope_of
from apps.org.selectors import store_acted_in
from apps.payments.services import terminals_list

PAYMENT = (code_of("/payment"),)


def _tenders(data: list[ValidatedData]) -> list[TenderAsked]:
    return [
        TenderAsked(
            method=tender["method"],
            amount=tender["amount"],
            card_id=tender.get("cardId"),
            auth_code=tender.get("authCode", ""),
            terminal_id=tender.get("terminalId", ""),
        )
        for tender in data
    ]


def _pay(view: ErpApi, request: Request, order_id: int, tenders: list[TenderAsked]) -> EnvelopeResponse:
    """Pays in the key's transaction (step 1); a provider tender is asked once that committed (step 2,
    apps.billing.till.provider_payments): the answer is then the order as the provider's answer left it."""
    actor = view.actor()
    payment = order_pay(actor=actor, order_id=order_id, tenders=tenders, store_ids=scope_of(request).store_ids)
    first = selectors.payment_answer(payment)
    waiting = payment.provider_tender
    if waiting is None:
        return EnvelopeResponse(first, message=_("paid"))

    def ask_provider() -> EnvelopeResponse:
        provider_tender_ask(tender_id=waiting.pk, auth_code=payment.auth_code, actor=actor)
        state = selectors.order_payment_state_after_provider(payment.order.pk, payment.change)
        return EnvelopeResponse(state, message=_("paid"))

    return AfterCommit(first, _("paid"), after_commit=ask_provider)


class PayApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        request=io.PayInputSerializer,
        responses=io.PaymentOutputSerializer,
        summary="Pay an order with cash, stored value, points, WeChat Pay, Alipay or the card terminal "
        "(Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.PayInputSerializer, request.data)
        return _pay(self, request, data["orderId"], _tenders(data["tenders"]))


class QrSplitApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        request=io.QrSplitInputSerializer,
        responses=io.PaymentOutputSerializer,
        summary="A WeChat Pay or Alipay QR for part of an order's due (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.QrSplitInputSerializer, request.data)
        return _pay(self, request, data["orderId"], [TenderAsked(method=data["method"], amount=data["amount"])])


class PosPayApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        request=io.PosPayInputSerializer,
        responses=io.PaymentOutputSerializer,
        summary="Ask a card terminal for a payment of an order (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.PosPayInputSerializer, request.data)
        tender = TenderAsked(method=TenderMethod.POS, amount=data["amount"], terminal_id=data.get("terminalId", ""))
        return _pay(self, request, data["orderId"], [tender])


def _commit_and_scan(view: ErpApi, request: Request, data: ValidatedData) -> EnvelopeResponse:
    """order/commit and pay/excute with the scanned code for all of the payable, under one key."""
    order = services.order_commit(
        actor=view.actor(),
        store=store_acted_in(session_of(request)),
        reservation_id=data.get("reservation_id"),
        remark=data.get("remark", ""),
        **draft_arguments(data),
    )
    tenders = [TenderAsked(method=data["method"], amount=order.payable, auth_code=data["authCode"])]
    return _pay(view, request, order.pk, tenders if order.payable > 0 else [])


class CommitFromScanApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        request=io.CommitFromScanInputSerializer,
        responses=io.PaymentOutputSerializer,
        summary="Commit an order and pay all of it by the customer's scanned payment code (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CommitFromScanInputSerializer, request.data)
        gifts_allowed(request, data)
        return _commit_and_scan(self, request, data)


class SalesCommitFromScanApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        request=io.CommitFromScanInputSerializer,
        responses=io.PaymentOutputSerializer,
        summary="A walk-in's sale of goods committed and paid by the scanned payment code (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CommitFromScanInputSerializer, request.data)
        draft = draft_arguments(data)
        services.counter_sale_check(member_id=draft["member_id"], lines=draft["lines"])
        gifts_allowed(request, data)
        return _commit_and_scan(self, request, data)


class BoxPayApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        request=io.BoxPayInputSerializer,
        responses=io.PaymentOutputSerializer,
        summary="Send what is still to pay of an order to the store's payment box (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.BoxPayInputSerializer, request.data)
        amount = data.get("amount")
        if amount is None:
            order = get_in_scope(selectors.orders(), request, pk=data["orderId"])
            amount = left_to_pay(order)
        tender = TenderAsked(method=TenderMethod.BOX, amount=amount, terminal_id=data.get("boxId", ""))
        return _pay(self, request, data["orderId"], [tender])


class BoxListApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(responses=io.TerminalOutputSerializer(many=True), summary="The store's payment boxes")
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(terminals_list(store_id=store_acted_in(session_of(request)).pk, provider="box"))


class QrRefreshApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        request=None,
        responses=io.TenderStatusOutputSerializer,
        summary="A new QR for a pending QR tender whose QR expired or was lost (the old one closed first)",
    )
    def post(self, request: Request, tender_id: int) -> EnvelopeResponse:
        # No key: the provider is asked outside any transaction, and the old trade's row lock lets
        # one refresh replace it; a second one answers the tender as the first left it.
        tender = provider_tender_qr_refresh(
            actor=self.actor(), tender_id=tender_id, store_ids=scope_of(request).store_ids
        )
        return EnvelopeResponse(selectors.tender_status(tender), message=_("saved"))


class TenderStatusApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        responses=io.TenderStatusOutputSerializer, summary="A provider tender and its order (polled while pending)"
    )
    def get(self, request: Request, tender_id: int) -> EnvelopeResponse:
        tender = provider_tender_get(tender_id=tender_id, store_ids=scope_of(request).store_ids)
        return EnvelopeResponse(selectors.tender_status(tender))


class TenderCancelApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        request=None,
        responses=io.TenderStatusOutputSerializer,
        summary="Close a pending provider tender at the provider (the customer walked away)",
    )
    def post(self, request: Request, tender_id: int) -> EnvelopeResponse:
        # Closing twice closes once: the provider call runs outside any transaction (no key's).
        tender = provider_tender_close(actor=self.actor(), tender_id=tender_id, store_ids=scope_of(request).store_ids)
        return EnvelopeResponse(selectors.tender_status(tender), message=_("saved"))


class PosQueryApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        request=io.PosQueryInputSerializer,
        responses=io.TenderStatusOutputSerializer,
        summary="Ask the provider now how a pending provider tender stands",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.PosQueryInputSerializer, request.data)
        tender = provider_tender_query(tender_id=data["tenderId"], store_ids=scope_of(request).store_ids)
        return EnvelopeResponse(selectors.tender_status(tender))


class RepayApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(
        request=None,
        responses=io.PaymentOutputSerializer,
        summary="Ask the providers again about an order's pending tenders; close the expired ones",
    )
    def post(self, request: Request, order_id: int) -> EnvelopeResponse:
        order = order_repay(actor=self.actor(), order_id=order_id, store_ids=scope_of(request).store_ids)
        return EnvelopeResponse(selectors.order_payment_state(order), message=_("saved"))


class TerminalsApi(ErpApi):
    required_codes = PAYMENT

    @extend_schema(responses=io.TerminalOutputSerializer(many=True), summary="The store's card terminals")
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(terminals_list(store_id=store_acted_in(session_of(request)).pk))


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
        context["extras"] = receipt_extras(order, request.build_absolute_uri)
        return HttpResponse(
            render_to_string("billing/receipt.html", context, request=request), content_type="text/html; charset=utf-8"
        )
