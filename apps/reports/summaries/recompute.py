"""The summaries recomputed from the facts, set-based: one INSERT … SELECT per summary table for any
number of store-days at once (a store-day is a pair of arrays' elements). The same statements fill
the live tables (the drain) and scratch tables of the same columns (the nightly comparison and the
ledger audit), so what is compared is exactly what is written.

What a figure means (the facts it reads, and the day a fact belongs to):

- **orders, sales, services, products, cards sold, sessions served** (store-day): the paid orders of
  the store whose business day it is, and their lines: services are projects and project packages
  (a package banked on a card, decision 0038, is a card sale), products are products and product
  packages, cards sold are card types bought, top-ups and banked packages; intention deposits are
  none of them (a liability, not a sale). `sales` is their sum; sessions served are the project
  lines' quantities (paid by money or by sessions alike).
- **refunds, refunded** (store-day): the refunds of that business day, and what their tenders gave
  back or are giving back (a provider's pending refund counts, one it refused does not: as the
  order figures say, apps.billing.orders.figures). `net_sales` = sales − refunded.
- **new members**: members whose home store it is, by the local day they joined.
- **stored value sold / spent**: top-ups and stored-value cards bought on the day's paid orders;
  succeeded stored-value tenders by the local day they were taken.
- **member operation** (store-day): members served are the members with a paid order of the day (a
  visit, as the member visit days count them); cards sold, stored value topped up and spent (principal
  and gift) and package sessions used are the card ledger's entries made in the store that local day,
  points given and used the points ledger's (what apps.cards.member_figures and
  apps.members.report_selectors select for the same report).
- **staff** (store-day-employee): the staff credits of the day by kind (apps.billing.orders.performance;
  a refund's negative credits are `clawed_back`, in the refund's period), `net` their sum; sessions
  are the project lines the employee served on the day's paid orders, orders those they were on.
- **staff by kind** (store-day-employee-kind, what commission sums): the credits of the day earned and
  clawed back, each with the sessions it stands for (its share of its project line's sessions, by
  what the line credited in all before refunds, to the cent half away from zero: the integer form
  of apps.commission.arithmetic.session_count), and the position held that day.
- **staff by category** (store-day-employee-category): the staff figures again, each credit and
  served line under the category its item had that day (none for packages, cards and top-ups).
- **the chain's products** (day-product, every store together; not per store-day: each day a
  recomputation touches is recomputed whole, under that day's lock): the stock moves of the local
  day by reason as moved, and their net; the paid orders' goods of the business day sold and given,
  and the refunds' goods taken back, in use units (a package by its contents now, as
  apps.billing.ledgers.stock.goods_of hands them over).
- **categories** (store-day-item type-category): the paid lines by item type and the category the
  product or project had that day.
- **tenders** (store-day-method): succeeded tenders by the local day taken; refunded by the refund's
  business day, not failed.
- **member visit days** (store-day-member): a member's paid orders at the store on the day (a visit,
  apps.billing.orders.member_visits; a refunded order stays one) and their payable; and per member
  (not per store-day) the first, second and last visit day in any store, refreshed for every member
  whose visit days a recomputation removed or wrote (docs/decisions/0050).

The region, category and position a row holds are the ones of its day (org, catalog and staff keep
their history, written by their own triggers)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.db.backends.utils import CursorWrapper

from apps.inventory.period_selectors import REASONS
from apps.reports.summaries.models import RECENT_VISITS

# The figures of a store-day and of a staff member's day (selectors read them by these names), in
# the order the recomputations below select them.
STORE_FIGURES = (
    "orders",
    "sales",
    "service_amount",
    "product_amount",
    "card_sale_amount",
    "sessions_served",
    "refunds",
    "refunded",
    "net_sales",
    "new_members",
    "stored_value_sold",
    "stored_value_spent",
    "members_served",
    "cards_sold",
    "card_topped_up",
    "card_value_spent",
    "card_sessions_used",
    "points_given",
    "points_used",
)
STAFF_FIGURES = ("service", "sale", "card_sale", "card_consumption", "clawed_back", "net", "sessions", "orders")
STORE_COLUMNS = ("store_id", "business_date", "region_id", *STORE_FIGURES)
STAFF_COLUMNS = ("store_id", "business_date", "employee_id", "position", *STAFF_FIGURES)
STAFF_KIND_COLUMNS = (
    "store_id",
    "business_date",
    "employee_id",
    "kind",
    "position",
    "earned",
    "earned_sessions",
    "clawed_back",
    "clawed_back_sessions",
)
PRODUCT_DAY_COLUMNS = (
    "business_date",
    "product_id",
    "goods_in",
    "sales_moved",
    "consumed",
    "store_use",
    "written_off",
    "stocktake",
    "net",
    "moves",
    "sold",
    "given",
    "refunded_back",
)
STAFF_CATEGORY_COLUMNS = ("store_id", "business_date", "employee_id", "category_id", *STAFF_FIGURES)
CATEGORY_COLUMNS = ("store_id", "business_date", "item_type", "category_id", "qty", "amount")
TENDER_COLUMNS = ("store_id", "business_date", "method", "tenders", "amount", "refunded")
MEMBER_VISIT_COLUMNS = ("store_id", "business_date", "member_id", "orders", "spend")
MEMBER_SUMMARY_COLUMNS = (
    "member_id",
    "first_visit",
    "second_visit",
    "last_visit",
    "home_store_id",
    "previous_visit",
    "recent_visits_from",
)


@dataclass(frozen=True)
class Tables:
    """Where the summaries go: the live tables, or scratch copies of their columns."""

    store: str = "reports_storedaysummary"
    staff: str = "reports_staffdaysummary"
    category: str = "reports_categorydaysummary"
    tender: str = "reports_tenderdaysummary"
    staff_category: str = "reports_staffcategorydaysummary"
    staff_kind: str = "reports_staffkinddaysummary"
    member_visit: str = "reports_membervisitday"
    # The chain's product-day summary (per day, not per store-day); None: not kept.
    product_day: str | None = "reports_productdaysummary"
    # The per-member summary, refreshed for the members of the recomputed days; None: not kept
    # (scratch tables hold a few days, not a member's history; audit compares it on its own).
    member_summary: str | None = "reports_membervisitsummary"
    # The month visitors per store-day (MonthVisitorDay), refreshed with the visit days' history; None:
    # not kept.
    month_visitors: str | None = "reports_monthvisitorday"

    def columns(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The per-store-day tables and their columns."""
        return (
            (self.store, STORE_COLUMNS),
            (self.staff, STAFF_COLUMNS),
            (self.category, CATEGORY_COLUMNS),
            (self.tender, TENDER_COLUMNS),
            (self.staff_category, STAFF_CATEGORY_COLUMNS),
            (self.staff_kind, STAFF_KIND_COLUMNS),
            (self.member_visit, MEMBER_VISIT_COLUMNS),
        )


