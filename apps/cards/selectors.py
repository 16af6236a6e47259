"""Reads of the cards a member holds (contract §8, docs/api.md "Cards"). A member's cards are read
at every till of the chain, so each read is one or two indexed queries that return plain values:
the cards with their sessions LEFT JOINed, by `card_member_newest`; a card's ledger by
`card_entry_card_newest` with its total counted in the same query (a window), not by a second COUNT."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import date, datetime
from typing import Any

from django.db.models import (
    BigIntegerField,
    BooleanField,
    Case,
    CharField,
    Count,
    ExpressionWrapper,
    F,
    Func,
    JSONField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Abs, Coalesce
from django.utils import timezone

from apps.cards.choices import (
    CARD_CHANGE_ENTRIES,
    AssetTransferKind,
    AssetTransferStatus,
    CardChangeKind,
    CardKind,
    CardStatus,
    CouponStatus,
    EntryKind,
    TransferStatus,
)
from apps.cards.models import AssetTransfer, Card, CardCoefficient, CardEntry, CardTransfer, MemberCoupon
from apps.cards.operations import ChangeValue, change_target, change_value, coefficient_for, transfer_refusal
from apps.cards.rows import (
    CardCountsRow,
    CardDetailRow,
    CardEntryRow,
    CardRow,
    CardSessionsRow,
    ChangePreviewRow,
    CoefficientRow,
    CouponRow,
    HeldCardRow,
    SessionUseRow,
    TransferCheckRow,
)
from apps.core.audit import operator_name
from apps.core.errors import NotFound
from apps.core.money import money_to_wire
from apps.core.pagination import Page, PageRequest, paginate_with_window_count
from apps.members.models import Member

_CARD_COLUMNS = (
    "id",
    "card_no",
    "kind",
    "card_type_id",
    "card_type__name",
    "principal",
    "gift",
    "status",
    "expires_on",
    "store_id",
    "store__name",
    "member_id",
)


def transfer_check(*, card_id: int) -> TransferCheckRow:
    """usercard/transferCard: the card, whether it can be transferred now and why not, and the
    transfer already started for it."""
    card = Card.objects.filter(pk=card_id).first()
    if card is None:
        raise NotFound()
    refusal = transfer_refusal(card)
    pending = CardTransfer.objects.filter(card=card, status=TransferStatus.PENDING).select_related("to_member").first()
    return {
        "card": card_row(card.pk),
        "transferable": not refusal,
        "reason": refusal,
        "pending": (
            {
                "transferId": pending.pk,
                "toMemId": pending.to_member_id,
                "toMemberName": pending.to_member.name,
                "createdAt": pending.created_at,
            }
            if pending is not None
            else None
        ),
    }


def shown_status(status: str, expires_on: date, today: date) -> str:
    """An active card past its date is shown as expired (expiry is not stored: see CardStatus)."""
    return "expired" if status == CardStatus.ACTIVE and expires_on < today else status


def _card_row(values: dict[str, Any], sessions: list[CardSessionsRow], today: date) -> CardRow:
    return {
        "cardId": values["id"],
        "cardNo": values["card_no"] or "",
        "kind": values["kind"],
        "cardTypeId": values["card_type_id"],
        "name": values["card_type__name"],
        "balance": money_to_wire(values["principal"] + values["gift"]),
        "giftBalance": money_to_wire(values["gift"]),
        "sessions": sessions,
        "status": shown_status(values["status"], values["expires_on"], today),
        "expiresOn": values["expires_on"],
        "storeId": values["store_id"],
        "storeName": values["store__name"],
    }


_SESSION_COLUMNS = ("sessions__project_id", "sessions__project__name", "sessions__total", "sessions__left")


def _with_sessions(cards: QuerySet[Card], *extra: str) -> list[tuple[dict[str, Any], list[CardSessionsRow]]]:
    """Each card of `cards` (newest first) with its sessions, in one query: the sessions are LEFT
    JOINed (a stored-value card has none), so a member's cards cost one round trip, not two."""
    found: dict[int, tuple[dict[str, Any], list[CardSessionsRow]]] = {}
    rows = cards.order_by("-id", "sessions__id").values(*_CARD_COLUMNS, *extra, *_SESSION_COLUMNS)
    for values in rows:
        _card, sessions = found.setdefault(values["id"], (values, []))
        if values["sessions__project_id"] is not None:
            sessions.append(
                {
                    "projectId": values["sessions__project_id"],
                    "name": values["sessions__project__name"],
                    "total": values["sessions__total"],
                    "left": values["sessions__left"],
                }
            )
    return list(found.values())


