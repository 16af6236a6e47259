"""Refund calls (contract §8 `recede/*`, docs/api.md "Refunds"): thin views over apps.billing
refunds.services (the use case), refunds.selectors and orders.refund_rows (reads). An order or refund of another
store answers 404; refunding needs the refund button code; above the store's approval amount a
caller without the owner's approval code asks for the owner's approval instead
(apps.billing.refunds.approvals)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.billing.orders import refund_rows
from apps.billing.orders import selectors as order_selectors
from apps.billing.orders.api.refund_row_serializers import RefundDetailOutputSerializer
from apps.billing.refunds import selectors
from apps.billing.refunds.api import serializers as io
from apps.billing.refunds.approvals import ask_refund_approval, refund_needing_approval
from apps.billing.refunds.services import LineAsked, judge, order_refund, refund_quote
from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi, without_page
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import NotFound
from apps.core.idempotency import idempotent
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND, REFUND_APPROVE
from apps.core.scoping import get_in_scope, scoped_to_stores

RETURNS = (code_of("/returnList"),)
REFUNDS = (code_of("/refundList"), code_of("/returnList"))
REFUND_DETAIL = (code_of("/refundDetail"), code_of("/orderDetails"))


def _asked(data: dict[str, Any]) -> list[LineAsked]:
    return [
        LineAsked(
            order_line_id=line["order_line_id"],
            qty=line.get("qty"),
            amount=line.get("amount"),
            goods_back=line["goods_back"],
            damage_reason=line["damage_reason"],
        )
        for line in data["lines"]
    ]


class RecedeApi(ErpApi):
    required_codes = (REFUND.code,)

    @extend_schema(
        request=io.RefundInputSerializer,
        responses={200: RefundDetailOutputSerializer, 202: io.RefundApprovalAskedOutputSerializer},
        summary="Refund lines of a paid order the way it was paid, or above the store's amount without "
        "the owner's code ask the owner's approval (202) (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.RefundInputSerializer, request.data)
        order = get_in_scope(order_selectors.orders(), request, pk=data["order_id"])
        may_approve = REFUND_APPROVE.code in session_of(request).codes
        if not may_approve:
            plan = refund_needing_approval(order_id=order.pk, lines=_asked(data), reason=data["reason"])
            if plan is not None:
                asked = ask_refund_approval(actor=self.actor(), plan=plan, lines=_asked(data), reason=data["reason"])
                return EnvelopeResponse(
                    selectors.approval_asked_row(asked),
                    message=_("sent to the owner for approval"),
                    status=status.HTTP_202_ACCEPTED,
                )
        refund = order_refund(
            actor=self.actor(),
            order_id=order.pk,
            lines=_asked(data),
            reason=data["reason"],
            approved=may_approve,
        )
        row = refund_rows.refund_detail_row(selectors.refund_written(refund.pk))
        return EnvelopeResponse(row, message=_("refunded"))


class RecedeQuoteApi(ErpApi):
    """A read by POST (the lines go in the body, as recede/recede's): the returns page's codes, like
    judgeStatus; no Idempotency-Key, nothing written."""

    required_codes = RETURNS

    @extend_schema(
        request=io.RefundInputSerializer,
        responses=io.RefundQuoteOutputSerializer,
        summary="What recede/recede with this body would give back, tender by tender; writes nothing",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.RefundInputSerializer, request.data)
        order = get_in_scope(order_selectors.orders(), request, pk=data["order_id"])
        # Above the store's amount without the owner's code, recede/recede asks for approval: the
        # quote answers the plan with approvalNeeded rather than refusing it.
        plan = refund_quote(order_id=order.pk, lines=_asked(data), reason=data["reason"], approved=True)
        return EnvelopeResponse(selectors.refund_quote_row(plan))


class JudgeStatusApi(ErpApi):
    required_codes = RETURNS

    @extend_schema(
        parameters=[io.OrderIdQueryInputSerializer],
        responses=io.JudgedOrderOutputSerializer,
        summary="What can still be refunded of an order, line by line",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        order_id = self.parse(io.OrderIdQueryInputSerializer, request.query_params)["order_id"]
        order = get_in_scope(selectors.orders_to_judge(), request, pk=order_id)
        return EnvelopeResponse(selectors.judged_row(judge(order)))


class RecedeListApi(PagedListApi):
    required_codes = REFUNDS
    summary = "The chosen store's refunds, newest first"
    filters = io.RefundListInputSerializer
    schema_parameters = [io.RefundListInputSerializer]
    page_output = io.RefundPageOutputSerializer

    def rows(self, request: Request, filters: dict[str, Any]) -> QuerySet[selectors.Refund]:
        return selectors.refund_search(scoped_to_stores(selectors.refunds(), request), **filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return refund_rows.refund_rows(window)


class RecedeSizeApi(ErpApi):
    required_codes = REFUNDS

    @extend_schema(
        parameters=[io.RefundCountInputSerializer],
        responses=io.RefundCountOutputSerializer,
        summary="How many refunds recedeList's filters find",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        filters = without_page(self.parse(io.RefundCountInputSerializer, request.query_params))
        rows = selectors.refund_search(scoped_to_stores(selectors.refunds(), request), **filters)
        return EnvelopeResponse({"total": selectors.refund_count(rows)})


class RecedeDetailApi(ErpApi):
    required_codes = REFUND_DETAIL

    @extend_schema(
        parameters=[io.RecedeIdInputSerializer],
        responses=RefundDetailOutputSerializer,
        summary="One refund with its lines and tenders",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        refund_id = self.parse(io.RecedeIdInputSerializer, request.query_params)["refund_id"]
        refund = selectors.refund_in(scoped_to_stores(selectors.refunds(), request), refund_id)
        if refund is None:
            raise NotFound()
        return EnvelopeResponse(refund_rows.refund_detail_row(refund))
