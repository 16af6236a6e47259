"""The figures of a store's business day (daily closing, issue 14 §3): what /dailyKnots shows before
closing, what a closing keeps as its snapshot, /dailyReport and /dailyPerformance.

A handful of aggregate queries, whatever the number of orders (a busy day closes in well under a
second): the tenders of the day by method and status, the pending provider tenders, the paid
orders' lines by kind, the orders by status, the card ledger by kind, the points ledger by kind, the
staff credits by employee and kind, the day's active closing.

Which day a row belongs to: a tender, a card entry and a points entry by the local date of the
moment they were written (money taken today is today's till); an order, its lines and its staff
credits by the order's business day (and the card entries of a card sold or topped up by their
order's: a card issued without an order is no sale).

The sections agree by construction (issue 28): each base figure is one query, read once by
`day_figures` and handed to every section that shows it. The tenders and the refund tenders make
the takings (gross, refunded, net per method), the cash expected, the refunds' methods and the
stored value spent of the cards; the paid lines and the refunded lines by kind make the sales (gross,
returned, net per kind), the cards sold, topped up and the sessions used, and the revenue. So card
sales count the same in the sales and the cards, and the stored value spent is the stored-value
tenders, gross, less what refunds gave back to cards, as the takings say.

Takings and revenue are told apart. Takings are the money that came in (cash and provider tenders):
selling a stored-value or package card, or topping one up, is money in and a liability (the store
owes the service), so it is in takings but not in revenue. Revenue is what the store earned: the goods
and services delivered, whatever paid them (money, stored value, points), and the package sessions
used at the project's list price; spending stored value is revenue but not takings.

Intention deposits (apps.billing.deposits.services): a deposit taken is money in (its order's tenders are in
takings) and a liability (its line is the sale kind `deposits`, in `liabilityIn`), not revenue; a
deposit applied pays another order (a `deposit` tender, not money), whose goods and services are that
day's revenue; a deposit refunded takes the liability back (`liabilityOut`). `deposits` shows the
deposit ledger of the day (taken, applied, refunded, returned) and what the store still holds at the
day's end, so takings and revenue reconcile.

Refunds come in at `net_of_refunds`: the money a refund of the day gave back is taken off its method,
so takings and the cash the till should hold are net of refunds (a cash refund is cash out of the
till on the day it is made). The revenue is net of what the day's refunds returned (`_revenue`): the
goods and services at what the refund gave back, package sessions at their project's list price, by
the refund's business day; cards sold or topped up and refunded take the liability back.

The refunds of the day (`refunds`): their count and amount, the money back by method (succeeded),
the provider refunds still pending (closing is refused while any is, like a pending payment) and
those a provider refused (`failed`: that money did not go back). The reconciliation differences of
the day (apps.payments.selectors) are read live by `day_preview`: the providers' bills come the next
morning, after most days are closed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Count, DecimalField, ExpressionWrapper, F, Q, QuerySet, Sum
from django.utils import timezone

from apps.approvals.models import ApprovalRequest
from apps.approvals.selectors import waiting_request
from apps.billing.choices import (
    DAY_REOPEN_KIND,
    DAY_REOPEN_SUBJECT,
    DepositEntryKind,
    LineType,
    OrderStatus,
    TenderMethod,
    TenderStatus,
)
from apps.billing.closing.open_items import open_items
from apps.billing.closing.rows import (
    CardPartRow,
    CardsRow,
    ClosingRow,
    DayFiguresRow,
    DepositPartRow,
    DepositsRow,
    OrderCountsRow,
    PendingRefundRow,
    PendingRow,
    PendingTenderRow,
    PointsRow,
    PreviewRow,
    ReconciliationRow,
    RefundMethodRow,
    RefundsRow,
    ReopenAskRow,
    RevenueRow,
    SalesRow,
    SaleSums,
    StaffShareRow,
    TakingMethodRow,
    TakingsRow,
)
from apps.billing.models import (
    ZERO,
    DailyClosing,
    DepositEntry,
    Order,
    OrderLine,
    Refund,
    RefundLine,
    RefundTender,
    StaffCredit,
    Tender,
)
from apps.cards.choices import CardKind, EntryKind
from apps.cards.selectors import card_entries_at_store
from apps.core.audit import operator_name
from apps.core.money import money_or_none_to_wire, money_or_zero_to_wire, round_money
from apps.members.choices import PointsKind
from apps.members.selectors import points_entries_of_store
from apps.payments.selectors import reconciliation_differences

# Money that comes into the till or the provider's account (takings); the other tenders pay from
# what the member holds (stored value, points) and are not money in.
MONEY_METHODS = (TenderMethod.CASH, TenderMethod.WECHAT, TenderMethod.ALIPAY, TenderMethod.POS, TenderMethod.BOX)
# Where the takings table files a tender: money in, paid from what the member holds, or a group-buy
# coupon (the customer paid the platform, which settles with the chain: neither money at the till nor
# the member's assets).
MONEY_IN, MEMBER_HOLDINGS, GROUP_BUY = "moneyIn", "memberHoldings", "groupBuy"
PROVIDER_METHODS = (TenderMethod.WECHAT, TenderMethod.ALIPAY, TenderMethod.POS, TenderMethod.BOX)
TENDER_ORDER = [method.value for method in TenderMethod]

# Sales by kind (the wire's `kind`): what each kind of line adds up.
PRODUCTS, PROJECTS, PACKAGES, CARD_SALES, TOP_UPS, SESSIONS, DEPOSITS = (
    "products",
    "projects",
    "packages",
    "cardSales",
    "topUps",
    "sessions",
    "deposits",
)
SALE_KINDS = (PRODUCTS, PROJECTS, PACKAGES, SESSIONS, CARD_SALES, TOP_UPS, DEPOSITS)
EARNED_KINDS = (PRODUCTS, PROJECTS, PACKAGES)  # delivered goods and services, at what they were sold for
LIABILITY_KINDS = (CARD_SALES, TOP_UPS, DEPOSITS)  # money in for value the store still owes
PENDING_SHOWN = 50  # pending provider tenders listed by name (all are counted)

MONEY_FIELD = DecimalField(max_digits=20, decimal_places=2)


@dataclass(frozen=True)
class Day:
    store_id: int
    date: date

    @property
    def start(self) -> datetime:
        return timezone.make_aware(datetime.combine(self.date, time.min))

    @property
    def end(self) -> datetime:
        return timezone.make_aware(datetime.combine(self.date + timedelta(days=1), time.min))


def _sale_kind(line_type: str, card_kind: str | None) -> str:
    if line_type == LineType.PROJECT and card_kind == CardKind.PACKAGE:
        return SESSIONS
    if line_type == LineType.PROJECT_PACKAGE and card_kind == CardKind.PACKAGE:
        return CARD_SALES  # a package sold is banked on its card (decision 0038): earned as its sessions are used
    return {
        LineType.PRODUCT: PRODUCTS,
        LineType.PROJECT: PROJECTS,
        LineType.PRODUCT_PACKAGE: PACKAGES,
        LineType.PROJECT_PACKAGE: PACKAGES,
        LineType.CARD_TYPE: CARD_SALES,
        LineType.TOP_UP: TOP_UPS,
        LineType.DEPOSIT: DEPOSITS,
    }[LineType(line_type)]


def day_tenders(day: Day) -> QuerySet[Tender]:
    return Tender.objects.filter(store_id=day.store_id, created_at__gte=day.start, created_at__lt=day.end)


Totals = dict[tuple[str, str], tuple[int, Decimal]]


def gross_tenders(day: Day) -> Totals:
    """(method, status) -> (count, amount) of the day's tenders, before refunds: one query."""
    rows = day_tenders(day).order_by().values("method", "status").annotate(n=Count("id"), total=Sum("amount"))
    return {(row["method"], row["status"]): (row["n"], round_money(row["total"] or ZERO)) for row in rows}


