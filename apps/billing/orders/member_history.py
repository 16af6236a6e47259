"""A member's history at the caller's stores (spec §7.7; docs/api.md "A member's history"): what
she consumed (member/findMemberConsume: her paid orders, each with its items and the card uses it
wrote), what she bought (buyRecordRest: cards, packages, products and top-ups, one record per order
line), and the orders that touched one card (usercard/getOrderList, usercard/orderDetails).

Orders are read from the rows a view hands in (the caller's stores: another store's order is not
there); a member and a card are chain-wide files. Each page is a fixed number of queries whatever
its size."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from datetime import datetime
from decimal import Decimal

from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from apps.billing.choices import LineType, OrderStatus
from apps.billing.models import Order, OrderLine, OrderLineStaff, RefundLine
from apps.billing.orders.figures import paid_by_sessions
from apps.billing.orders.history_rows import (
    BuyRecordCountRow,
    BuyRecordDetailRow,
    BuyRecordRow,
    CardOrderDetailRow,
    CardOrderRow,
    CardUseRow,
    ConsumedItemRow,
    ConsumeRow,
)
from apps.billing.orders.selectors import order_detail_row, order_details, order_rows
from apps.cards.choices import EntryKind
from apps.cards.models import Card, CardEntry
from apps.cards.order_entries import (
    card_changes_by_order,
    card_or_none,
    card_order_ids,
    entries_by_order,
    order_entries,
)
from apps.cards.selectors import entry_rows
from apps.core.errors import NotFound
from apps.core.money import money_to_wire

ZERO = Decimal("0")
# An order is consumption once money or sessions were taken for it.
CONSUMED = (OrderStatus.PAID, OrderStatus.PARTLY_PAID)
# What a member buys to keep (a purchase record): goods, packages, cards and value on a card. A
# project served is consumption (findMemberConsume), an intention deposit is not a purchase.
BOUGHT = (LineType.PRODUCT, LineType.PRODUCT_PACKAGE, LineType.PROJECT_PACKAGE, LineType.CARD_TYPE, LineType.TOP_UP)
# The card entries that are a use of the card (what the member spent or used from it).
USES = (EntryKind.SPEND, EntryKind.SESSIONS_USED)


def _in_range(orders: QuerySet[Order], start_time: datetime | None, end_time: datetime | None) -> QuerySet[Order]:
    if start_time is not None:
        orders = orders.filter(created_at__gte=start_time)
    if end_time is not None:
        orders = orders.filter(created_at__lte=end_time)
    return orders


# -- member/findMemberConsume -----------------------------------------------------------------------


def member_consumption(
    rows: QuerySet[Order], *, member_id: int, start_time: datetime | None = None, end_time: datetime | None = None
) -> QuerySet[Order]:
    """The member's paid (or partly paid) orders of `rows`, newest first, committed in the range."""
    orders = rows.filter(member_id=member_id, status__in=CONSUMED).select_related("store")
    return _in_range(orders, start_time, end_time).order_by("-created_at", "-id")


def _item(line: OrderLine) -> ConsumedItemRow:
    return {
        "orderLineId": line.pk,
        "type": line.type,
        "typeName": str(LineType(line.type).label),
        "itemId": line.item_id,
        "name": line.name,
        "qty": line.qty,
        "amount": money_to_wire(line.amount),
        "gift": line.gift,
        "cardId": line.card_id,
        "bySessions": paid_by_sessions(line),
    }


def _use(entry: CardEntry) -> CardUseRow:
    return {
        "entryId": entry.pk,
        "cardId": entry.card_id,
        "cardNo": entry.card.card_no or "",
        "kind": entry.kind,
        "kindName": str(EntryKind(entry.kind).label),
        "principalChange": money_to_wire(entry.principal_change),
        "giftChange": money_to_wire(entry.gift_change),
        "projectName": entry.project.name if entry.project is not None else "",
        "sessionsChange": entry.sessions_change,
    }


def consumption_rows(window: Iterable[Order]) -> list[ConsumeRow]:
    """A page of consumption: each order with its items and the card uses it wrote (four queries)."""
    orders = list(window)
    ids = [order.pk for order in orders]
    lines: dict[int, list[OrderLine]] = defaultdict(list)
    for line in OrderLine.objects.filter(order_id__in=ids).select_related("card").order_by("id"):
        lines[line.order_id].append(line)
    uses = entries_by_order(ids)
    stores = {order.pk: order.store.name for order in orders}
    return [
        {
            **row,
            "storeName": stores[row["orderId"]],
            "items": [_item(line) for line in lines[row["orderId"]]],
            "cardUses": [_use(entry) for entry in uses[row["orderId"]] if entry.kind in USES],
        }
        for row in order_rows(orders)
    ]


# -- buyRecordRest ----------------------------------------------------------------------------------


def buy_records(
    rows: QuerySet[Order],
    *,
    member_id: int,
    type: str = "",
    start_time: datetime | None = None,
    end_time: datetime | None = None,
) -> QuerySet[OrderLine]:
    """The member's purchase records: the bought lines of her paid (or partly paid) orders of
    `rows`, newest first; `type` keeps one kind of line."""
    orders = _in_range(rows.filter(member_id=member_id, status__in=CONSUMED), start_time, end_time)
    lines = OrderLine.objects.filter(order__in=orders, type__in=[type] if type else BOUGHT)
    return lines.select_related("order", "order__store", "card").order_by("-order__created_at", "-id")


