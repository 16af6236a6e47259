"""Reads of orders: the bills list, one order's details, the search, the price summaries of the
payment page, and the draft lines the cashier starts from on a reservation. Each list is one COUNT
plus a fixed number of SELECTs whatever the page size. Every read shows the package sessions an
order used apart from its discount, and the bills its refunds and net (apps.billing.orders.figures)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime
from decimal import Decimal
from operator import attrgetter
from typing import Any

from django.contrib.postgres.aggregates import StringAgg
from django.db.models import (
    Case,
    CharField,
    Choices,
    Count,
    DecimalField,
    Exists,
    ExpressionWrapper,
    F,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import (
    SEARCH_LIMIT,
    AuditAction,
    LineType,
    OrderRefundStatus,
    OrderStatus,
    TenderMethod,
    TenderStatus,
)
from apps.billing.models import Order, OrderLine, OrderLineStaff, OwedGoods, Tender
from apps.billing.orders.coupon_pricing import CouponFit
from apps.billing.orders.figures import (
    LIST_VALUE,
    SESSION_LINES,
    OrderFigures,
    order_figures,
    paid_by_sessions,
    refund_status,
    sessions_value,
    summary_figures,
    without_sessions,
)
from apps.billing.orders.pricing import PricedOrder
from apps.billing.orders.refund_rows import order_refund_rows
from apps.billing.orders.rows import (
    CommittedOrderRow,
    DetailPriceRow,
    DiscountRow,
    DraftHead,
    DraftLineRow,
    DraftStaffRow,
    GiftRow,
    OrderDetailRow,
    OrderFiguresFields,
    OrderFoundRow,
    OrderLineRow,
    OrderRow,
    OrderSummaryRow,
    PricedDraftRow,
    PriceRow,
    ReservationDraftRow,
    ReservationPackageDraftRow,
    SoldItemFields,
    UsableCouponRow,
)
from apps.booking.errors import ReservationBilled
from apps.booking.models import Reservation, ReservationProject
from apps.cards.choices import CARD_GIFT_KINDS, CardStatus
from apps.cards.models import Card, CardSession
from apps.cards.selectors import card_entries_of_orders
from apps.catalog.choices import CardKind
from apps.catalog.models import Product, Project
from apps.core.audit import operator_name
from apps.core.json_types import JsonObject
from apps.core.models import SystemLog
from apps.core.money import money_or_none_to_wire, money_to_wire
from apps.core.phones import mask_phone
from apps.staff.choices import EmployeeStatus

ZERO = Decimal("0")


def _when(value: datetime | None) -> datetime | None:
    return timezone.localtime(value) if value is not None else None


def orders() -> QuerySet[Order]:
    """Every order, for a view to pick the caller's store's (apps.core.scoping)."""
    return Order.objects.all()


def reservations() -> QuerySet[Reservation]:
    """Every reservation, for a view to pick one of the caller's store to start an order from."""
    return Reservation.objects.all()


def _order_figures(order: Order, lines: Iterable[OrderLine]) -> OrderFiguresFields:
    """The order's totals, the sessions its lines (read with their cards) used apart from its discount."""
    used = sum((sessions_value(line) for line in lines), ZERO)
    return {
        "orderId": order.pk,
        "orderNo": order.order_no or "",
        "status": order.status,
        "total": money_to_wire(order.total),
        "discount": money_to_wire(order.discount - used),
        "sessionsValue": money_to_wire(used),
        "payable": money_to_wire(order.payable),
    }


def _sold_item(line: OrderLine) -> SoldItemFields:
    return {
        "type": line.type,
        "itemId": line.item_id,
        "name": line.name,
        "qty": line.qty,
        "unitPrice": money_to_wire(line.unit_price),
    }