def net_of_refunds(gross: Totals, refunds: Totals) -> Totals:
    """The day's tenders less the money its refunds gave back through each method (succeeded: cash
    out of the till, stored value back to cards, points back). The count stays the tenders'."""
    totals = dict(gross)
    for (method, status), (_count, back) in refunds.items():
        if status == TenderStatus.SUCCEEDED:
            count, amount = totals.get((method, status), (0, ZERO))
            totals[(method, status)] = (count, amount - back)
    return totals


def tender_totals(day: Day) -> Totals:
    """(method, status) -> (count, amount) of the day's tenders, net of the money the day's refunds
    gave back through each method: two queries (the same two `day_figures` reads once for every
    figure: takings, cash expected, pending, the refunds, the stored value spent). audit_ledgers'
    recomputation of a closing reads this function."""
    return net_of_refunds(gross_tenders(day), refund_tenders_by_method_and_status(day))


def cash_expected(totals: dict[tuple[str, str], tuple[int, Decimal]]) -> Decimal:
    """What the till should hold from the day: the cash tenders (net of change given)."""
    return totals.get((TenderMethod.CASH, TenderStatus.SUCCEEDED), (0, ZERO))[1]


def _filed_under(method: str) -> str:
    if method in MONEY_METHODS:
        return MONEY_IN
    return GROUP_BUY if method == TenderMethod.GROUP_BUY else MEMBER_HOLDINGS


