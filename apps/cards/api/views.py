"""Card calls (spec §7.7, contract §8, docs/api.md "Cards"): thin views over apps.cards.selectors
(reads) and apps.cards.services, operations and coupons (writes).

A member's cards are read from any store of the chain, as her file is (apps.members: member reads
are chain-wide), and are used in any store: an operation acts in the chosen store, which each ledger
entry records beside the store that sold the card. Each operation needs its button code and runs
once per Idempotency-Key."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request

from apps.accounts.session import session_of
from apps.cards import coupons, operations, selectors, services, transfer_approval
from apps.cards.api import serializers as io
from apps.cards.rows import TransferRow
from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi
from apps.core.envelope import EnvelopeResponse
from apps.core.idempotency import idempotent
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.pagination import PageInputSerializer, page_request_from
from apps.core.role_codes import (
    CARD_CHANGE,
    CARD_DELAY,
    CARD_FREEZE,
    CARD_TO_CARD,
    CARD_TRANSFER,
    CARD_UPGRADE,
    COUPON_ISSUE,
)
from apps.core.scoping import store_in_scope
from apps.org.selectors import Store, store_acted_in, stores

# The member account page and the till both show a member's cards (the page codes of /changeCard,
# /cardtocard and /transfercard are these two).
CARD_READERS = tuple(dict.fromkeys(code_of(route) for route in ("/personalAccount", "/account", "/changeCard")))


def _done() -> str:
    return _("done")


def _store(request: Request) -> Store:
    return store_acted_in(session_of(request))


class MemberCardsApi(ErpApi):
    """findErpAllCard: a member's cards with balances and sessions (contract §8), chain-wide."""

    required_codes = CARD_READERS

    @extend_schema(responses=io.CardOutputSerializer(many=True), summary="A member's cards, newest first")
    def get(self, request: Request, member_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.member_cards(member_id=member_id))


class CardDetailApi(ErpApi):
    """findErpCardDetail: a card and a page of its ledger."""

    required_codes = CARD_READERS

    @extend_schema(
        parameters=[PageInputSerializer],
        responses=io.CardDetailOutputSerializer,
        summary="A card and its ledger, newest first (paged)",
    )
    def get(self, request: Request, card_id: int) -> EnvelopeResponse:
        page = page_request_from(request.query_params)
        return EnvelopeResponse(selectors.card_detail(card_id=card_id, page=page))


class MemberCardCountApi(ErpApi):
    """countErpAllCard: a member's cards counted by kind and by shown status."""

    required_codes = CARD_READERS

    @extend_schema(responses=io.CardCountsOutputSerializer, summary="How many cards a member holds, by kind and status")
    def get(self, request: Request, member_id: int) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.member_card_counts(member_id=member_id))


class CardSessionUseListApi(ErpApi):
    """findErpDarwCardRecord: the sessions used from a package card."""

    required_codes = CARD_READERS

    @extend_schema(
        parameters=[PageInputSerializer],
        responses=io.SessionUsePageOutputSerializer,
        summary="Sessions used from a package card, newest first (paged)",
    )
    def get(self, request: Request, card_id: int) -> EnvelopeResponse:
        page = page_request_from(request.query_params)
        return EnvelopeResponse(selectors.session_uses(card_id=card_id, page=page))


class CardDelayApi(ErpApi):
    """cardDelayErp: extends a card's validity, with a reason."""

    required_codes = (CARD_DELAY.code,)

    @extend_schema(request=io.CardDelayInputSerializer, responses=io.HeldCardOutputSerializer)
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CardDelayInputSerializer, request.data)
        card = services.card_delay(actor=self.actor(), store=_store(request), **data)
        return EnvelopeResponse(selectors.card_row(card.pk), message=_done())


class CardFreezeApi(ErpApi):
    """Freezes an active card: it keeps its value and is refused everywhere until unfrozen."""

    required_codes = (CARD_FREEZE.code,)
    freeze = staticmethod(services.card_freeze)

    @extend_schema(request=io.CardFreezeInputSerializer, responses=io.HeldCardOutputSerializer)
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CardFreezeInputSerializer, request.data)
        card = self.freeze(actor=self.actor(), store=_store(request), **data)
        return EnvelopeResponse(selectors.card_row(card.pk), message=_done())


class CardUnfreezeApi(CardFreezeApi):
    """Makes a frozen card active again."""

    freeze = staticmethod(services.card_unfreeze)


# -- transfer (转卡) -------------------------------------------------------------------------------


def _transfer_answer(transfer: selectors.CardTransfer) -> TransferRow:
    return {
        "transferId": transfer.pk,
        "status": transfer.status,
        "cardId": transfer.card_id,
        "fromMemId": transfer.from_member_id,
        "toMemId": transfer.to_member_id,
        "newCard": selectors.card_row(transfer.new_card_id) if transfer.new_card_id else None,
    }


class CardTransferCheckApi(ErpApi):
    """usercard/transferCard: what a card holds, whether it can be transferred, and the transfer
    already started for it."""

    required_codes = CARD_READERS

    @extend_schema(parameters=[io.CardIdInputSerializer], responses=io.TransferCheckOutputSerializer)
    def get(self, request: Request) -> EnvelopeResponse:
        card_id = self.parse(io.CardIdInputSerializer, request.query_params)["card_id"]
        return EnvelopeResponse(selectors.transfer_check(card_id=card_id))