def committed_row(order: Order) -> CommittedOrderRow:
    """Contract §8's answer to `order/commit`, field for field, with the sessions used apart from
    the discount (apps.billing.orders.figures)."""
    lines = sorted(order.lines.all(), key=attrgetter("pk"))
    return {
        **_order_figures(order, lines),
        "lines": [
            {
                "orderLineId": line.pk,
                **_sold_item(line),
                "discount": money_to_wire(line.discount - sessions_value(line)),
                "sessionsValue": money_to_wire(sessions_value(line)),
                "amount": money_to_wire(line.amount),
                "cardId": line.card_id,
            }
            for line in lines
        ],
    }


def order_search(
    rows: QuerySet[Order],
    *,
    start_time: datetime | None = None,
    end_time: datetime | None = None,
    member_id: int | None = None,
    order_no: str = "",
    status: str = "",
    employee_id: int | None = None,
) -> QuerySet[Order]:
    """The bills list's filters (contract §8), newest first. `start_time`/`end_time` bound when the
    order was committed; `employee_id` keeps orders where the employee is on a line's staff."""
    if start_time is not None:
        rows = rows.filter(created_at__gte=start_time)
    if end_time is not None:
        rows = rows.filter(created_at__lte=end_time)
    if member_id is not None:
        rows = rows.filter(member_id=member_id)
    if order_no.strip():
        rows = rows.filter(order_no__startswith=order_no.strip().upper())
    if status:
        rows = rows.filter(status=status)
    if employee_id is not None:
        rows = rows.filter(
            Exists(OrderLineStaff.objects.filter(line__order_id=OuterRef("pk"), employee_id=employee_id))
        )
    # The order of the index order_store_newest, so a month's first page reads 20 index entries.
    return rows.order_by("-created_at", "-id")


def _order_row(order: Order, figures: OrderFigures) -> OrderRow:
    """An order as the bills list shows it: what it paid, the sessions it used apart from its
    discount, what its refunds gave back and what it netted (apps.billing.orders.figures)."""
    refunded = refund_status(order, figures)
    return {
        "orderId": order.pk,
        "orderNo": order.order_no or "",
        "storeId": order.store_id,
        "memId": order.member_id,
        "name": order.name,
        "phone": mask_phone(order.phone),
        "walkIn": order.member_id is None,
        "reservationId": order.reservation_id,
        "status": order.status,
        "statusName": str(order.get_status_display()),
        "refundStatus": refunded.value,
        "refundStatusName": "" if refunded == OrderRefundStatus.NONE else str(refunded.label),
        "total": money_to_wire(order.total),
        "discount": money_to_wire(order.discount - figures.sessions_value),
        "sessions": figures.sessions,
        "sessionsValue": money_to_wire(figures.sessions_value),
        "payable": money_to_wire(order.payable),
        "paid": money_to_wire(order.paid),
        "refunded": money_to_wire(figures.refunded),
        "net": money_to_wire(order.paid - figures.refunded),
        "due": money_to_wire(order.due),
        "businessDate": order.business_date,
        "remark": order.remark,
        "operatorName": operator_name(order.operator_name),
        "createdAt": _when(order.created_at),
        "paidAt": _when(order.paid_at),
    }


def order_row(order: Order) -> OrderRow:
    return _order_row(order, order_figures([order.pk])[order.pk])


def order_rows(window: Iterable[Order]) -> list[OrderRow]:
    """The rows of a page of orders: two queries for their figures, whatever the page's size."""
    orders = list(window)
    figures = order_figures(order.pk for order in orders)
    return [_order_row(order, figures[order.pk]) for order in orders]


def order_summary(rows: QuerySet[Order]) -> OrderSummaryRow:
    """The bills list's totals over every filtered order, not only the page: three aggregate queries.
    Cancelled orders count and sum like the others; the status filter leaves them out."""
    sums = rows.order_by().aggregate(
        count=Count("id"), total=Sum("total"), discount=Sum("discount"), payable=Sum("payable"), paid=Sum("paid")
    )
    more = summary_figures(rows)
    paid = sums["paid"] or ZERO
    return {
        "count": sums["count"],
        "total": money_to_wire(sums["total"] or ZERO),
        "discount": money_to_wire((sums["discount"] or ZERO) - more.sessions_value),
        "sessionsValue": money_to_wire(more.sessions_value),
        "payable": money_to_wire(sums["payable"] or ZERO),
        "paid": money_to_wire(paid),
        "refunded": money_to_wire(more.refunded),
        "net": money_to_wire(paid - more.refunded),
    }