def _takings(gross: Totals, refunds: Totals) -> TakingsRow:
    """Each method's tenders (gross), what the day's refunds gave back through it, and the net; a
    method the day only refunded through is listed too, so the takings agree with the refunds."""
    net = net_of_refunds(gross, refunds)
    methods: list[TakingMethodRow] = []
    money: list[tuple[Decimal, Decimal, Decimal]] = []  # the money methods' gross, refunded, net
    for method in TENDER_ORDER:
        key = (method, TenderStatus.SUCCEEDED)
        count, amount = net.get(key, (0, ZERO))
        given, back = gross.get(key, (0, ZERO))[1], refunds.get(key, (0, ZERO))[1]
        if not count and not back:
            continue
        if method in MONEY_METHODS:
            money.append((given, back, amount))
        methods.append(
            {
                "method": method,
                "label": str(TenderMethod(method).label),
                "count": count,
                "gross": money_or_zero_to_wire(given),
                "refunded": money_or_zero_to_wire(back),
                "amount": money_or_zero_to_wire(amount),
                "money": method in MONEY_METHODS,
                "filedUnder": _filed_under(method),
            }
        )
    return {
        "methods": methods,
        "money": money_or_zero_to_wire(sum((row[2] for row in money), ZERO)),
        "moneyGross": money_or_zero_to_wire(sum((row[0] for row in money), ZERO)),
        "moneyRefunded": money_or_zero_to_wire(sum((row[1] for row in money), ZERO)),
    }


def _pending(day: Day, totals: dict[tuple[str, str], tuple[int, Decimal]]) -> PendingRow:
    count = sum(n for (method, status), (n, _a) in totals.items() if status == TenderStatus.PENDING)
    amount = sum((a for (method, status), (_n, a) in totals.items() if status == TenderStatus.PENDING), ZERO)
    shown: list[PendingTenderRow] = []
    if count:
        rows = (
            day_tenders(day)
            .filter(status=TenderStatus.PENDING)
            .order_by("id")
            .values("id", "method", "amount", "order__order_no", "created_at")[:PENDING_SHOWN]
        )
        shown = [
            {
                "tenderId": row["id"],
                "orderNo": row["order__order_no"] or "",
                "method": row["method"],
                "amount": money_or_zero_to_wire(row["amount"]),
                "createdAt": row["created_at"],
            }
            for row in rows
        ]
    return {"count": count, "amount": money_or_zero_to_wire(amount), "tenders": shown}