def _member_must_exist(member_id: int) -> None:
    if not Member.objects.filter(pk=member_id).exists():
        raise NotFound()


def member_cards(*, member_id: int, today: date | None = None) -> list[CardRow]:
    """findErpAllCard: the member's cards with their sessions, newest first, in one query (by the
    index card_member_newest); a member without cards costs a second, to tell her from a missing one."""
    today = today or timezone.localdate()
    cards = _with_sessions(Card.objects.filter(member_id=member_id))
    if not cards:
        _member_must_exist(member_id)
    return [_card_row(values, sessions, today) for values, sessions in cards]


def card_row(card_id: int, today: date | None = None) -> HeldCardRow:
    """One card in the shape of findErpAllCard, with its holder (one query); NotFound when there is none."""
    today = today or timezone.localdate()
    found = _with_sessions(Card.objects.filter(pk=card_id), "member__name")
    if not found:
        raise NotFound()
    values, sessions = found[0]
    return {**_card_row(values, sessions, today), "memId": values["member_id"], "memberName": values["member__name"]}


def member_card_counts(*, member_id: int, today: date | None = None) -> CardCountsRow:
    """countErpAllCard: how many cards the member holds, by kind and by shown status (one grouped
    query; a member without cards costs a second)."""
    today = today or timezone.localdate()
    groups = (
        Card.objects.filter(member_id=member_id)
        .annotate(past=ExpressionWrapper(Q(expires_on__lt=today), output_field=BooleanField()))
        .values_list("kind", "status", "past")
        .annotate(n=Count("id"))
        .order_by()
    )
    kinds: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    for kind, status, past, n in groups:
        kinds[kind] += n
        statuses["expired" if status == CardStatus.ACTIVE and past else status] += n
    if not kinds:
        _member_must_exist(member_id)
    return {
        "total": sum(kinds.values()),
        "kinds": {kind: kinds[kind] for kind in CardKind.values},
        "statuses": {status: statuses[status] for status in (*CardStatus.values, "expired")},
    }


def _entries(card_id: int) -> QuerySet[CardEntry]:
    return (
        CardEntry.objects.filter(card_id=card_id)
        .select_related("project", "store", "card_store", "other_card")
        .order_by("-id")
    )


def entry_rows(window: Iterable[CardEntry]) -> list[CardEntryRow]:
    return [
        {
            "entryId": entry.pk,
            "kind": entry.kind,
            "kindName": str(EntryKind(entry.kind).label),
            "change": money_to_wire(entry.principal_change + entry.gift_change),
            "principalChange": money_to_wire(entry.principal_change),
            "giftChange": money_to_wire(entry.gift_change),
            "balanceAfter": money_to_wire(entry.principal_after + entry.gift_after),
            "principalAfter": money_to_wire(entry.principal_after),
            "giftAfter": money_to_wire(entry.gift_after),
            "projectId": entry.project_id,
            "projectName": entry.project.name if entry.project is not None else "",
            "sessionsChange": entry.sessions_change,
            "sessionsAfter": entry.sessions_after,
            "orderId": entry.order_id,
            "refundId": entry.refund_id,
            "otherCardId": entry.other_card_id,
            "otherCardNo": (entry.other_card.card_no or "") if entry.other_card is not None else "",
            "storeId": entry.store_id,
            "storeName": entry.store.name,
            "cardStoreId": entry.card_store_id,
            "cardStoreName": entry.card_store.name,
            "operatorName": operator_name(entry.operator_name),
            "remark": entry.remark,
            "createdAt": entry.created_at,
        }
        for entry in window
    ]


def card_detail(*, card_id: int, page: PageRequest, today: date | None = None) -> CardDetailRow:
    """findErpCardDetail: the card and one page of its ledger, newest first (two queries)."""
    card = card_row(card_id, today)
    return {"card": card, **paginate_with_window_count(_entries(card_id), page, entry_rows)}


def session_uses(*, card_id: int, page: PageRequest) -> Page:
    """findErpDarwCardRecord: the sessions used from a package card, newest first (a stored-value
    card has none). Two queries."""
    if not Card.objects.filter(pk=card_id).exists():
        raise NotFound()
    uses = _entries(card_id).filter(kind=EntryKind.SESSIONS_USED)
    return paginate_with_window_count(uses, page, use_rows)


