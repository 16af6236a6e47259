"""Evaluation calls (issue 29 §4; docs/api.md "Evaluations"): the member's public page's two calls
(no sign-in: the signed token is the key, throttled per client address), the front desk's record
and panel on /orderDetails, and the member page's satisfaction (contract §10)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle

from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopeResponse
from apps.core.idempotency import idempotent
from apps.core.page_registry import code_of
from apps.core.role_codes import PUBLIC
from apps.core.scoping import get_in_scope, scope_of
from apps.evaluations import selectors, services
from apps.evaluations.api import serializers as io
from apps.evaluations.choices import Channel
from apps.members.selectors import members

ORDER_DETAILS = (code_of("/orderDetails"),)
MEMBER_PAGES = (code_of("/MemberList"), code_of("/personalAccount"))


class EvaluationPublicThrottle(AnonRateThrottle):
    """Per client address, whoever is signed in: the page is open to anyone holding a link."""

    scope = "evaluation-public"

    def get_rate(self) -> str | None:
        return settings.EVALUATION_PUBLIC_RATE

    def get_cache_key(self, request: Request, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class PublicEvaluationApi(ErpApi):
    required_codes = PUBLIC
    authentication_classes: list[type[BaseAuthentication]] = []
    throttle_classes = [EvaluationPublicThrottle]

    @extend_schema(responses=io.PublicVisitOutputSerializer, summary="The visit a member's evaluation link names")
    def get(self, request: Request, token: str) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.public_visit(selectors.linked_order(token)))

    @extend_schema(
        request=io.RatingInputSerializer,
        responses={201: io.EvaluationOutputSerializer},
        summary="The member rates the visit (once: a second answers 409 EVAL-40901)",
    )
    def post(self, request: Request, token: str) -> EnvelopeResponse:
        order = selectors.linked_order(token)
        data = self.parse(io.RatingInputSerializer, request.data)
        evaluation = services.evaluation_submit(actor=self.actor(), order=order, channel=Channel.LINK, **data)
        return EnvelopeResponse(
            selectors.evaluation_row(evaluation), message=_("thank you for your evaluation"), status=201
        )


class OrderEvaluationApi(ErpApi):
    required_codes = ORDER_DETAILS

    @extend_schema(
        parameters=[io.OrderIdInputSerializer],
        responses=io.OrderEvaluationOutputSerializer,
        summary="An order's evaluation, or its link and QR code for the member",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        order_id = self.parse(io.OrderIdInputSerializer, request.query_params)["order_id"]
        order = get_in_scope(selectors.orders(), request, pk=order_id)
        return EnvelopeResponse(selectors.order_panel(order, request.build_absolute_uri))


class RecordEvaluationApi(ErpApi):
    required_codes = ORDER_DETAILS

    @extend_schema(
        request=io.RecordInputSerializer,
        responses={201: io.EvaluationOutputSerializer},
        summary="The front desk records a member's evaluation of a paid order (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = dict(self.parse(io.RecordInputSerializer, request.data))
        order = get_in_scope(selectors.orders(), request, pk=data.pop("order_id"))
        evaluation = services.evaluation_submit(actor=self.actor(), order=order, channel=Channel.FRONT_DESK, **data)
        return EnvelopeResponse(selectors.evaluation_row(evaluation), message=_("saved"), status=201)


class MemberSatisfactionApi(ErpApi):
    required_codes = MEMBER_PAGES

    @extend_schema(
        parameters=[io.MemberIdInputSerializer],
        responses=io.MemberSatisfactionOutputSerializer,
        summary="A member's satisfaction: count, average service score, the latest evaluations",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        member_id = self.parse(io.MemberIdInputSerializer, request.query_params)["member_id"]
        member = get_in_scope(members(), request, "home_store", pk=member_id)
        return EnvelopeResponse(
            selectors.member_satisfaction(member_id=member.pk, store_ids=scope_of(request).store_ids)
        )