def _refunds(day: Day, by: Totals) -> RefundsRow:
    """The refunds of the day (by their business day): count and amount, the money back by method
    (`by`, the refund tenders the takings are net of), the pending provider refunds (listed) and the
    failed ones. One query, and one more to list pending ones."""
    totals = Refund.objects.filter(store_id=day.store_id, business_date=day.date).aggregate(
        n=Count("id"), total=Sum("amount")
    )
    methods: list[RefundMethodRow] = [
        {
            "method": method,
            "label": str(TenderMethod(method).label),
            "count": by[(method, TenderStatus.SUCCEEDED)][0],
            "amount": money_or_zero_to_wire(by[(method, TenderStatus.SUCCEEDED)][1]),
        }
        for method in TENDER_ORDER
        if (method, TenderStatus.SUCCEEDED) in by
    ]

    def part(status: str) -> tuple[int, Decimal]:
        return (
            sum(n for (_m, st), (n, _a) in by.items() if st == status),
            sum((a for (_m, st), (_n, a) in by.items() if st == status), ZERO),
        )

    pending_count, pending_amount = part(TenderStatus.PENDING)
    failed_count, failed_amount = part(TenderStatus.FAILED)
    pending_rows = _pending_refund_tenders(day) if pending_count else []
    return {
        "count": totals["n"] or 0,
        "amount": money_or_zero_to_wire(totals["total"]),
        "methods": methods,
        "pending": {"count": pending_count, "amount": money_or_zero_to_wire(pending_amount), "tenders": pending_rows},
        "failed": {"count": failed_count, "amount": money_or_zero_to_wire(failed_amount)},
    }


def _sales(day: Day) -> dict[str, SaleSums]:
    """The paid orders' lines of the day by kind: one query."""
    list_value = ExpressionWrapper(F("unit_price") * F("qty"), output_field=MONEY_FIELD)
    rows = (
        OrderLine.objects.filter(
            order__store_id=day.store_id, order__business_date=day.date, order__status=OrderStatus.PAID
        )
        .order_by()
        .values("type", "card__kind")
        .annotate(n_lines=Count("id"), qty_sum=Sum("qty"), amount_sum=Sum("amount"), list_sum=Sum(list_value))
    )
    kinds: dict[str, SaleSums] = {kind: {"lines": 0, "qty": 0, "amount": ZERO} for kind in SALE_KINDS}
    for row in rows:
        kind = _sale_kind(row["type"], row["card__kind"])
        into = kinds[kind]
        into["lines"] += row["n_lines"]
        into["qty"] += row["qty_sum"] or 0
        # Sessions are paid by the card (their lines are 0): they count at the project's list price.
        into["amount"] += round_money((row["list_sum"] if kind == SESSIONS else row["amount_sum"]) or ZERO)
    return kinds


def _orders(day: Day) -> OrderCountsRow:
    counts = dict(
        Order.objects.filter(store_id=day.store_id, business_date=day.date)
        .order_by()
        .values("status")
        .annotate(n=Count("id"))
        .values_list("status", "n")
    )
    return {
        "paid": counts.get(OrderStatus.PAID, 0),
        "open": counts.get(OrderStatus.UNPAID, 0) + counts.get(OrderStatus.PARTLY_PAID, 0),
        "cancelled": counts.get(OrderStatus.CANCELLED, 0),
    }


# What the card ledger says of a figure: the principal, the gift and the sessions.
LedgerPart = tuple[Decimal, Decimal, int]
NOTHING: LedgerPart = (ZERO, ZERO, 0)


def _card_ledger(day: Day) -> dict[str, LedgerPart]:
    """What the card ledger says of the day's cards sold and topped up (the entries of the day's
    paid orders: a card issued without an order is no sale) and of the stored value spent (the
    entries written that day, with the tenders that spent it), by kind: one query."""
    paid_orders = Order.objects.filter(store_id=day.store_id, business_date=day.date, status=OrderStatus.PAID)
    of_orders = Q(kind__in=[EntryKind.SALE, EntryKind.TOP_UP], order_id__in=paid_orders.values("pk"))
    spent = Q(kind=EntryKind.SPEND, created_at__gte=day.start, created_at__lt=day.end)
    return {
        row["kind"]: (row["principal"] or ZERO, row["gift"] or ZERO, row["sessions"] or 0)
        for row in card_entries_at_store(day.store_id)
        .filter(of_orders | spent)
        .order_by()
        .values("kind")
        .annotate(principal=Sum("principal_change"), gift=Sum("gift_change"), sessions=Sum("sessions_change"))
    }