LIVE = Tables()

_PAIRS = "unnest(%(stores)s::bigint[], %(days)s::date[]) AS p(store_id, business_date)"


def _day_start(day: str) -> str:
    return f"({day}::timestamp AT TIME ZONE '{settings.TIME_ZONE}')"


def _day_end(day: str) -> str:
    return f"(({day} + 1)::timestamp AT TIME ZONE '{settings.TIME_ZONE}')"


_IN_DAY = "{column} >= " + _day_start("p.business_date") + " AND {column} < " + _day_end("p.business_date")
_PAID = "o.store_id = p.store_id AND o.business_date = p.business_date AND o.status = 'paid'"
_CARD_SALE = "(l.type IN ('cardType', 'topUp') OR (l.type = 'projectPackage' AND l.card_id IS NOT NULL))"

_STORE_SQL = f"""
INSERT INTO {{table}} ({", ".join(STORE_COLUMNS)})
SELECT p.store_id, p.business_date,
    (SELECT h.region_id FROM org_storeregionhistory h
     WHERE h.store_id = p.store_id AND h.valid_from <= p.business_date ORDER BY h.valid_from DESC LIMIT 1),
    COALESCE(o.orders, 0),
    COALESCE(l.service, 0) + COALESCE(l.product, 0) + COALESCE(l.card_sale, 0),
    COALESCE(l.service, 0), COALESCE(l.product, 0), COALESCE(l.card_sale, 0), COALESCE(l.sessions, 0),
    COALESCE(r.refunds, 0), COALESCE(r.refunded, 0),
    COALESCE(l.service, 0) + COALESCE(l.product, 0) + COALESCE(l.card_sale, 0) - COALESCE(r.refunded, 0),
    COALESCE(m.members, 0), COALESCE(l.stored_value_sold, 0), COALESCE(t.spent, 0),
    COALESCE(o.members, 0), COALESCE(c.sold, 0), COALESCE(c.topped_up, 0), COALESCE(c.spent, 0),
    COALESCE(c.sessions, 0), COALESCE(pt.given, 0), COALESCE(pt.used, 0)
FROM {_PAIRS}
LEFT JOIN LATERAL (
    SELECT count(*) AS orders, count(DISTINCT o.member_id) AS members FROM billing_order o WHERE {_PAID}
) o ON true
LEFT JOIN LATERAL (
    SELECT sum(l.amount) FILTER (WHERE {_CARD_SALE}) AS card_sale,
        sum(l.amount) FILTER (WHERE NOT {_CARD_SALE} AND l.type IN ('project', 'projectPackage')) AS service,
        sum(l.amount) FILTER (WHERE l.type IN ('product', 'productPackage')) AS product,
        sum(l.qty) FILTER (WHERE l.type = 'project') AS sessions,
        sum(l.amount) FILTER (WHERE l.type = 'topUp' OR (l.type = 'cardType' AND c.kind = 'storedValue'))
            AS stored_value_sold
    FROM billing_order o JOIN billing_orderline l ON l.order_id = o.id
    LEFT JOIN cards_card c ON c.id = l.card_id
    WHERE {_PAID}
) l ON true
LEFT JOIN LATERAL (
    SELECT count(DISTINCT r.id) AS refunds, sum(rt.amount) FILTER (WHERE rt.status <> 'failed') AS refunded
    FROM billing_refund r LEFT JOIN billing_refundtender rt ON rt.refund_id = r.id
    WHERE r.store_id = p.store_id AND r.business_date = p.business_date
) r ON true
LEFT JOIN LATERAL (
    SELECT count(*) AS members FROM members_member m
    WHERE m.home_store_id = p.store_id AND {_IN_DAY.format(column="m.created_at")}
) m ON true
LEFT JOIN LATERAL (
    SELECT sum(t.amount) AS spent FROM billing_tender t
    WHERE t.store_id = p.store_id AND t.method = 'storedValue' AND t.status = 'succeeded'
        AND {_IN_DAY.format(column="t.created_at")}
) t ON true
LEFT JOIN LATERAL (
    SELECT count(*) AS entries,
        count(*) FILTER (WHERE c.kind = 'sale') AS sold,
        sum(c.principal_change + c.gift_change) FILTER (WHERE c.kind = 'topUp') AS topped_up,
        sum(-(c.principal_change + c.gift_change)) FILTER (WHERE c.kind = 'spend') AS spent,
        sum(-c.sessions_change) FILTER (WHERE c.kind = 'sessionsUsed') AS sessions
    FROM cards_cardentry c
    WHERE c.store_id = p.store_id AND {_IN_DAY.format(column="c.created_at")}
) c ON true
LEFT JOIN LATERAL (
    SELECT count(*) AS entries,
        sum(e.change) FILTER (WHERE e.kind = 'earn') AS given, sum(-e.change) FILTER (WHERE e.kind = 'spend') AS used
    FROM members_pointsentry e
    WHERE e.store_id = p.store_id AND {_IN_DAY.format(column="e.created_at")}
) pt ON true
WHERE COALESCE(o.orders, 0) > 0 OR COALESCE(r.refunds, 0) > 0 OR COALESCE(m.members, 0) > 0
    OR COALESCE(t.spent, 0) <> 0 OR c.entries > 0 OR pt.entries > 0
"""