def _refunded(line_ids: list[int]) -> dict[int, tuple[int, Decimal]]:
    rows = (
        RefundLine.objects.filter(order_line_id__in=line_ids)
        .values("order_line_id")
        .annotate(qty=Coalesce(Sum("qty"), 0), amount=Coalesce(Sum("amount"), ZERO))
        .order_by()
    )
    return {row["order_line_id"]: (row["qty"], row["amount"]) for row in rows}


def _record(line: OrderLine, refunded: tuple[int, Decimal]) -> BuyRecordRow:
    return {
        "buyRecordId": line.pk,
        "orderId": line.order_id,
        "orderNo": line.order.order_no or "",
        "type": line.type,
        "typeName": str(LineType(line.type).label),
        "itemId": line.item_id,
        "name": line.name,
        "qty": line.qty,
        "unitPrice": money_to_wire(line.unit_price),
        "amount": money_to_wire(line.amount),
        "gift": line.gift,
        "cardId": line.card_id,
        "cardNo": (line.card.card_no or "") if line.card is not None else "",
        "refundedQty": refunded[0],
        "refundedAmount": money_to_wire(refunded[1]),
        "storeId": line.order.store_id,
        "storeName": line.order.store.name,
        "businessDate": line.order.business_date,
        "createdAt": line.order.created_at,
    }


def buy_record_rows(window: Iterable[OrderLine]) -> list[BuyRecordRow]:
    lines = list(window)
    refunded = _refunded([line.pk for line in lines])
    return [_record(line, refunded.get(line.pk, (0, ZERO))) for line in lines]


def buy_record_count(records: QuerySet[OrderLine]) -> BuyRecordCountRow:
    """How many purchase records, in all and by kind (with what they cost), in one query."""
    by_type = records.order_by().values("type").annotate(n=Count("id"), amount=Sum("amount")).order_by("type")
    counted = [
        {
            "type": row["type"],
            "typeName": str(LineType(row["type"]).label),
            "count": row["n"],
            "amount": money_to_wire(row["amount"] or ZERO),
        }
        for row in by_type
    ]
    return {"total": sum(row["count"] for row in counted), "byType": counted}  # type: ignore[typeddict-item]


def buy_record_detail(rows: QuerySet[Order], *, record_id: int) -> BuyRecordDetailRow:
    """One purchase record of an order of `rows` with its staff and refunds; 404 for any other line
    (another store's, or a line that is not a purchase)."""
    line = (
        OrderLine.objects.filter(pk=record_id, order__in=rows.filter(status__in=CONSUMED), type__in=BOUGHT)
        .select_related("order", "order__store", "card")
        .first()
    )
    if line is None:
        raise NotFound()
    refunds = list(
        RefundLine.objects.filter(order_line=line).select_related("refund").order_by("refund__created_at", "id")
    )
    staff = OrderLineStaff.objects.filter(line=line).select_related("employee").order_by("id")
    row = _record(line, (sum(r.qty for r in refunds), sum((r.amount for r in refunds), ZERO)))
    return {
        **row,
        "memId": line.order.member_id,
        "orderStatus": line.order.status,
        "discount": money_to_wire(line.discount),
        "staff": [{"employeeId": s.employee_id, "name": s.employee.name, "share": f"{s.share:.4f}"} for s in staff],
        "refunds": [
            {
                "refundId": r.refund_id,
                "refundNo": r.refund.refund_no or "",
                "qty": r.qty,
                "amount": money_to_wire(r.amount),
                "reason": r.refund.reason,
                "createdAt": r.refund.created_at,
            }
            for r in refunds
        ],
    }


# -- usercard/getOrderList, usercard/orderDetails ---------------------------------------------------


def _card(card_id: int) -> Card:
    card = card_or_none(card_id)
    if card is None:
        raise NotFound()
    return card


def card_orders(rows: QuerySet[Order], *, card_id: int) -> QuerySet[Order]:
    """The orders of `rows` that wrote on the card (sold it, topped it up, spent or used it, took it
    back), newest first; 404 for a card that does not exist."""
    _card(card_id)
    return rows.filter(Q(pk__in=card_order_ids(card_id))).select_related("store").order_by("-created_at", "-id")


def card_order_rows(card_id: int) -> Callable[[Iterable[Order]], list[CardOrderRow]]:
    """The renderer of a page of a card's orders: each order with what it did to the card."""

    def render(window: Iterable[Order]) -> list[CardOrderRow]:
        orders = list(window)
        changes = card_changes_by_order(card_id, [order.pk for order in orders])
        stores = {order.pk: order.store.name for order in orders}
        rendered: list[CardOrderRow] = []
        for row in order_rows(orders):
            change = changes[row["orderId"]]
            rendered.append(
                {
                    **row,
                    "storeName": stores[row["orderId"]],
                    "cardPrincipalChange": money_to_wire(change.principal),
                    "cardGiftChange": money_to_wire(change.gift),
                    "cardSessionsChange": change.sessions,
                }
            )
        return rendered

    return render


def card_order_detail(rows: QuerySet[Order], *, card_id: int, order_id: int) -> CardOrderDetailRow:
    """One order of `rows` as usercard/orderDetails shows it for the card: the order's details and
    the entries it wrote on the card; 404 when the card or the order is not there, or the order did
    not touch the card."""
    card = _card(card_id)
    order = order_details(order_id, rows)
    entries = order_entries([order_id], card_id=card_id) if order is not None else []
    if order is None or not entries:
        raise NotFound()
    return {
        **order_detail_row(order),
        "cardId": card.pk,
        "cardNo": card.card_no or "",
        "cardEntries": entry_rows(entries),
    }