def _card_part(count: int, amount: Decimal, returned: Decimal, ledger: LedgerPart, sign: int = 1) -> CardPartRow:
    principal, gift, sessions = ledger
    return {
        "count": count,
        "amount": money_or_zero_to_wire(amount),
        "returned": money_or_zero_to_wire(returned),
        "net": money_or_zero_to_wire(amount - returned),
        "principal": money_or_zero_to_wire(sign * principal),
        "gift": money_or_zero_to_wire(sign * gift),
        "sessions": sign * sessions,
    }


def _cards(
    day: Day, sales: dict[str, SaleSums], returned: dict[str, Decimal], gross: Totals, refunds: Totals
) -> CardsRow:
    """Cards sold and topped up, stored value spent and sessions used, each counted and summed by
    the very figure another section shows (issue 28): card sales and top-ups are the paid orders'
    lines (the sales), what the day's refunds returned of them their refunded lines, the stored value
    spent the day's stored-value tenders and what refunds gave back to cards (the takings), the
    sessions the lines they paid (the sales, the revenue). The card ledger adds how the money splits
    into principal and gift, and the sessions a package card sold holds."""
    ledger = _card_ledger(day)
    stored = (TenderMethod.STORED_VALUE, TenderStatus.SUCCEEDED)
    spent_count, spent = gross.get(stored, (0, ZERO))
    used = sales[SESSIONS]
    return {
        "sold": _card_part(
            sales[CARD_SALES]["qty"],
            sales[CARD_SALES]["amount"],
            returned[CARD_SALES],
            ledger.get(EntryKind.SALE, NOTHING),
        ),
        "toppedUp": _card_part(
            sales[TOP_UPS]["lines"], sales[TOP_UPS]["amount"], returned[TOP_UPS], ledger.get(EntryKind.TOP_UP, NOTHING)
        ),
        "storedValueSpent": _card_part(
            spent_count, spent, refunds.get(stored, (0, ZERO))[1], ledger.get(EntryKind.SPEND, NOTHING), -1
        ),
        "sessionsUsed": _card_part(used["lines"], used["amount"], returned[SESSIONS], (ZERO, ZERO, used["qty"])),
    }


def _deposits(day: Day) -> DepositsRow:
    """The deposit ledger of the store's day by kind, and what the store still holds at its end
    (every entry up to the day): one query."""
    kinds = (DepositEntryKind.TAKEN, DepositEntryKind.APPLIED, DepositEntryKind.REFUNDED, DepositEntryKind.RETURNED)
    of_day = {kind: Q(business_date=day.date, kind=kind) for kind in kinds}
    sums = (
        DepositEntry.objects.filter(store_id=day.store_id, business_date__lte=day.date)
        .order_by()
        .aggregate(
            held=Sum("change"),
            **{f"{kind}_n": Count("id", filter=of_day[kind]) for kind in kinds},
            **{f"{kind}_total": Sum("change", filter=of_day[kind]) for kind in kinds},
        )
    )

    def part(kind: str, sign: int = 1) -> DepositPartRow:
        return {
            "count": sums[f"{kind}_n"] or 0,
            "amount": money_or_zero_to_wire(sign * (sums[f"{kind}_total"] or ZERO)),
        }

    return {
        "taken": part(DepositEntryKind.TAKEN),
        "applied": part(DepositEntryKind.APPLIED, -1),
        "refunded": part(DepositEntryKind.REFUNDED, -1),
        "returned": part(DepositEntryKind.RETURNED),
        "held": money_or_zero_to_wire(sums["held"]),
    }


def _points(day: Day, tendered: Decimal) -> PointsRow:
    sums = dict(
        points_entries_of_store(day.store_id, day.start, day.end)
        .order_by()
        .values("kind")
        .annotate(total=Sum("change"))
        .values_list("kind", "total")
    )
    return {
        "earned": sums.get(PointsKind.EARN, 0) or 0,
        "spent": -(sums.get(PointsKind.SPEND, 0) or 0),
        "adjusted": sums.get(PointsKind.ADJUST, 0) or 0,
        "tendered": money_or_zero_to_wire(tendered),
    }