# The position an employee held on a day (staff keeps its history from the beginning of time).
_POSITION_THEN = """COALESCE((SELECT h.position FROM staff_employeepositionhistory h
              WHERE h.employee_id = {employee} AND h.valid_from <= {day}
              ORDER BY h.valid_from DESC LIMIT 1), '')"""

_STAFF_SQL = f"""
INSERT INTO {{table}} ({", ".join(STAFF_COLUMNS)})
SELECT p.store_id, p.business_date, e.employee_id,
    {_POSITION_THEN.format(employee="e.employee_id", day="p.business_date")},
    e.service, e.sale, e.card_sale, e.card_consumption, e.clawed_back, e.net, e.sessions, e.orders
FROM {_PAIRS}
CROSS JOIN LATERAL (
    SELECT x.employee_id,
        COALESCE(sum(x.amount) FILTER (WHERE x.refund_id IS NULL AND x.kind = 'service'), 0) AS service,
        COALESCE(sum(x.amount) FILTER (WHERE x.refund_id IS NULL AND x.kind = 'sale'), 0) AS sale,
        COALESCE(sum(x.amount) FILTER (WHERE x.refund_id IS NULL AND x.kind = 'cardSale'), 0) AS card_sale,
        COALESCE(sum(x.amount) FILTER (WHERE x.refund_id IS NULL AND x.kind = 'cardConsumption'), 0)
            AS card_consumption,
        COALESCE(sum(x.amount) FILTER (WHERE x.refund_id IS NOT NULL), 0) AS clawed_back,
        COALESCE(sum(x.amount), 0) AS net,
        COALESCE(sum(x.sessions), 0) AS sessions,
        count(DISTINCT x.order_id) AS orders
    FROM (
        SELECT c.employee_id, c.kind, c.amount, c.refund_id, 0 AS sessions, NULL::bigint AS order_id
        FROM billing_staffcredit c
        WHERE c.store_id = p.store_id AND c.business_date = p.business_date
        UNION ALL
        SELECT s.employee_id, NULL, NULL, NULL, CASE WHEN l.type = 'project' THEN l.qty ELSE 0 END, o.id
        FROM billing_order o JOIN billing_orderline l ON l.order_id = o.id
        JOIN billing_orderlinestaff s ON s.line_id = l.id
        WHERE {_PAID}
    ) x
    GROUP BY x.employee_id
) e
"""