def use_rows(window: Iterable[CardEntry]) -> list[SessionUseRow]:
    return [
        {
            "entryId": entry.pk,
            "projectId": entry.project_id,
            "projectName": entry.project.name if entry.project is not None else "",
            "count": -entry.sessions_change,
            "sessionsAfter": entry.sessions_after,
            "orderId": entry.order_id,
            "storeId": entry.store_id,
            "storeName": entry.store.name,
            "operatorName": operator_name(entry.operator_name),
            "createdAt": entry.created_at,
        }
        for entry in window
    ]


def store_coefficients(*, store_id: int) -> list[CoefficientRow]:
    """searchByStoreId: the old-card coefficient of every card type that has one in this store (the
    store's own over head office's). Card types without one carry their whole value over (1)."""
    rows = (
        CardCoefficient.objects.filter(Q(store__isnull=True) | Q(store_id=store_id))
        .order_by("card_type_id", F("store_id").asc(nulls_first=True))
        .values_list("card_type_id", "card_type__name", "store_id", "coefficient")
    )
    found: dict[int, CoefficientRow] = {}
    for card_type_id, name, store, coefficient in rows:
        found[card_type_id] = {
            "cardTypeId": card_type_id,
            "cardTypeName": name,
            "coefficient": f"{coefficient:.4f}",
            "setBy": "store" if store is not None else "headOffice",
        }
    return list(found.values())


def change_preview(*, card_id: int, card_type_id: int, store_id: int) -> ChangePreviewRow:
    """changeCardPreview: what changing the card to `card_type_id` in this store would give."""
    card = Card.objects.filter(pk=card_id).first()
    if card is None:
        raise NotFound()
    card_type = change_target(card, card_type_id)
    return change_answer(card.pk, card_type.pk, change_value(card, coefficient_for(card.card_type_id, store_id)))


def change_answer(card_id: int, card_type_id: int, value: ChangeValue) -> ChangePreviewRow:
    return {
        "cardId": card_id,
        "cardTypeId": card_type_id,
        "oldValue": money_to_wire(value.old.total),
        "coefficient": f"{value.coefficient:.4f}",
        "newValue": money_to_wire(value.new.total),
        "newGiftBalance": money_to_wire(value.new.gift),
        "difference": money_to_wire(value.difference),
    }


def member_coupons(
    *, member_id: int, status: str = "", kind: str = "", today: date | None = None
) -> QuerySet[MemberCoupon]:
    """couponList: the member's coupons, newest first, by shown status (available, used, expired,
    void) and template kind."""
    today = today or timezone.localdate()
    coupons = MemberCoupon.objects.filter(member_id=member_id).select_related("template", "store").order_by("-id")
    if status == CouponStatus.EXPIRED:
        coupons = coupons.filter(status=CouponStatus.AVAILABLE, valid_to__lt=today)
    elif status == CouponStatus.AVAILABLE:
        coupons = coupons.filter(status=CouponStatus.AVAILABLE, valid_to__gte=today)
    elif status:
        coupons = coupons.filter(status=status)
    if kind:
        coupons = coupons.filter(template__kind=kind)
    return coupons


def coupon_rows(window: Iterable[MemberCoupon], today: date | None = None) -> list[CouponRow]:
    today = today or timezone.localdate()
    return [
        {
            "couponId": coupon.pk,
            "code": coupon.code or "",
            "templateId": coupon.template_id,
            "name": coupon.template.name,
            "kind": coupon.template.kind,
            "amount": money_to_wire(coupon.template.amount) if coupon.template.amount is not None else None,
            "rate": f"{coupon.template.rate:.2f}" if coupon.template.rate is not None else None,
            "maxDiscount": (
                money_to_wire(coupon.template.max_discount) if coupon.template.max_discount is not None else None
            ),
            "projectId": coupon.template.project_id,
            "minSpend": money_to_wire(coupon.template.min_spend),
            "validFrom": coupon.valid_from,
            "validTo": coupon.valid_to,
            "status": coupon.shown_status(today),
            "usedOrderId": coupon.used_order_id,
            "usedAt": coupon.used_at,
            "issuedAt": coupon.issued_at,
            "storeId": coupon.store_id,
            "storeName": coupon.store.name,
            "operatorName": operator_name(coupon.operator_name),
        }
        for coupon in window
    ]


def card_entries_at_store(store_id: int) -> QuerySet[CardEntry]:
    """The card ledger entries written at `store_id`, for the daily closing to pick its day's (by the
    time written, index card_entry_store_time, or by the order, index card_entry_order)."""
    return CardEntry.objects.filter(store_id=store_id)


def issued_coupons(*, member_id: int, coupon_ids: list[int]) -> QuerySet[MemberCoupon]:
    """The coupons just issued to a member, as the member's coupon list shows them."""
    return member_coupons(member_id=member_id).filter(pk__in=coupon_ids)