def staff_shares(day: Day) -> list[StaffShareRow]:
    """Each employee's credits of the day, kept apart by kind (apps.billing.orders.performance): one query."""
    rows = (
        StaffCredit.objects.filter(store_id=day.store_id, business_date=day.date)
        .order_by()
        .values("employee_id", "employee__name", "kind")
        .annotate(total=Sum("amount"))
    )
    people: dict[int, dict[str, Any]] = {}
    for row in rows:
        person = people.setdefault(
            row["employee_id"],
            {
                "employeeId": row["employee_id"],
                "name": row["employee__name"],
                "service": ZERO,
                "sale": ZERO,
                "cardSale": ZERO,
                "cardConsumption": ZERO,
            },
        )
        person[row["kind"]] += round_money(row["total"] or ZERO)
    shares: list[StaffShareRow] = []
    for person in sorted(people.values(), key=lambda p: (p["name"], p["employeeId"])):
        amounts = [person[kind] for kind in ("service", "sale", "cardSale", "cardConsumption")]
        shares.append(
            {
                "employeeId": person["employeeId"],
                "name": person["name"],
                "service": money_or_zero_to_wire(person["service"]),
                "sale": money_or_zero_to_wire(person["sale"]),
                "cardSale": money_or_zero_to_wire(person["cardSale"]),
                "cardConsumption": money_or_zero_to_wire(person["cardConsumption"]),
                "total": money_or_zero_to_wire(sum(amounts, ZERO)),
            }
        )
    return shares


def active_closing(day: Day) -> DailyClosing | None:
    return (
        DailyClosing.objects.filter(store_id=day.store_id, date=day.date, reopened_at__isnull=True)
        .order_by("-id")
        .first()
    )


def closing_row(closing: DailyClosing) -> ClosingRow:
    return {
        "closingId": closing.pk,
        "storeId": closing.store_id,
        "date": closing.date.isoformat(),
        "status": "closed" if closing.active else "reopened",
        "cashExpected": money_or_zero_to_wire(closing.cash_expected),
        "cashCounted": money_or_zero_to_wire(closing.cash_counted),
        "difference": money_or_zero_to_wire(closing.difference),
        "differenceReason": closing.difference_reason,
        "remark": closing.remark,
        "closedBy": operator_name(closing.closed_by_name),
        "closedAt": closing.closed_at,
        "reopenedBy": operator_name(closing.reopened_by_name),
        "reopenedAt": closing.reopened_at,
        "reopenReason": closing.reopen_reason,
        "carriedOver": list(closing.carried_over or []),
    }


def _sales_row(sales: dict[str, SaleSums], returned: dict[str, Decimal]) -> SalesRow:
    """The paid orders' lines by kind (gross) beside what the day's refunds returned of each kind, and
    the net."""
    total = sum((sales[kind]["amount"] for kind in SALE_KINDS), ZERO)
    back = sum((returned[kind] for kind in SALE_KINDS), ZERO)
    return {
        "kinds": [
            {
                "kind": kind,
                "lines": sales[kind]["lines"],
                "qty": sales[kind]["qty"],
                "amount": money_or_zero_to_wire(sales[kind]["amount"]),
                "returned": money_or_zero_to_wire(returned[kind]),
                "net": money_or_zero_to_wire(sales[kind]["amount"] - returned[kind]),
            }
            for kind in SALE_KINDS
        ],
        "total": money_or_zero_to_wire(total),
        "returned": money_or_zero_to_wire(back),
        "net": money_or_zero_to_wire(total - back),
    }