# A credit's sessions, n / d = qty × amount / base to the cent half away from zero, in integers as
# session_count computes them: (2·|100·n| + |d|) div 2·|d|, with amount and base in cents.
_CREDIT_SESSIONS = """CASE WHEN l.type = 'project' AND b.base <> 0 THEN
            sign(l.qty * c.amount * b.base)
            * div(2 * abs(l.qty * c.amount) * 10000 + abs(b.base) * 100, 2 * abs(b.base) * 100) / 100
        ELSE 0 END"""

_STAFF_KIND_SQL = f"""
INSERT INTO {{table}} ({", ".join(STAFF_KIND_COLUMNS)})
SELECT x.store_id, x.business_date, x.employee_id, x.kind,
    {_POSITION_THEN.format(employee="x.employee_id", day="x.business_date")},
    COALESCE(sum(x.amount) FILTER (WHERE x.refund_id IS NULL), 0),
    COALESCE(sum(x.sessions) FILTER (WHERE x.refund_id IS NULL), 0),
    COALESCE(sum(x.amount) FILTER (WHERE x.refund_id IS NOT NULL), 0),
    COALESCE(sum(x.sessions) FILTER (WHERE x.refund_id IS NOT NULL), 0)
FROM (
    SELECT p.store_id, p.business_date, c.employee_id, c.kind, c.amount, c.refund_id,
        {_CREDIT_SESSIONS} AS sessions
    FROM {_PAIRS}
    JOIN billing_staffcredit c ON c.store_id = p.store_id AND c.business_date = p.business_date
    JOIN billing_orderline l ON l.id = c.line_id
    LEFT JOIN LATERAL (
        SELECT sum(e.amount) AS base FROM billing_staffcredit e WHERE e.line_id = c.line_id AND e.refund_id IS NULL
    ) b ON true
) x
GROUP BY x.store_id, x.business_date, x.employee_id, x.kind
"""

_CATEGORY_OF_LINE = """CASE WHEN l.type IN ('product', 'project') THEN
            (SELECT h.category_id FROM catalog_itemcategoryhistory h
             WHERE h.item_type = l.type AND h.item_id = l.item_id AND h.valid_from <= p.business_date
             ORDER BY h.valid_from DESC LIMIT 1)
        END"""

_STORES = "ARRAY(SELECT id FROM org_orgunit WHERE kind = 'store')"

# Each day of %(days)s: every store's moves (by stock_move_store_period, one range a store) and goods.
_PRODUCT_DAY_SQL = f"""
INSERT INTO {{table}} ({", ".join(PRODUCT_DAY_COLUMNS)})
SELECT p.business_date, x.product_id,
    COALESCE(sum(x.quantity) FILTER (WHERE x.kind = ANY(%(goods_in)s)), 0),
    COALESCE(sum(x.quantity) FILTER (WHERE x.kind = ANY(%(sales)s)), 0),
    COALESCE(sum(x.quantity) FILTER (WHERE x.kind = ANY(%(consumed)s)), 0),
    COALESCE(sum(x.quantity) FILTER (WHERE x.kind = ANY(%(store_use)s)), 0),
    COALESCE(sum(x.quantity) FILTER (WHERE x.kind = ANY(%(written_off)s)), 0),
    COALESCE(sum(x.quantity) FILTER (WHERE x.kind = ANY(%(stocktake)s)), 0),
    COALESCE(sum(x.quantity), 0), count(x.kind), sum(x.sold), sum(x.given), sum(x.back)
FROM unnest(%(days)s::date[]) AS p(business_date)
CROSS JOIN LATERAL (
    SELECT m.product_id, m.kind, m.quantity, 0 AS sold, 0 AS given, 0 AS back
    FROM inventory_stockmove m
    WHERE m.store_id = ANY({_STORES})
        AND {_IN_DAY.format(column="m.created_at")}
    UNION ALL
    SELECT g.product_id, NULL, NULL,
        CASE WHEN l.gift THEN 0 ELSE g.units END, CASE WHEN l.gift THEN g.units ELSE 0 END, 0
    FROM billing_order o JOIN billing_orderline l ON l.order_id = o.id
    CROSS JOIN LATERAL ({{goods}}) g
    WHERE o.store_id = ANY({_STORES}) AND o.business_date = p.business_date AND o.status = 'paid'
        AND l.type IN ('product', 'productPackage')
    UNION ALL
    SELECT g.product_id, NULL, NULL, 0, 0, g.units
    FROM billing_refund r JOIN billing_refundline l ON l.refund_id = r.id
    CROSS JOIN LATERAL ({{goods}}) g
    WHERE r.store_id = ANY({_STORES}) AND r.business_date = p.business_date
        AND l.type IN ('product', 'productPackage') AND l.qty > 0
) x
GROUP BY p.business_date, x.product_id
"""
# A goods line's products in use units (`l`: an order's or a refund's line).
_GOODS_OF_LINE = """
    SELECT pr.id AS product_id, l.qty * pr.use_per_unit AS units FROM catalog_product pr
    WHERE l.type = 'product' AND pr.id = l.item_id
    UNION ALL
    SELECT c.product_id, l.qty * c.quantity * pr.use_per_unit FROM catalog_productpackageline c
    JOIN catalog_product pr ON pr.id = c.product_id
    WHERE l.type = 'productPackage' AND c.package_id = l.item_id
"""
_PRODUCT_DAY_LOCK = (
    "SELECT pg_advisory_xact_lock(hashtextextended('reports.product_day:' || d::text, 0)) "
    "FROM unnest(%s::date[]) AS d ORDER BY d"
)