def order_quick_search(rows: QuerySet[Order], keyword: str) -> list[OrderFoundRow]:
    """Orders by a whole phone (the customer's, as written on the order) or by the start of an
    order number; at most SEARCH_LIMIT, newest first. A fragment of a phone finds nothing: phones
    are masked, and fragment searches have their own rate-limited calls (members)."""
    keyword = keyword.strip()
    if not keyword:
        return []
    condition = Q(order_no__startswith=keyword.upper())
    if keyword.isdigit():
        condition |= Q(phone=keyword)
    found = rows.filter(condition).order_by("-id")[:SEARCH_LIMIT]
    return [
        {
            "orderId": order.pk,
            "orderNo": order.order_no or "",
            "name": order.name,
            "phone": mask_phone(order.phone),
            "status": order.status,
            "payable": money_to_wire(order.payable),
            "due": money_to_wire(order.due),
            "createdAt": _when(order.created_at),
        }
        for order in found
    ]


def _discount_rows(discounts: list[JsonObject]) -> list[DiscountRow]:
    return [{"source": d["source"], "name": d["name"], "amount": d["amount"]} for d in without_sessions(discounts)]


def _line_row(line: OrderLine) -> OrderLineRow:
    """A line with the sessions that paid it apart from its discount; read with its card loaded."""
    used = sessions_value(line)
    return {
        "orderLineId": line.pk,
        **_sold_item(line),
        "total": money_to_wire(line.unit_price * line.qty),
        "discount": money_to_wire(line.discount - used),
        "sessionsValue": money_to_wire(used),
        "amount": money_to_wire(line.amount),
        "cardId": line.card_id,
        "discounts": _discount_rows(line.discounts),
        "gift": line.gift,
        "giftReason": line.gift_reason,
        "takeLater": line.take_later,
    }


def _lines_with_staff() -> Prefetch[str, QuerySet[OrderLine], str]:
    return Prefetch(
        "lines",
        OrderLine.objects.select_related("card")
        .order_by("id")
        .prefetch_related(Prefetch("staff", OrderLineStaff.objects.select_related("employee").order_by("id"))),
    )


def order_details(order_id: int, rows: QuerySet[Order]) -> Order | None:
    """The order (of `rows`, the caller's stores) with its lines, their staff, and its tenders."""
    return (
        rows.filter(pk=order_id)
        .prefetch_related(
            _lines_with_staff(), Prefetch("tenders", Tender.objects.select_related("card").order_by("id"))
        )
        .first()
    )


def order_detail_row(order: Order) -> OrderDetailRow:
    return {
        **order_row(order),
        "lines": [
            {
                **_line_row(line),
                "staff": [
                    {"employeeId": s.employee_id, "name": s.employee.name, "share": f"{s.share:.4f}"}
                    for s in line.staff.all()
                ],
            }
            for line in order.lines.all()
        ],
        "tenders": [
            {
                "tenderId": tender.pk,
                "method": tender.method,
                "amount": money_to_wire(tender.amount),
                "status": tender.status,
                "cardId": tender.card_id,
                "cardNo": (tender.card.card_no or "") if tender.card else "",
                "methodName": str(tender.get_method_display()),
                "points": tender.points,
                "received": money_or_none_to_wire(tender.received),
                "change": money_or_none_to_wire(tender.change),
                "operatorName": operator_name(tender.operator_name),
                "createdAt": _when(tender.created_at),
            }
            for tender in order.tenders.all()
        ],
        "refunds": order_refund_rows(order),
        "signed": bool(order.signature),
    }


