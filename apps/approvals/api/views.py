"""The approval centre's calls (spec §7.8 `approvalCenterRest`; our paths, docs/api.md): thin views over
apps.approvals' services and selectors. The page has no role code (spec §2.2 "none"): any role sees its
own requests; deciding needs one of the request kind's codes, checked by the decision service."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request

from apps.approvals import selectors, services
from apps.approvals.api import serializers as io
from apps.approvals.kinds import registered_kinds
from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi, without_page
from apps.core.envelope import EnvelopeResponse
from apps.core.errors import InvalidInput, NotFound
from apps.core.idempotency import idempotent
from apps.core.json_types import ValidatedData
from apps.core.role_codes import ROLE_CHOSEN
from apps.core.scoping import scope_of


def _who(request: Request) -> tuple[int, frozenset[str], frozenset[int]]:
    session = scope_of(request)
    return session.user_id, frozenset(session.codes), frozenset(session.store_ids)


def _visible(request: Request, request_id: int) -> selectors.ApprovalRequest:
    user_id, codes, store_ids = _who(request)
    row = selectors.visible_request(request_id=request_id, user_id=user_id, codes=codes, store_ids=store_ids)
    if row is None:
        raise NotFound()
    return row


class RequestListApi(PagedListApi):
    required_codes = ROLE_CHOSEN
    filters = io.RequestListInputSerializer
    schema_parameters = [io.RequestListInputSerializer]
    page_output = io.ApprovalRequestPageOutputSerializer
    summary = "Requests waiting for me, mine, decided by me, or all I may see"

    def rows(self, request: Request, filters: ValidatedData) -> Any:
        self.who = _who(request)
        user_id, codes, store_ids = self.who
        filters = without_page(filters)
        start, end = filters.get("date_from"), filters.get("date_to")
        if start and end and end < start:
            raise InvalidInput(_("please choose a suitable end time"), field="dateTo")
        return selectors.visible_requests(
            box=filters["box"],
            user_id=user_id,
            codes=codes,
            store_ids=store_ids,
            kind=filters.get("kind", ""),
            status=filters.get("status", ""),
            store_id=filters.get("store_id"),
            date_from=start,
            date_to=end,
        )

    def render_rows(self, window: Any) -> list[Any]:
        user_id, codes, _stores = self.who
        return [selectors.request_row(row, user_id=user_id, codes=codes) for row in window]


class RequestDetailApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[io.RequestIdInputSerializer],
        responses=io.ApprovalRequestDetailOutputSerializer,
        summary="One request with what its kind shows of it",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        request_id = self.parse(io.RequestIdInputSerializer, request.query_params)["id"]
        user_id, codes, _stores = _who(request)
        return EnvelopeResponse(selectors.request_detail(_visible(request, request_id), user_id=user_id, codes=codes))


class WaitingCountApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(responses=io.WaitingCountOutputSerializer, summary="How many requests wait for me (the task bell)")
    def get(self, request: Request) -> EnvelopeResponse:
        user_id, codes, store_ids = _who(request)
        return EnvelopeResponse({"waiting": selectors.waiting_count(user_id=user_id, codes=codes, store_ids=store_ids)})


class KindListApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(responses=io.ApprovalKindOutputSerializer(many=True), summary="The kinds of request, for the filter")
    def get(self, request: Request) -> EnvelopeResponse:
        _user, codes, _stores = _who(request)
        return EnvelopeResponse(
            [
                {"kind": kind.code, "name": str(kind.name), "canDecide": bool(codes.intersection(kind.decide_codes))}
                for kind in registered_kinds()
            ]
        )


class _DecisionApi(ErpApi):
    required_codes = ROLE_CHOSEN
    approve = True
    done_message: Any = ""

    def decide(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.DecisionInputSerializer, request.data)
        user_id, codes, store_ids = _who(request)
        decided = services.decide(
            actor=self.actor(),
            request_id=data["id"],
            approve=self.approve,
            remark=data.get("remark", ""),
            codes=codes,
            store_ids=store_ids,
        )
        decided = selectors.request_acted_on(
            box="all", request_id=decided.pk, user_id=user_id, codes=codes, store_ids=store_ids
        )
        return EnvelopeResponse(selectors.request_row(decided, user_id=user_id, codes=codes), str(self.done_message))


class ApproveApi(_DecisionApi):
    done_message = gettext_lazy("approved")

    @extend_schema(
        request=io.DecisionInputSerializer,
        responses=io.ApprovalRequestOutputSerializer,
        summary="Approve a request; its kind acts on it in the same transaction (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        return self.decide(request)


class RejectApi(_DecisionApi):
    approve = False
    done_message = gettext_lazy("rejected")

    @extend_schema(
        request=io.DecisionInputSerializer,
        responses=io.ApprovalRequestOutputSerializer,
        summary="Reject a request with the reason (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        return self.decide(request)


class WithdrawApi(ErpApi):
    required_codes = ROLE_CHOSEN

    @extend_schema(
        request=io.RequestIdInputSerializer,
        responses=io.ApprovalRequestOutputSerializer,
        summary="Take back my own request while it waits",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        request_id = self.parse(io.RequestIdInputSerializer, request.data)["id"]
        user_id, codes, store_ids = _who(request)
        withdrawn = services.withdraw(actor=self.actor(), request_id=request_id)
        row = selectors.request_acted_on(
            box="mine", request_id=withdrawn.pk, user_id=user_id, codes=codes, store_ids=store_ids
        )
        return EnvelopeResponse(selectors.request_row(row, user_id=user_id, codes=codes), _("withdrawn"))