def _move_kinds() -> dict[str, list[str]]:
    return {name: [str(kind) for kind in kinds] for name, kinds in REASONS.items()}


def recompute_product_days(cursor: CursorWrapper, days: Iterable[date], table: str) -> None:
    """Replaces the chain's product-day rows of `days` in `table` by their recomputation. The days'
    locks, taken in order before anything is read, make two drains of one day recompute it one
    after the other: the second reads after the first's commit, so the last written is the newest."""
    day_list = sorted(set(days))
    if not day_list:
        return
    cursor.execute(_PRODUCT_DAY_LOCK, [day_list])
    cursor.execute(f"DELETE FROM {table} WHERE business_date = ANY(%s)", [day_list])
    cursor.execute(
        _PRODUCT_DAY_SQL.format(table=table, goods=_GOODS_OF_LINE),
        {"days": day_list, **_move_kinds()},
    )


_STAFF_CATEGORY_SQL = f"""
INSERT INTO {{table}} ({", ".join(STAFF_CATEGORY_COLUMNS)})
SELECT x.store_id, x.business_date, x.employee_id, x.category_id,
    COALESCE(sum(x.amount) FILTER (WHERE x.refund_id IS NULL AND x.kind = 'service'), 0),
    COALESCE(sum(x.amount) FILTER (WHERE x.refund_id IS NULL AND x.kind = 'sale'), 0),
    COALESCE(sum(x.amount) FILTER (WHERE x.refund_id IS NULL AND x.kind = 'cardSale'), 0),
    COALESCE(sum(x.amount) FILTER (WHERE x.refund_id IS NULL AND x.kind = 'cardConsumption'), 0),
    COALESCE(sum(x.amount) FILTER (WHERE x.refund_id IS NOT NULL), 0),
    COALESCE(sum(x.amount), 0),
    COALESCE(sum(x.sessions), 0),
    count(DISTINCT x.order_id)
FROM (
    SELECT p.store_id, p.business_date, c.employee_id, c.kind, c.amount, c.refund_id, 0 AS sessions,
        NULL::bigint AS order_id, {_CATEGORY_OF_LINE} AS category_id
    FROM {_PAIRS}
    JOIN billing_staffcredit c ON c.store_id = p.store_id AND c.business_date = p.business_date
    JOIN billing_orderline l ON l.id = c.line_id
    UNION ALL
    SELECT p.store_id, p.business_date, s.employee_id, NULL, NULL, NULL,
        CASE WHEN l.type = 'project' THEN l.qty ELSE 0 END, o.id, {_CATEGORY_OF_LINE}
    FROM {_PAIRS}
    JOIN billing_order o ON {_PAID}
    JOIN billing_orderline l ON l.order_id = o.id
    JOIN billing_orderlinestaff s ON s.line_id = l.id
) x
GROUP BY x.store_id, x.business_date, x.employee_id, x.category_id
"""

_CATEGORY_SQL = f"""
INSERT INTO {{table}} ({", ".join(CATEGORY_COLUMNS)})
SELECT x.store_id, x.business_date, x.item_type, x.category_id, sum(x.qty), sum(x.amount)
FROM (
    SELECT p.store_id, p.business_date, l.type AS item_type, l.qty, l.amount,
        CASE WHEN l.type IN ('product', 'project') THEN
            (SELECT h.category_id FROM catalog_itemcategoryhistory h
             WHERE h.item_type = l.type AND h.item_id = l.item_id AND h.valid_from <= p.business_date
             ORDER BY h.valid_from DESC LIMIT 1)
        END AS category_id
    FROM {_PAIRS}
    JOIN billing_order o ON {_PAID}
    JOIN billing_orderline l ON l.order_id = o.id
) x
GROUP BY x.store_id, x.business_date, x.item_type, x.category_id
"""