def _summed_discounts(discount_lists: Iterable[Iterable[Mapping[str, Any]]]) -> list[DiscountRow]:
    """The order's discounts by source and name, summed over its lines, in the order first met (the
    sessions' cover is not one: apps.billing.orders.figures)."""
    sums: dict[tuple[str, str], Decimal] = {}
    for discounts in discount_lists:
        for d in without_sessions(discounts):
            key = (d["source"], d["name"])
            sums[key] = sums.get(key, ZERO) + Decimal(d["amount"])
    return [
        {"source": source, "name": name, "amount": money_to_wire(amount)} for (source, name), amount in sums.items()
    ]


def price_summary(order: Order, *, with_lines: bool) -> PriceRow:
    """`pay/price` (and with the lines, `pay/detailPrice`, a DetailPriceRow): what is payable, paid
    and due, and each discount the order got."""
    lines = list(order.lines.select_related("card").order_by("id"))
    answer: PriceRow = {
        **_order_figures(order, lines),
        "sessions": sum(line.qty for line in lines if paid_by_sessions(line)),
        "paid": money_to_wire(order.paid),
        "due": money_to_wire(order.due),
        "discounts": _summed_discounts(line.discounts for line in lines),
    }
    if with_lines:
        detail: DetailPriceRow = {**answer, "lines": [_line_row(line) for line in lines]}
        return detail
    return answer


def priced_draft_row(priced: PricedOrder) -> PricedDraftRow:
    """The cashier's live totals: a priced draft, nothing saved (checkDiscountConcurrently)."""
    discount_lists = [_discount_rows([dict(d.to_wire()) for d in line.discounts]) for line in priced.lines]
    used = sum((line.sessions_value for line in priced.lines), ZERO)
    return {
        "total": money_to_wire(priced.total),
        "discount": money_to_wire(priced.discount - used),
        "sessionsValue": money_to_wire(used),
        "payable": money_to_wire(priced.payable),
        "discounts": _summed_discounts(discount_lists),
        "coupons": [coupon.to_wire() for coupon in priced.coupons],
        "lines": [
            {
                "index": line.line.index,
                "type": line.line.type,
                "itemId": line.line.item.pk,
                "name": line.name,
                "qty": line.line.qty,
                "unitPrice": money_to_wire(line.unit_price),
                "total": money_to_wire(line.total),
                "discount": money_to_wire(line.discount - line.sessions_value),
                "sessionsValue": money_to_wire(line.sessions_value),
                "amount": money_to_wire(line.amount),
                "cardId": line.line.card.pk if line.line.card else None,
                "discounts": discounts,
                "gift": line.line.gift,
            }
            for line, discounts in zip(priced.lines, discount_lists, strict=True)
        ],
    }


def member_gifts(member_id: int, rows: QuerySet[Order]) -> QuerySet[OrderLine]:
    """membergiftrest: the gifts given to a member with a sale (gift lines of the member's orders in
    `rows`, the caller's stores; a cancelled order gave nothing), newest first."""
    return (
        OrderLine.objects.filter(gift=True, order__in=rows.filter(member_id=member_id))
        .exclude(order__status=OrderStatus.CANCELLED)
        .select_related("order", "order__store")
        .order_by("-id")
    )


def gift_rows(window: Iterable[OrderLine]) -> list[GiftRow]:
    return [
        {
            "orderLineId": line.pk,
            "orderId": line.order_id,
            "orderNo": line.order.order_no or "",
            "orderStatus": line.order.status,
            "type": line.type,
            "itemId": line.item_id,
            "name": line.name,
            "qty": line.qty,
            "value": money_to_wire(line.unit_price * line.qty),
            "reason": line.gift_reason,
            "businessDate": line.order.business_date,
            "storeId": line.order.store_id,
            "storeName": line.order.store.name,
            "operatorName": operator_name(line.order.operator_name),
        }
        for line in window
    ]