def _revenue(takings: TakingsRow, sales: dict[str, SaleSums], returned: dict[str, Decimal], net: Totals) -> RevenueRow:
    earned = sum((sales[kind]["amount"] for kind in EARNED_KINDS), ZERO)
    sessions_value = sales[SESSIONS]["amount"]
    returned_earned = sum((returned[kind] for kind in EARNED_KINDS), ZERO) + returned[SESSIONS]

    def tendered(method: str) -> str:
        return money_or_zero_to_wire(net.get((method, TenderStatus.SUCCEEDED), (0, ZERO))[1])

    return {
        "takings": takings["money"],
        "liabilityIn": money_or_zero_to_wire(sum((sales[kind]["amount"] for kind in LIABILITY_KINDS), ZERO)),
        "goodsAndServices": money_or_zero_to_wire(earned),
        "sessionsValue": money_or_zero_to_wire(sessions_value),
        "returned": money_or_zero_to_wire(returned_earned),
        "liabilityOut": money_or_zero_to_wire(sum((returned[kind] for kind in LIABILITY_KINDS), ZERO)),
        "earned": money_or_zero_to_wire(earned + sessions_value - returned_earned),
        "paidFromStoredValue": tendered(TenderMethod.STORED_VALUE),
        "paidByPoints": tendered(TenderMethod.POINTS),
        "paidFromDeposits": tendered(TenderMethod.DEPOSIT),
    }


def day_figures(day: Day) -> DayFiguresRow:
    """Everything /dailyKnots and /dailyReport show of the day (see the module's doc), as wire data.
    Each base figure is one query, read once and handed to every section that shows it, so the
    sections agree by construction: the tenders (gross) and the refund tenders (takings, cash,
    pending, refunds, stored value spent, revenue), the sales and the refunded lines by kind (sales,
    cards sold, topped up and sessions used, revenue)."""
    gross, refund_tenders = gross_tenders(day), refund_tenders_by_method_and_status(day)
    net = net_of_refunds(gross, refund_tenders)
    takings = _takings(gross, refund_tenders)
    sales, returned = _sales(day), _refunded_by_sale_kind(day)
    return {
        "storeId": day.store_id,
        "date": day.date.isoformat(),
        "takings": takings,
        "cash": {"expected": money_or_zero_to_wire(cash_expected(net))},
        "pending": _pending(day, net),
        "sales": _sales_row(sales, returned),
        "orders": _orders(day),
        "cards": _cards(day, sales, returned, gross, refund_tenders),
        "refunds": _refunds(day, refund_tenders),
        "points": _points(day, net.get((TenderMethod.POINTS, TenderStatus.SUCCEEDED), (0, ZERO))[1]),
        "deposits": _deposits(day),
        "revenue": _revenue(takings, sales, returned, net),
        "staff": staff_shares(day),
    }


def day_preview(day: Day) -> PreviewRow:
    """The day's figures with its closing (null while it is open): while it is open, what of it is
    still open (apps.billing.closing.open_items); once closed, a request to reopen it still waiting."""
    closing = active_closing(day)
    return {
        **day_figures(day),
        "closing": closing_row(closing) if closing else None,
        "reconciliation": reconciliation_rows(day),
        "openItems": open_items(day.store_id, day.date) if closing is None else [],
        "reopenAsked": waiting_reopen_ask(closing) if closing is not None else None,
    }


def reopen_ask_row(request: ApprovalRequest) -> ReopenAskRow:
    return {
        "requestId": request.pk,
        "closingId": int(request.subject_id),
        "date": str((request.payload or {}).get("date", "")),
        "reason": request.reason,
        "status": request.status,
        "applicantName": request.applicant.nickname or request.applicant.login_name,
        "createdAt": request.created_at,
    }


def waiting_reopen_ask(closing: DailyClosing) -> ReopenAskRow | None:
    """The request to reopen `closing` still waiting for the owner, if any (the closing page shows it)."""
    request = waiting_request(kind=DAY_REOPEN_KIND, subject_type=DAY_REOPEN_SUBJECT, subject_id=closing.pk)
    return reopen_ask_row(request) if request is not None else None


def reconciliation_rows(day: Day) -> list[ReconciliationRow]:
    """The providers' bills against our payments and refunds for the day (read live)."""
    return [
        {
            "provider": row.provider,
            "kind": row.kind,
            "kindName": str(row.get_kind_display()),
            "outTradeNo": row.out_trade_no,
            "outRefundNo": row.out_refund_no,
            "ours": money_or_none_to_wire(row.ours),
            "theirs": money_or_none_to_wire(row.theirs),
        }
        for row in reconciliation_differences(day=day.date, store_id=day.store_id)
    ]