_TENDER_SQL = f"""
INSERT INTO {{table}} ({", ".join(TENDER_COLUMNS)})
SELECT p.store_id, p.business_date, x.method, sum(x.tenders), sum(x.amount), sum(x.refunded)
FROM {_PAIRS}
CROSS JOIN LATERAL (
    SELECT t.method, 1 AS tenders, t.amount, 0 AS refunded FROM billing_tender t
    WHERE t.store_id = p.store_id AND t.status = 'succeeded' AND {_IN_DAY.format(column="t.created_at")}
    UNION ALL
    SELECT rt.method, 0, 0, rt.amount FROM billing_refund r JOIN billing_refundtender rt ON rt.refund_id = r.id
    WHERE r.store_id = p.store_id AND r.business_date = p.business_date AND rt.status <> 'failed'
) x
GROUP BY p.store_id, p.business_date, x.method
"""


_MEMBER_VISIT_SQL = f"""
INSERT INTO {{table}} ({", ".join(MEMBER_VISIT_COLUMNS)})
SELECT o.store_id, o.business_date, o.member_id, count(*), sum(o.payable)
FROM {_PAIRS}
JOIN billing_order o ON {_PAID} AND o.member_id IS NOT NULL
GROUP BY o.store_id, o.business_date, o.member_id
RETURNING member_id
"""

# The store a member counts for in the member reports (MemberVisitSummary.home_store_id), of the
# member row `mm`; reports migration 0014's trigger keeps it as the member moves or is cancelled.
COUNTED_AT_STORE = "CASE WHEN mm.status = 'active' THEN mm.home_store_id END"

# A member's first, second and last visit days, the one before the last and the first of their last
# RECENT_VISITS, from their visit days (member_visit_day_member: two short index reads a member).
# The lock makes two drains refresh one after the other: each reads the visit days after the other's
# commit, so a member both touched ends with both's days.
_MEMBER_SUMMARY_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('reports.member_visit_summary', 0))"
_MEMBER_SUMMARY_SQL = f"""
INSERT INTO {{summary}} ({", ".join(MEMBER_SUMMARY_COLUMNS)})
SELECT m.id, f.days[1], f.days[2], l.days[1], {COUNTED_AT_STORE}, l.days[2], l.days[{RECENT_VISITS}]
FROM unnest(%(members)s::bigint[]) AS m(id)
LEFT JOIN members_member mm ON mm.id = m.id
CROSS JOIN LATERAL (
    SELECT array_agg(d.day ORDER BY d.day DESC) AS days FROM (
        SELECT DISTINCT v.business_date AS day FROM {{visits}} v WHERE v.member_id = m.id
        ORDER BY 1 DESC LIMIT {RECENT_VISITS}
    ) d
) l
CROSS JOIN LATERAL (
    SELECT array_agg(d.day ORDER BY d.day) AS days FROM (
        SELECT DISTINCT v.business_date AS day FROM {{visits}} v WHERE v.member_id = m.id ORDER BY 1 LIMIT 2
    ) d
) f
WHERE l.days IS NOT NULL
"""

# Every member's summary at once (a rebuild), by the same definition: each member's visit days, the
# newest first (an index past the array's end is NULL: fewer days).
MEMBER_SUMMARY_OF_ALL_SQL = f"""
SELECT d.member_id, d.days[cardinality(d.days)], d.days[cardinality(d.days) - 1], d.days[1],
    {COUNTED_AT_STORE}, d.days[2], d.days[{RECENT_VISITS}]
FROM (
    SELECT member_id, array_agg(DISTINCT business_date ORDER BY business_date DESC) AS days
    FROM {{visits}} GROUP BY member_id
) d
LEFT JOIN members_member mm ON mm.id = d.member_id
"""


# Each visit day's view of its member's history (MemberVisitDay.first_visit … previous_visit_here),
# from the member's visit days alone (not their summary: the audit compares the two apart);
# {members}: a condition on member_id.
VISIT_HISTORY_SQL = """
SELECT d.id, h.first_visit, s.second_visit,
    lag(d.business_date) OVER (PARTITION BY d.member_id ORDER BY d.business_date, d.store_id) AS previous_visit,
    lag(d.business_date) OVER (PARTITION BY d.member_id, d.store_id ORDER BY d.business_date) AS previous_visit_here
FROM (SELECT member_id, min(business_date) AS first_visit FROM {visits} WHERE {members} GROUP BY member_id) h
JOIN {visits} d ON d.member_id = h.member_id
CROSS JOIN LATERAL (
    SELECT min(x.business_date) AS second_visit FROM {visits} x
    WHERE x.member_id = h.member_id AND x.business_date > h.first_visit
) s
"""
_VISIT_HISTORY_UPDATE = f"""
UPDATE {{visits}} v SET first_visit = w.first_visit, second_visit = w.second_visit,
    previous_visit = w.previous_visit, previous_visit_here = w.previous_visit_here
FROM ({VISIT_HISTORY_SQL}) w
WHERE v.id = w.id AND (v.first_visit, v.second_visit, v.previous_visit, v.previous_visit_here)
    IS DISTINCT FROM (w.first_visit, w.second_visit, w.previous_visit, w.previous_visit_here)
"""