def usable_coupon_rows(fits: Iterable[CouponFit]) -> list[UsableCouponRow]:
    """The till's coupon picker: the member's usable coupons, each tried alone on the draft."""
    rows: list[UsableCouponRow] = []
    for fit in fits:
        template = fit.coupon.template
        rows.append(
            {
                "couponId": fit.coupon.pk,
                "code": fit.coupon.code or "",
                "name": template.name,
                "kind": template.kind,
                "amount": money_to_wire(template.amount) if template.amount is not None else None,
                "rate": f"{template.rate:.2f}" if template.rate is not None else None,
                "maxDiscount": money_to_wire(template.max_discount) if template.max_discount is not None else None,
                "minSpend": money_to_wire(template.min_spend),
                "oneOrder": template.one_per_order,
                "validTo": fit.coupon.valid_to,
                "applies": fit.discount is not None,
                "discount": money_to_wire(fit.discount) if fit.discount is not None else None,
                "reason": fit.reason,
            }
        )
    return rows


# -- drafts from a reservation -------------------------------------------------------------------


def reservation_for_order(reservation_id: int, rows: QuerySet[Reservation]) -> Reservation | None:
    return (
        rows.filter(pk=reservation_id)
        .select_related("nurse")
        .prefetch_related(Prefetch("lines", ReservationProject.objects.order_by("id")))
        .first()
    )


def _nurse_staff(reservation: Reservation) -> list[DraftStaffRow]:
    nurse = reservation.nurse
    if nurse is None or nurse.status != EmployeeStatus.ACTIVE:
        return []
    return [{"employeeId": nurse.pk, "name": nurse.name, "share": "1.0000"}]


def _draft_head(reservation: Reservation) -> DraftHead:
    """Who the draft is for; a reservation billed already has none (409 RES-40907): the till must
    not start a second order of it."""
    if reservation.billed_order_no:
        raise ReservationBilled(reservation.billed_order_no)
    return {
        "reservationId": reservation.pk,
        "memId": reservation.member_id,
        "name": reservation.name,
        "phone": mask_phone(reservation.phone),
        "nurseId": reservation.nurse_id,
        "nurseName": reservation.nurse.name if reservation.nurse else "",
    }


def _draft_line(project_id: int, name: str, staff: list[DraftStaffRow], card_id: int | None) -> DraftLineRow:
    return {
        "type": LineType.PROJECT.value,
        "itemId": project_id,
        "name": name,
        "qty": 1,
        "cardId": card_id,
        "staff": staff,
    }


def reservation_project_draft(reservation: Reservation) -> ReservationDraftRow:
    """`order/reservationProject`: a line per reserved project, served by the reservation's nurse."""
    staff = _nurse_staff(reservation)
    return {
        **_draft_head(reservation),
        "lines": [_draft_line(line.project_id, line.name, staff, None) for line in reservation.lines.all()],
    }


def _covering_cards(member_id: int, project_ids: list[int]) -> list[Card]:
    """The member's usable package cards with sessions left of the projects, soonest to expire first."""
    today = timezone.localdate()
    return list(
        Card.objects.select_related("card_type")
        .filter(member_id=member_id, kind=CardKind.PACKAGE, status=CardStatus.ACTIVE, expires_on__gte=today)
        .filter(Exists(CardSession.objects.filter(card_id=OuterRef("pk"), project_id__in=project_ids, left__gt=0)))
        .prefetch_related(Prefetch("sessions", CardSession.objects.filter(project_id__in=project_ids).order_by("id")))
        .order_by("expires_on", "id")
    )


def reservation_package_draft(reservation: Reservation) -> ReservationPackageDraftRow:
    """`order/reservationPackage`: the reserved projects that the member's package cards cover, each
    paid by the card that expires first (one session), and every covering card for the cashier to
    choose another."""
    staff = _nurse_staff(reservation)
    reserved = list(reservation.lines.all())
    cards = _covering_cards(reservation.member_id, [r.project_id for r in reserved]) if reservation.member_id else []
    lines: list[DraftLineRow] = []
    for reserved_project in reserved:
        card = next(
            (
                c
                for c in cards
                if any(s.project_id == reserved_project.project_id and s.left > 0 for s in c.sessions.all())
            ),
            None,
        )
        if card is not None:
            lines.append(_draft_line(reserved_project.project_id, reserved_project.name, staff, card.pk))
    return {
        **_draft_head(reservation),
        "lines": lines,
        "cards": [
            {
                "cardId": card.pk,
                "cardNo": card.card_no or "",
                "name": card.card_type.name,
                "expiresOn": card.expires_on,
                "sessions": [
                    {"projectId": s.project_id, "total": s.total, "left": s.left} for s in card.sessions.all()
                ],
            }
            for card in cards
        ],
    }