def closings(store_id: int, *, start: date | None = None, end: date | None = None) -> QuerySet[DailyClosing]:
    rows = DailyClosing.objects.filter(store_id=store_id)
    if start is not None:
        rows = rows.filter(date__gte=start)
    if end is not None:
        rows = rows.filter(date__lte=end)
    return rows.order_by("-date", "-id")


def closings_rows(window: Iterable[DailyClosing]) -> list[ClosingRow]:
    return [closing_row(closing) for closing in window]


def recorded_cash_differences() -> list[tuple[DailyClosing, Decimal]]:
    """Active closings whose recorded cash expected is not what the day's cash tenders add up to now
    (manage.py audit_ledgers). One query for the closings and one per closing's day (audits run offline)."""
    wrong = []
    for closing in DailyClosing.objects.filter(reopened_at__isnull=True).order_by("id").iterator():
        recomputed = cash_expected(tender_totals(Day(closing.store_id, closing.date)))
        if recomputed != closing.cash_expected:
            wrong.append((closing, recomputed))
    return wrong


def recorded_takings_differences() -> list[tuple[DailyClosing, dict[str, str], dict[str, str]]]:
    """Active closings whose recorded takings by method (the day's tenders less its refunds, per
    method) are not what the tenders and refunds of that store and day add up to now (manage.py
    audit_ledgers): (closing, recorded, recomputed). Two queries per closing's day."""
    wrong = []
    for closing in DailyClosing.objects.filter(reopened_at__isnull=True).order_by("id").iterator():
        recorded = {
            row["method"]: row["amount"] for row in (closing.figures or {}).get("takings", {}).get("methods", [])
        }
        the_day = Day(closing.store_id, closing.date)
        takings = _takings(gross_tenders(the_day), refund_tenders_by_method_and_status(the_day))
        # A closing recorded before a method the day only refunded through was listed has no row for
        # it: such a row (no tender) is compared only where the closing recorded one.
        recomputed = {
            row["method"]: row["amount"] for row in takings["methods"] if row["count"] or row["method"] in recorded
        }
        if recorded != recomputed:
            wrong.append((closing, recorded, recomputed))
    return wrong


def refund_tenders_by_method_and_status(day: Day) -> Totals:
    """The day's refund tenders of a sale's tender: (method, status) -> (count, amount): one query."""
    rows = (
        RefundTender.objects.filter(refund__store_id=day.store_id, refund__business_date=day.date, tender__isnull=False)
        .order_by()
        .values("method", "status")
        .annotate(n=Count("id"), total=Sum("amount"))
    )
    return {(row["method"], row["status"]): (row["n"], round_money(row["total"] or ZERO)) for row in rows}


def _pending_refund_tenders(day: Day) -> list[PendingRefundRow]:
    """The day's provider refunds still waiting on their provider, the first PENDING_SHOWN."""
    return [
        {
            "refundNo": row["refund__refund_no"] or "",
            "orderNo": row["refund__order__order_no"] or "",
            "method": row["method"],
            "amount": money_or_zero_to_wire(row["amount"]),
            "createdAt": row["created_at"],
        }
        for row in RefundTender.objects.filter(
            refund__store_id=day.store_id, refund__business_date=day.date, status=TenderStatus.PENDING
        )
        .order_by("id")
        .values("refund__refund_no", "refund__order__order_no", "method", "amount", "created_at")[:PENDING_SHOWN]
    ]


def _refunded_by_sale_kind(day: Day) -> dict[str, Decimal]:
    """What the day's refunds returned by sale kind (sessions at their list value): the revenue's net."""
    list_value = ExpressionWrapper(F("order_line__unit_price") * F("qty"), output_field=MONEY_FIELD)
    returned: dict[str, Decimal] = dict.fromkeys(SALE_KINDS, ZERO)
    for row in (
        RefundLine.objects.filter(refund__store_id=day.store_id, refund__business_date=day.date)
        .order_by()
        .values("type", "order_line__card__kind")
        .annotate(amount_sum=Sum("amount"), list_sum=Sum(list_value))
    ):
        kind = _sale_kind(row["type"], row["order_line__card__kind"])
        returned[kind] += round_money((row["list_sum"] if kind == SESSIONS else row["amount_sum"]) or ZERO)
    return returned