# A store-day's first visits of their month in the chain and at the store (MonthVisitorDay), from its
# visit days' history; {days}: a condition on the visit days (v). A member's first visit of the month
# in the chain is also their first at its store (their previous visit here is never after their
# previous visit anywhere), so the rows are those of the store's.
MONTH_VISITORS_SQL = """
SELECT v.store_id, v.business_date,
    count(*) FILTER (WHERE v.previous_visit IS NULL OR v.previous_visit < v.month),
    count(*) FILTER (WHERE (v.previous_visit IS NULL OR v.previous_visit < v.month) AND v.first_visit < v.month),
    count(*)
FROM {visits} v
WHERE {days} AND (v.previous_visit_here IS NULL OR v.previous_visit_here < v.month)
GROUP BY v.store_id, v.business_date
"""
_MONTH_VISITOR_COLUMNS = "store_id, business_date, visitors, returning_visitors, store_visitors"


def refresh_month_visitors(cursor: CursorWrapper, pairs: Iterable[tuple[int, date]], tables: Tables = LIVE) -> None:
    """Recomputes the month visitors of the store-days `pairs` from their visit days: those whose
    visit days were replaced, or whose history a refresh changed (a visit posted late at another
    store makes a later day's visit no longer its member's first of the month)."""
    pair_list = sorted(set(pairs))
    if not pair_list or tables.month_visitors is None:
        return
    # The member refresh holds it already; the nightly check's fix does not: two refreshes of a day
    # one after the other, each counting the other's committed history.
    cursor.execute(_MEMBER_SUMMARY_LOCK)
    params = _params(pair_list)
    cursor.execute(
        f"DELETE FROM {tables.month_visitors} s USING {_PAIRS} "
        "WHERE s.store_id = p.store_id AND s.business_date = p.business_date",
        params,
    )
    days = f"(v.store_id, v.business_date) IN (SELECT p.store_id, p.business_date FROM {_PAIRS})"
    select = MONTH_VISITORS_SQL.format(visits=tables.member_visit, days=days)
    cursor.execute(f"INSERT INTO {tables.month_visitors} ({_MONTH_VISITOR_COLUMNS}) {select}", params)


def refresh_member_summaries(
    cursor: CursorWrapper,
    members: Iterable[int],
    tables: Tables = LIVE,
    days: Iterable[tuple[int, date]] = (),
) -> None:
    """Recomputes the summary of `members` from their visit days (no row: never visited), each of
    their visit days' view of their history, and the month visitors of the store-`days` whose visit
    days were replaced and of those whose history changed."""
    member_list = sorted(set(members))
    if not member_list or tables.member_summary is None:
        return
    cursor.execute(_MEMBER_SUMMARY_LOCK)
    cursor.execute(f"DELETE FROM {tables.member_summary} WHERE member_id = ANY(%s)", [member_list])
    cursor.execute(
        _MEMBER_SUMMARY_SQL.format(summary=tables.member_summary, visits=tables.member_visit), {"members": member_list}
    )
    cursor.execute(
        _VISIT_HISTORY_UPDATE.format(visits=tables.member_visit, members="member_id = ANY(%(members)s)")
        + " RETURNING v.store_id, v.business_date",
        {"members": member_list},
    )
    refresh_month_visitors(cursor, [*days, *cursor.fetchall()], tables)


def rebuild_member_summaries(cursor: CursorWrapper, tables: Tables = LIVE) -> int:
    """Every member's summary recomputed from the visit days, set-based; answers the members."""
    if tables.member_summary is None:
        return 0
    cursor.execute(_MEMBER_SUMMARY_LOCK)
    cursor.execute(f"DELETE FROM {tables.member_summary}")
    columns = ", ".join(MEMBER_SUMMARY_COLUMNS)
    select = MEMBER_SUMMARY_OF_ALL_SQL.format(visits=tables.member_visit)
    cursor.execute(f"INSERT INTO {tables.member_summary} ({columns}) {select}")
    members = cursor.rowcount
    cursor.execute(_VISIT_HISTORY_UPDATE.format(visits=tables.member_visit, members="true"))
    if tables.month_visitors is not None:
        cursor.execute(f"DELETE FROM {tables.month_visitors}")
        select = MONTH_VISITORS_SQL.format(visits=tables.member_visit, days="true")
        cursor.execute(f"INSERT INTO {tables.month_visitors} ({_MONTH_VISITOR_COLUMNS}) {select}")
    return members


def _params(pairs: Sequence[tuple[int, date]]) -> dict[str, list[int] | list[date]]:
    return {"stores": [store for store, _ in pairs], "days": [day for _, day in pairs]}