# Report reads (issue 29 §2; apps.reports.definitions): one row per sold line, gift or signed
# order, as a `.values()` QuerySet keyed by the report's column keys, so that the report framework
# pages, sorts, sums and streams it in SQL. Labels are written in the request's language when the
# query is built.

SALE_LINE_TYPES = tuple(t for t in LineType.values if t != LineType.DEPOSIT)
_MONEY = DecimalField(max_digits=20, decimal_places=2)


def labelled(field: str, choices: type[Choices]) -> Case:
    """The choice's label of `field` for each row, in the request's language."""
    return Case(
        *(When(**{field: value}, then=Value(str(label))) for value, label in choices.choices),
        default=F(field),
        output_field=CharField(),
    )


def _line_category_name() -> Case:
    """The category a product or project line's item is in now: a line keeps no copy of it."""
    return Case(
        When(
            type=LineType.PRODUCT,
            then=Subquery(Product.objects.filter(pk=OuterRef("item_id")).order_by().values("category__name")[:1]),
        ),
        When(
            type=LineType.PROJECT,
            then=Subquery(Project.objects.filter(pk=OuterRef("item_id")).order_by().values("category__name")[:1]),
        ),
        default=Value(""),
        output_field=CharField(),
    )


def in_category(category_id: int) -> Q:
    return Q(type=LineType.PRODUCT, item_id__in=Product.objects.filter(category_id=category_id).values("pk")) | Q(
        type=LineType.PROJECT, item_id__in=Project.objects.filter(category_id=category_id).values("pk")
    )


def _line_staff_names() -> Subquery:
    """The names of the staff who served or sold the line, in the order they were added. Each name
    is looked up by its key: joined to the employees instead, the planner hashed the whole employee
    table for every line (50 µs a line, 5 s of a 100,000-line export's query)."""
    employee = OrderLineStaff._meta.get_field("employee").related_model
    name = Subquery(employee._base_manager.filter(pk=OuterRef("employee_id")).order_by().values("name")[:1])
    return Subquery(
        OrderLineStaff.objects.filter(line_id=OuterRef("pk"))
        .order_by()
        .values("line_id")
        .annotate(names=StringAgg(name, ", ", order_by="id"))
        .values("names")[:1],
        output_field=CharField(),
    )


def _order_tender_methods(order_ref: str) -> Subquery:
    """The methods that paid the order, by name, in the order they were taken."""
    return Subquery(
        Tender.objects.filter(order_id=OuterRef(order_ref), status=TenderStatus.SUCCEEDED)
        .order_by()
        .values("order_id")
        .annotate(names=StringAgg(labelled("method", TenderMethod), ", ", distinct=True))
        .values("names")[:1],
        output_field=CharField(),
    )


def _served_by(employee_id: int) -> Exists:
    return Exists(OrderLineStaff.objects.filter(line_id=OuterRef("pk"), employee_id=employee_id))


