"""Intention-deposit calls (issue 17 §4; docs/api.md "Intention deposits", our definition): thin
views over apps.billing.deposits.services (take, apply, refund) and deposits.selectors (reads). They
act at the store the role is acting in; another store's deposit or order answers 404."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.billing.choices import DEPOSIT_RANGE_MAX_DAYS
from apps.billing.deposits import selectors
from apps.billing.deposits.api import serializers as io
from apps.billing.deposits.services import deposit_apply, deposit_refund, deposit_refund_asked, deposit_take
from apps.billing.orders import refund_rows
from apps.billing.refunds import selectors as refund_selectors
from apps.billing.refunds.api import serializers as refund_io
from apps.billing.refunds.approvals import ask_refund_approval, refund_needing_approval
from apps.billing.till import selectors as payment_selectors
from apps.booking.rules import check_time_range
from apps.core.api.base import ErpApi
from apps.core.api.downloads import XLSX_DOWNLOAD
from apps.core.api.lists import PagedListApi, without_page
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import NotFound
from apps.core.excel import Column, Kind, xlsx_response
from apps.core.idempotency import idempotent
from apps.core.page_registry import code_of
from apps.core.pagination import page_request_from, paginate
from apps.core.role_codes import REFUND, REFUND_APPROVE
from apps.core.scoping import scoped_to_stores
from apps.org.selectors import store_acted_in

# Taking and applying a deposit are the cashier's; the lists are the cashier's and the deposit
# records page's (DJGL-0001); refunding one needs the refund button code, as any refund.
CASHIER = (code_of("/payment"),)
READ = (code_of("/payment"), code_of("/depositRecord"))
RECORDS = (code_of("/depositRecord"),)


class DepositTakeApi(ErpApi):
    required_codes = CASHIER

    @extend_schema(
        request=io.DepositTakeInputSerializer,
        responses={201: io.DepositTakenOutputSerializer},
        summary="Take a member's intention deposit: its order, unpaid, to pay on the payment page (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.DepositTakeInputSerializer, request.data)
        deposit = deposit_take(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            member_id=data["member_id"],
            amount=data["amount"],
            remark=data["remark"],
        )
        return EnvelopeResponse(
            {"deposit": selectors.deposit_row(deposit.pk), "orderId": deposit.order_id}, message=_("saved"), status=201
        )


class DepositApplyApi(ErpApi):
    required_codes = CASHIER

    @extend_schema(
        request=io.DepositApplyInputSerializer,
        responses=io.DepositAppliedOutputSerializer,
        summary="Pay part of an order from the member's intention deposit (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.DepositApplyInputSerializer, request.data)
        payment, deposit = deposit_apply(
            actor=self.actor(),
            store=store_acted_in(session_of(request)),
            order_id=data["order_id"],
            deposit_id=data["deposit_id"],
            amount=data["amount"],
        )
        answer = {"deposit": selectors.deposit_row(deposit.pk), "payment": payment_selectors.payment_answer(payment)}
        return EnvelopeResponse(answer, message=_("paid"))


class DepositRefundApi(ErpApi):
    required_codes = (REFUND.code,)

    @extend_schema(
        request=io.DepositRefundInputSerializer,
        responses={200: io.DepositRefundedOutputSerializer, 202: refund_io.RefundApprovalAskedOutputSerializer},
        summary="Refund what is left of an intention deposit the way it was paid, or above the store's amount "
        "without the owner's code ask the owner's approval (202) (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.DepositRefundInputSerializer, request.data)
        store = store_acted_in(session_of(request))
        may_approve = REFUND_APPROVE.code in session_of(request).codes
        if not may_approve:
            # Above the store's amount: the owner decides in the approval centre, as for recede/recede;
            # the approved refund is billing's refund of the deposit's order, its ledger entry with it.
            lines = deposit_refund_asked(store=store, deposit_id=data["deposit_id"], amount=data.get("amount"))
            order_id = selectors.deposit_order_id(data["deposit_id"])
            plan = refund_needing_approval(order_id=order_id, lines=lines, reason=data["reason"])
            if plan is not None:
                asked = ask_refund_approval(actor=self.actor(), plan=plan, lines=lines, reason=data["reason"])
                return EnvelopeResponse(
                    refund_selectors.approval_asked_row(asked),
                    message=_("sent to the owner for approval"),
                    status=status.HTTP_202_ACCEPTED,
                )
        refund = deposit_refund(
            actor=self.actor(),
            store=store,
            deposit_id=data["deposit_id"],
            amount=data.get("amount"),
            reason=data["reason"],
            approved=may_approve,
        )
        row = refund_rows.refund_detail_row(refund_selectors.refund_written(refund.pk))
        deposit_id = selectors.deposit_id_of_order(refund.order_id)
        return EnvelopeResponse({"deposit": selectors.deposit_row(deposit_id), "refund": row}, message=_("refunded"))


class DepositListApi(PagedListApi):
    required_codes = READ
    summary = "The role's stores' intention deposits, newest first (/stoIntention)"
    filters = io.DepositListInputSerializer
    schema_parameters = [io.DepositListInputSerializer]
    page_output = io.DepositPageOutputSerializer

    def rows(self, request: Request, filters: dict[str, Any]) -> QuerySet[selectors.Deposit]:
        return selectors.deposit_search(scoped_to_stores(selectors.deposits(), request), **filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.deposit_rows(window)


class DepositDetailApi(ErpApi):
    required_codes = READ

    @extend_schema(
        parameters=[io.DepositIdInputSerializer],
        responses=io.DepositDetailOutputSerializer,
        summary="One intention deposit with its ledger and the orders it paid (/payIntentionDetail)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        deposit_id = self.parse(io.DepositIdInputSerializer, request.query_params)["deposit_id"]
        deposit = selectors.deposit_in(scoped_to_stores(selectors.deposits(), request), deposit_id)
        if deposit is None:
            raise NotFound()
        return EnvelopeResponse(selectors.deposit_detail_row(deposit))


class MemberDepositsApi(ErpApi):
    required_codes = CASHIER

    @extend_schema(
        parameters=[io.MemberDepositsInputSerializer],
        responses=io.DepositOutputSerializer(many=True),
        summary="The member's intention deposits with money left at the acting store (the cashier's 'use deposit')",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        member_id = self.parse(io.MemberDepositsInputSerializer, request.query_params)["member_id"]
        store = store_acted_in(session_of(request))
        return EnvelopeResponse(selectors.member_usable_deposits(store_id=store.pk, member_id=member_id))


class DepositEntryListApi(PagedListApi):
    required_codes = READ
    summary = "The deposit ledger's entries of the role's stores, newest first (/payIntentionRecord)"
    filters = io.EntryListInputSerializer
    schema_parameters = [io.EntryListInputSerializer]
    page_output = io.DepositEntryPageOutputSerializer

    def rows(self, request: Request, filters: dict[str, Any]) -> QuerySet[selectors.DepositEntry]:
        return selectors.entry_search(scoped_to_stores(selectors.entries(), request), **filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.entry_rows(window)


def _records(request: Request, filters: dict[str, Any]) -> QuerySet[selectors.Deposit]:
    """/depositRecord's deposits: the date range is required and bounded (spec §5)."""
    filters["date_from"], filters["date_to"] = check_time_range(
        filters.get("date_from"), filters.get("date_to"), DEPOSIT_RANGE_MAX_DAYS
    )
    return selectors.deposit_search(scoped_to_stores(selectors.deposits(), request), **filters)