class CardTransferStartApi(ErpApi):
    """addtransferCard: starts a transfer of the card to another member (replacing one pending)."""

    required_codes = (CARD_TRANSFER.code,)

    @extend_schema(request=io.TransferStartInputSerializer, responses=io.TransferOutputSerializer)
    @idempotent
    def post(self, request: Request, card_id: int) -> EnvelopeResponse:
        data = self.parse(io.TransferStartInputSerializer, request.data)
        transfer = operations.transfer_start(actor=self.actor(), store=_store(request), card_id=card_id, **data)
        return EnvelopeResponse(_transfer_answer(transfer), message=_("saved"))


class CardTransferCommitApi(ErpApi):
    """transferCardCommit: moves everything the card holds to a new card of the target member."""

    required_codes = (CARD_TRANSFER.code,)

    @extend_schema(
        request=None,
        responses={200: io.TransferOutputSerializer, 202: io.TransferApprovalAskedOutputSerializer},
        summary="Commit the card's started transfer, or in a store whose card transfers need the owner's "
        "approval, without BTN-KDJC-CARD-TRANSFER-APPROVE, send it for approval (202) (Idempotency-Key)",
    )
    @idempotent
    def post(self, request: Request, card_id: int) -> EnvelopeResponse:
        store = _store(request)
        if transfer_approval.needs_approval(store=store, codes=session_of(request).codes):
            asked = transfer_approval.ask_transfer_approval(actor=self.actor(), store=store, card_id=card_id)
            return EnvelopeResponse(
                {"approvalId": asked.pk, "status": asked.status},
                message=_("sent to the owner for approval"),
                status=status.HTTP_202_ACCEPTED,
            )
        transfer = operations.transfer_commit(actor=self.actor(), store=store, card_id=card_id)
        return EnvelopeResponse(_transfer_answer(transfer), message=_done())


# -- card to card (卡转卡), change (换卡), upgrade ----------------------------------------------------


class CardToCardApi(ErpApi):
    """Card to card: moves an amount between two stored-value cards of one member."""

    required_codes = (CARD_TO_CARD.code,)

    @extend_schema(request=io.CardToCardInputSerializer, responses=io.CardToCardOutputSerializer)
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CardToCardInputSerializer, request.data)
        moved = operations.card_to_card(actor=self.actor(), store=_store(request), **data)
        return EnvelopeResponse(
            {
                "fromCard": selectors.card_row(moved.taken.card_id),
                "toCard": selectors.card_row(moved.given.card_id),
                "principal": f"{moved.given.principal_change:.2f}",
                "gift": f"{moved.given.gift_change:.2f}",
            },
            message=_done(),
        )


class CardChangePreviewApi(ErpApi):
    """What a change would give, before the desk confirms it."""

    required_codes = CARD_READERS

    @extend_schema(parameters=[io.CardTypeChoiceInputSerializer], responses=io.ChangePreviewOutputSerializer)
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CardTypeChoiceInputSerializer, request.query_params)
        return EnvelopeResponse(selectors.change_preview(**data, store_id=_store(request).pk))


class CardChangeApi(ErpApi):
    """changeCard: a new card of another type gets the old value times the old-card coefficient."""

    required_codes = (CARD_CHANGE.code,)

    @extend_schema(request=io.CardTypeChoiceInputSerializer, responses=io.CardChangeOutputSerializer)
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CardTypeChoiceInputSerializer, request.data)
        change = operations.card_change(actor=self.actor(), store=_store(request), **data)
        return EnvelopeResponse(
            {
                **selectors.change_answer(change.old_card.pk, change.new_card.card_type_id, change.value),
                "oldCard": selectors.card_row(change.old_card.pk),
                "newCard": selectors.card_row(change.new_card.pk),
            },
            message=_done(),
        )


class CardUpgradeApi(ErpApi):
    """upgrade: the card takes a higher card type once it holds that type's price."""

    required_codes = (CARD_UPGRADE.code,)

    @extend_schema(request=io.CardTypeChoiceInputSerializer, responses=io.HeldCardOutputSerializer)
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CardTypeChoiceInputSerializer, request.data)
        card = operations.card_upgrade(actor=self.actor(), store=_store(request), **data)
        return EnvelopeResponse(selectors.card_row(card.pk), message=_done())


class StoreCoefficientListApi(ErpApi):
    """oldcardcoefficient/searchByStoreId/{id}: a store the role does not act in answers 404."""

    required_codes = CARD_READERS

    @extend_schema(responses=io.CoefficientOutputSerializer(many=True), summary="Old-card coefficients in a store")
    def get(self, request: Request, store_id: int) -> EnvelopeResponse:
        store = store_in_scope(stores(), request, store_id)
        return EnvelopeResponse(selectors.store_coefficients(store_id=store.pk))


# -- coupons -----------------------------------------------------------------------------------------


class MemberCouponListApi(PagedListApi):
    """couponList: a member's coupons, filtered by shown status and kind."""

    required_codes = CARD_READERS
    filters = io.CouponListInputSerializer
    page_output = io.CouponPageOutputSerializer
    summary = "A member's coupons, newest first"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return selectors.member_coupons(**filters)

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.coupon_rows(window)


class CouponIssueApi(ErpApi):
    """Gives a member coupons of a template at the desk."""

    required_codes = (COUPON_ISSUE.code,)

    @extend_schema(request=io.CouponIssueInputSerializer, responses={201: io.CouponOutputSerializer(many=True)})
    @idempotent
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(io.CouponIssueInputSerializer, request.data)
        issued = coupons.coupon_issue(actor=self.actor(), store=_store(request), **data)
        rows = selectors.coupon_rows(
            selectors.issued_coupons(member_id=data["member_id"], coupon_ids=[c.pk for c in issued])
        )
        return EnvelopeResponse(rows, message=_("saved"), status=201)