def paid_lines(
    *,
    store_ids: Iterable[int],
    date_from: date,
    date_to: date,
    staff_id: int | None = None,
    category_id: int | None = None,
    item_type: str | None = None,
    member_id: int | None = None,
    order_id: int | None = None,
) -> QuerySet[OrderLine]:
    """The lines of the paid orders of `store_ids` whose business day is in the range (an intention
    deposit is money held, not a sale: its line is left out), narrowed by the filters given; a staff
    member's lines are those they served or sold."""
    lines = OrderLine.objects.filter(
        order__store_id__in=list(store_ids),
        order__business_date__range=(date_from, date_to),
        order__status=OrderStatus.PAID,
        type__in=SALE_LINE_TYPES,
    )
    if staff_id is not None:
        lines = lines.filter(_served_by(staff_id))
    if category_id is not None:
        lines = lines.filter(in_category(category_id))
    if item_type is not None:
        lines = lines.filter(type=item_type)
    if member_id is not None:
        lines = lines.filter(order__member_id=member_id)
    if order_id is not None:
        lines = lines.filter(order_id=order_id)
    return lines.order_by()


def _sessions_value() -> Case:
    """What package sessions covered of a line (figures.SESSION_LINES): its list value."""
    return Case(When(SESSION_LINES, then=LIST_VALUE), default=Value(ZERO), output_field=_MONEY)


def _line_and_its_order() -> dict[str, Any]:
    """The columns every line report opens with: the line's order (day, number, member) and the item."""
    return {
        "businessDate": F("order__business_date"),
        "orderId": F("order_id"),
        "orderNo": F("order__order_no"),
        "memberId": F("order__member_id"),
        "memberName": F("order__name"),
        "itemKind": labelled("type", LineType),
        "item": F("name"),
    }


def sales_detail_rows(lines: QuerySet[OrderLine]) -> QuerySet[OrderLine, Any]:
    """One row per sold line: `listAmount` = `discount` + `sessionsValue` + `amount` (figures.py:
    sessions used are not a discount), the staff who served or sold it, the methods that paid it."""
    return (
        lines.annotate(
            **_line_and_its_order(),
            category=_line_category_name(),
            listAmount=LIST_VALUE,
            sessionsValue=_sessions_value(),
            lineDiscount=ExpressionWrapper(F("discount") - _sessions_value(), output_field=_MONEY),
            paidBy=_order_tender_methods("order_id"),
            staffNames=_line_staff_names(),
            giftFlag=Case(When(gift=True, then=Value(str(_("gift")))), default=Value(""), output_field=CharField()),
            giftReason=F("gift_reason"),
        )
        .values(
            "businessDate",
            "orderId",
            "orderNo",
            "memberId",
            "memberName",
            "itemKind",
            "item",
            "category",
            "qty",
            "listAmount",
            "lineDiscount",
            "sessionsValue",
            "amount",
            "paidBy",
            "staffNames",
            "giftFlag",
            "giftReason",
        )
        .order_by("-businessDate", "-orderId", "id")
    )


def earned_by_day(lines: QuerySet[OrderLine]) -> list[tuple[date, Decimal]]:
    """What the lines earned (their payable amounts) per business day, in day order: one query."""
    return [
        (row["day"], row["earned"] or ZERO)
        for row in lines.values(day=F("order__business_date")).annotate(earned=Sum("amount")).order_by("day")
    ]


def gift_lines(
    *, store_ids: Iterable[int], date_from: date, date_to: date, staff_id: int | None = None
) -> QuerySet[OrderLine, Any]:
    """What paid orders gave away: the gift lines (goods or services free, with the reason) at their
    list value, and the gift balance a card sold or topped up came with (its card type's face value
    over its price; from the card's ledger entry of that order)."""
    card_gift = Subquery(
        card_entries_of_orders()
        .filter(order_id=OuterRef("order_id"), card_id=OuterRef("card_id"), kind__in=CARD_GIFT_KINDS)
        .values("order_id")
        .annotate(gift=Sum("gift_change"))
        .values("gift")[:1],
        output_field=_MONEY,
    )
    lines = paid_lines(store_ids=store_ids, date_from=date_from, date_to=date_to, staff_id=staff_id)
    return (
        lines.filter(Q(gift=True) | Q(type__in=[LineType.CARD_TYPE, LineType.TOP_UP], card__isnull=False))
        .annotate(
            cardGift=Coalesce(card_gift, Value(ZERO), output_field=_MONEY),
            giftValue=Case(When(gift=True, then=LIST_VALUE), default=F("cardGift"), output_field=_MONEY),
        )
        .filter(giftValue__gt=0)
        .annotate(
            **_line_and_its_order(),
            giftQty=Case(When(gift=True, then=F("qty")), default=Value(0)),
            reason=Case(
                When(gift=True, then=F("gift_reason")),
                default=Value(str(_("gift balance of the card"))),
                output_field=CharField(),
            ),
            staffNames=_line_staff_names(),
        )
        .values(
            "businessDate",
            "orderId",
            "orderNo",
            "memberId",
            "memberName",
            "itemKind",
            "item",
            "giftQty",
            "giftValue",
            "reason",
            "staffNames",
        )
        .order_by("-businessDate", "-orderId", "id")
    )