def card_entries_of_orders() -> QuerySet[CardEntry]:
    """The card ledger entries that name an order (index card_entry_order), for the order's reads."""
    return CardEntry.objects.filter(order_id__isnull=False).order_by()


def _asset_transfers_of_entry() -> QuerySet[AssetTransfer]:
    """The asset transfer an `assetOut` entry belongs to: the first transfer done after the entry
    was written that lists the entry's card (the transfer writes its entries, then ends, in one
    transaction)."""
    lists_card = Func(
        Func(Value("id"), OuterRef("card_id"), function="jsonb_build_object"),
        function="jsonb_build_array",
        output_field=JSONField(),
    )
    return AssetTransfer.objects.filter(
        status=AssetTransferStatus.DONE, done_at__gte=OuterRef("created_at"), assets__cards__contains=lists_card
    ).order_by("done_at", "id")


def _asset_transfer(field: str) -> Subquery:
    return Subquery(_asset_transfers_of_entry().values(field)[:1])


def _change_kind() -> Case:
    """Read after `assetKind` (the kind of an `assetOut` entry's asset transfer) is annotated."""
    return Case(
        *(When(kind=entry_kind, then=Value(change.value)) for entry_kind, change in CARD_CHANGE_ENTRIES.items()),
        When(kind=EntryKind.ASSET_OUT, assetKind=AssetTransferKind.MERGE, then=Value(CardChangeKind.MERGE.value)),
        When(kind=EntryKind.ASSET_OUT, then=Value(CardChangeKind.STORE_MOVE.value)),
        output_field=CharField(),
    )


def card_changes(
    *, store_ids: Iterable[int], start: datetime, end: datetime, change_kind: str | None = None
) -> QuerySet[CardEntry, Any]:
    """The changes of cards written at `store_ids` in [start, end) (transfers, changes of card type,
    upgrades, delays, balance moved between cards, asset transfers), one row per `out` entry: a
    package card's change has one per project. Who: the card's member as she was (a merged file's
    own member), the other card or member it went to, the money (principal and gift) and sessions
    it moved, who did it. Index card_entry_store_time."""
    merged = Q(changeKind=CardChangeKind.MERGE)
    rows = CardEntry.objects.filter(
        store_id__in=list(store_ids),
        created_at__gte=start,
        created_at__lt=end,
        kind__in=[*CARD_CHANGE_ENTRIES, EntryKind.ASSET_OUT],
    ).annotate(
        assetKind=Case(
            When(kind=EntryKind.ASSET_OUT, then=_asset_transfer("kind")), default=Value(""), output_field=CharField()
        ),
        changeKind=_change_kind(),
    )
    if change_kind is not None:
        rows = rows.filter(changeKind=change_kind)
    return (
        rows.annotate(
            changedAt=F("created_at"),
            changeKindName=Case(
                *(When(changeKind=value, then=Value(str(label))) for value, label in CardChangeKind.choices),
                output_field=CharField(),
            ),
            memberId=Case(
                When(merged, then=_asset_transfer("member_id")),
                default=F("card__member_id"),
                output_field=BigIntegerField(),
            ),
            memberName=Case(
                When(merged, then=_asset_transfer("member__name")),
                default=F("card__member__name"),
                output_field=CharField(),
            ),
            cardId=F("card_id"),
            cardNo=F("card__card_no"),
            cardType=F("card__card_type__name"),
            toCardNo=Coalesce(F("other_card__card_no"), Value(""), output_field=CharField()),
            toWhom=Case(
                When(kind=EntryKind.TRANSFER_OUT, then=F("other_card__member__name")),
                When(merged, then=_asset_transfer("to_member__name")),
                When(kind=EntryKind.ASSET_OUT, then=_asset_transfer("to_store__name")),
                default=Value(""),
                output_field=CharField(),
            ),
            moved=Abs(F("principal_change") + F("gift_change")),
            sessions=Abs(F("sessions_change")),
            projectName=Coalesce(F("project__name"), Value(""), output_field=CharField()),
            storeName=F("store__name"),
            operatorName=F("operator_name"),
        )
        .values(
            "changedAt",
            "changeKind",
            "changeKindName",
            "memberId",
            "memberName",
            "cardId",
            "cardNo",
            "cardType",
            "toCardNo",
            "toWhom",
            "moved",
            "sessions",
            "projectName",
            "remark",
            "storeName",
            "operatorName",
        )
        .order_by("-changedAt", "-id")
    )