class DepositRecordListApi(ErpApi):
    required_codes = RECORDS

    @extend_schema(
        parameters=[io.DepositRecordInputSerializer],
        responses=io.DepositRecordPageOutputSerializer,
        summary="The store's deposits of a date range with totals taken, applied, refunded and held (DJGL-0001)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        page = page_request_from(request.query_params)
        rows = _records(request, without_page(self.parse(io.DepositRecordInputSerializer, request.query_params)))
        return EnvelopeResponse(
            {**paginate(rows, page, selectors.deposit_rows), "summary": selectors.deposit_totals(rows)}
        )


def _column(key: str, words: str, kind: Kind = Kind.TEXT) -> Column:
    # The deposit records page's column headers (frontend deposits.json "fields").
    return Column(key, pgettext_lazy("deposit column", words), kind)


DEPOSIT_EXPORT = (
    _column("depositNo", "Deposit number"),
    _column("createdAt", "Created at", Kind.DATETIME),
    _column("memberName", "Member"),
    _column("phone", "Phone"),
    _column("statusName", "Status"),
    _column("amount", "Amount", Kind.MONEY),
    _column("applied", "Applied", Kind.MONEY),
    _column("refunded", "Refunded", Kind.MONEY),
    _column("left", "Left", Kind.MONEY),
    _column("orderNo", "Order number"),
    _column("operatorName", "Operator"),
    _column("remark", "Remark"),
)


class DepositRecordExportApi(ErpApi):
    required_codes = RECORDS

    @extend_schema(
        parameters=[io.DepositRecordInputSerializer],
        responses=XLSX_DOWNLOAD,
        summary="Export the deposit records' filtered deposits to Excel (100,000 rows or more: to the download centre)",
    )
    def get(self, request: Request) -> HttpResponse:
        filters = without_page(self.parse(io.DepositRecordInputSerializer, request.query_params))
        return xlsx_response(
            request=request,
            rows=_records(request, filters),
            render=selectors.deposit_rows,
            headers=DEPOSIT_EXPORT,
            name="deposits",
            title=pgettext_lazy("export name", "Deposit records"),
        )