def signed_orders(*, store_ids: Iterable[int], date_from: date, date_to: date) -> QuerySet[Order, Any]:
    """The orders of the range that carry the member's signature, with when it was given (the last
    signature saved: a paid order's is final) and what the order came to."""
    signed_at = Subquery(
        SystemLog.objects.filter(
            object_type=Order._meta.label_lower,
            object_id=Cast(OuterRef("pk"), output_field=CharField()),
            action=AuditAction.ORDER_SIGNED,
        )
        .order_by("-id")
        .values("created_at")[:1]
    )
    return (
        Order.objects.filter(store_id__in=list(store_ids), business_date__range=(date_from, date_to), signature__gt="")
        .exclude(status=OrderStatus.CANCELLED)
        .annotate(
            businessDate=F("business_date"),
            signedAt=signed_at,
            orderId=F("pk"),
            orderNo=F("order_no"),
            memberId=F("member_id"),
            memberName=F("name"),
            statusName=labelled("status", OrderStatus),
            orderTotal=F("total"),
            orderPayable=F("payable"),
            orderPaid=F("paid"),
            operatorName=F("operator_name"),
        )
        .values(
            "businessDate",
            "signedAt",
            "orderId",
            "orderNo",
            "memberId",
            "memberName",
            "statusName",
            "orderTotal",
            "orderPayable",
            "orderPaid",
            "operatorName",
        )
        .order_by("-businessDate", "-orderId")
    )


def takeout_lines(
    *, store_ids: Iterable[int], date_from: date, date_to: date, owed_only: bool = False
) -> QuerySet[OrderLine, Any]:
    """Goods the paid orders of the range sold to take away: each product or product-package line,
    and, for a line taken later (欠货), how many stock units it owes, were taken and were refunded,
    and how many it still owes now (apps.billing.models.OwedGoods)."""
    owed = OwedGoods.objects.filter(order_line_id=OuterRef("pk")).order_by().values("order_line_id")

    def owed_sum(expression: Any) -> Coalesce:
        return Coalesce(
            Subquery(owed.annotate(n=Sum(expression)).values("n")[:1], output_field=IntegerField()), Value(0)
        )

    lines = paid_lines(store_ids=store_ids, date_from=date_from, date_to=date_to).filter(
        type__in=[LineType.PRODUCT, LineType.PRODUCT_PACKAGE]
    )
    if owed_only:
        lines = lines.filter(take_later=True)
    return (
        lines.annotate(
            **_line_and_its_order(),
            takeLater=Case(
                When(take_later=True, then=Value(str(_("take later")))), default=Value(""), output_field=CharField()
            ),
            owedQty=owed_sum("quantity"),
            takenQty=owed_sum("taken"),
            refundedQty=owed_sum("refunded"),
            stillOwed=owed_sum(F("quantity") - F("taken") - F("refunded")),
        )
        .values(
            "businessDate",
            "orderId",
            "orderNo",
            "memberId",
            "memberName",
            "itemKind",
            "item",
            "qty",
            "amount",
            "takeLater",
            "owedQty",
            "takenQty",
            "refundedQty",
            "stillOwed",
        )
        .order_by("-businessDate", "-orderId", "id")
    )