def recompute(
    cursor: CursorWrapper, pairs: Sequence[tuple[int, date]], tables: Tables = LIVE, *, member_summaries: bool = True
) -> None:
    """Replaces the summary rows of `pairs` in `tables` by their recomputation from the facts (two
    statements per table, whatever the number of pairs), then the summaries of the members who
    visited on those days before or after (`member_summaries`; a rebuild of every day does them all
    at once after, `rebuild_member_summaries`). Run it inside a transaction."""
    if not pairs:
        return
    params = _params(pairs)
    members: set[int] = set()
    for table, _columns in tables.columns():
        returning = " RETURNING s.member_id" if table == tables.member_visit else ""
        cursor.execute(
            f"DELETE FROM {table} s USING {_PAIRS} WHERE s.store_id = p.store_id AND s.business_date = p.business_date"
            f"{returning}",
            params,
        )
        if returning:
            members.update(row[0] for row in cursor.fetchall())
    cursor.execute(_STORE_SQL.format(table=tables.store), params)
    cursor.execute(_STAFF_SQL.format(table=tables.staff), params)
    cursor.execute(_CATEGORY_SQL.format(table=tables.category), params)
    cursor.execute(_TENDER_SQL.format(table=tables.tender), params)
    cursor.execute(_STAFF_CATEGORY_SQL.format(table=tables.staff_category), params)
    cursor.execute(_STAFF_KIND_SQL.format(table=tables.staff_kind), params)
    cursor.execute(_MEMBER_VISIT_SQL.format(table=tables.member_visit), params)
    members.update(row[0] for row in cursor.fetchall())
    if tables.product_day is not None:
        recompute_product_days(cursor, (day for _store, day in pairs), tables.product_day)
    if member_summaries:
        refresh_member_summaries(cursor, members, tables, pairs)


def fact_days(cursor: CursorWrapper, *, date_from: date, date_to: date) -> list[tuple[int, date]]:
    """Every store-day in the range with a fact any summary reads, or a summary row: the days a
    rebuild must recompute (a day whose facts are gone must lose its rows)."""
    start, end = _day_start("%(date_from)s::date"), _day_end("%(date_to)s::date")
    cursor.execute(
        f"""
        SELECT store_id, business_date FROM billing_order
            WHERE business_date BETWEEN %(date_from)s AND %(date_to)s AND status = 'paid'
        UNION SELECT store_id, business_date FROM billing_staffcredit
            WHERE business_date BETWEEN %(date_from)s AND %(date_to)s
        UNION SELECT store_id, business_date FROM billing_refund
            WHERE business_date BETWEEN %(date_from)s AND %(date_to)s
        UNION SELECT store_id, (created_at AT TIME ZONE '{settings.TIME_ZONE}')::date FROM billing_tender
            WHERE created_at >= {start} AND created_at < {end} AND status = 'succeeded'
        UNION SELECT home_store_id, (created_at AT TIME ZONE '{settings.TIME_ZONE}')::date FROM members_member
            WHERE created_at >= {start} AND created_at < {end}
        UNION SELECT store_id, (created_at AT TIME ZONE '{settings.TIME_ZONE}')::date FROM cards_cardentry
            WHERE created_at >= {start} AND created_at < {end}
        UNION SELECT store_id, (created_at AT TIME ZONE '{settings.TIME_ZONE}')::date FROM members_pointsentry
            WHERE created_at >= {start} AND created_at < {end} AND store_id IS NOT NULL
        UNION SELECT store_id, business_date FROM reports_storedaysummary
            WHERE business_date BETWEEN %(date_from)s AND %(date_to)s
        UNION SELECT store_id, business_date FROM reports_staffdaysummary
            WHERE business_date BETWEEN %(date_from)s AND %(date_to)s
        UNION SELECT store_id, business_date FROM reports_categorydaysummary
            WHERE business_date BETWEEN %(date_from)s AND %(date_to)s
        UNION SELECT store_id, business_date FROM reports_tenderdaysummary
            WHERE business_date BETWEEN %(date_from)s AND %(date_to)s
        UNION SELECT store_id, business_date FROM reports_staffcategorydaysummary
            WHERE business_date BETWEEN %(date_from)s AND %(date_to)s
        UNION SELECT store_id, business_date FROM reports_staffkinddaysummary
            WHERE business_date BETWEEN %(date_from)s AND %(date_to)s
        UNION SELECT store_id, business_date FROM reports_membervisitday
            WHERE business_date BETWEEN %(date_from)s AND %(date_to)s
        UNION SELECT store_id, (created_at AT TIME ZONE '{settings.TIME_ZONE}')::date FROM inventory_stockmove
            WHERE created_at >= {start} AND created_at < {end}
        UNION SELECT (SELECT min(id) FROM org_orgunit WHERE kind = 'store'), business_date
            FROM reports_productdaysummary WHERE business_date BETWEEN %(date_from)s AND %(date_to)s
        """,
        {"date_from": date_from, "date_to": date_to},
    )
    return [(store, day) for store, day in cursor.fetchall()]
