"""Generates the sales benchmark's data set on PostgreSQL (issue 13 §5): on top of the members data
set (a million members over 502 stores), 1.5 million cards a member holds with their ledgers and
5 million orders over three years with their lines, line staff, staff credits and tenders, loaded
with COPY in batches.

The data is consistent, not only large: every card's balance and sessions are the running sums of
its ledger entries (each spend splits principal and gift the way apps.cards.services does, in
integer cents), every paid order's `paid` is the sum of its tenders, so `manage.py audit_ledgers`
finds 0 differences on it. The stock the paid orders sell and consume and the payment intents of
their provider tenders are derived from them afterwards by set-based SQL (`stock_and_intents`), so
the stock and provider-payment audits accept the data too. Ids are assigned here, so rows can point
at each other across tables.
Secondary indexes of the big tables are dropped for the load and rebuilt after it."""

from __future__ import annotations

import bisect
import json
import random
import time
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection, transaction

from apps.catalog.choices import CardKind
from apps.catalog.models import CardType, Product, Project, ProjectPackageLine
from apps.staff.choices import EmployeePosition, EmployeeStatus
from apps.staff.models import Employee
from bench import members_data

CARDS = 1_500_000
ORDERS = 5_000_000
BATCH = 100_000
SEED = 20261124
HISTORY_DAYS = 3 * 365
EMPLOYEES_PER_STORE = 5
PACKAGE_CARD_SHARE = 0.3
# How an order is paid (the rest is cash); a project line of a package card holder is paid by a session.
STORED_VALUE_SHARE = 0.35
SESSIONS_SHARE = 0.15
PROVIDER_SHARE = 0.15
WALK_IN_SHARE = 0.2
UNPAID_SHARE = 0.01
SALES_TABLES = (
    "billing_staffcredit", "billing_orderlinestaff", "billing_tender", "billing_orderline", "billing_order",
    "cards_cardentry", "cards_cardsession", "cards_card",
)  # fmt: skip
# With --force the stock ledger and the payment intents go too: the generated moves and intents are
# derived from the orders, and a ledger cannot lose some of its moves and keep its after-chain.
DERIVED_TABLES = (
    "inventory_stockmove", "inventory_stockbalance", "inventory_stockdocumentline", "inventory_stockdocument",
    "inventory_stocktakeline", "inventory_stocktake", "payments_paymentintent",
)  # fmt: skip
BIG_TABLES = (
    "billing_order", "billing_orderline", "billing_tender", "cards_cardentry", "cards_card", "inventory_stockmove",
    "payments_paymentintent",
)  # fmt: skip
LOCAL = ZoneInfo(settings.TIME_ZONE)

COLUMNS = {
    "cards_card": (
        "id", "card_no", "member_id", "card_type_id", "kind", "store_id", "status", "principal", "gift",
        "expires_on", "created_at", "updated_at",
    ),
    "cards_cardsession": ("id", "card_id", "project_id", "total", "left"),
    "cards_cardentry": (
        "id", "card_id", "kind", "principal_change", "gift_change", "principal_after", "gift_after", "project_id",
        "sessions_change", "sessions_after", "order_id", "refund_id", "other_card_id", "store_id", "card_store_id",
        "remark", "operator_id", "operator_name", "created_at",
    ),
    "billing_order": (
        "id", "order_no", "store_id", "member_id", "name", "area_code", "phone", "reservation_id", "status",
        "total", "discount", "payable", "paid", "remark", "business_date", "signature", "created_by_id",
        "operator_name", "created_at", "paid_at", "updated_at",
    ),
    "billing_orderline": (
        "id", "order_id", "type", "item_id", "name", "qty", "unit_price", "discount", "amount", "discounts", "card_id",
        "gift", "gift_reason", "take_later",
    ),
    "billing_orderlinestaff": ("id", "line_id", "employee_id", "share"),
    "billing_tender": (
        "id", "order_id", "method", "amount", "status", "card_id", "points", "received", "change", "store_id",
        "operator_id", "operator_name", "created_at", "message", "terminal_id",
    ),
    "billing_staffcredit": (
        "id", "line_id", "employee_id", "kind", "amount", "store_id", "business_date", "created_at",
    ),
}  # fmt: skip


def _log(message: str) -> None:
    print(f"[sales --generate {time.strftime('%H:%M:%S')}] {message}", flush=True)


def _money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}" if cents >= 0 else f"-{_money(-cents)}"


def _split(amount: int, principal: int, gift: int) -> tuple[int, int]:
    """apps.cards.services.spending_split in integer cents: gift in proportion, half up, clamped."""
    balance = principal + gift
    gift_part = (2 * amount * gift + balance) // (2 * balance) if balance else 0
    gift_part = min(max(gift_part, amount - principal), gift)
    return amount - gift_part, gift_part


@dataclass(frozen=True)
class Item:
    type: str
    id: int
    name: str
    cents: int
    credit: str


class Ids:
    """The next id of each table (the sequences are moved past them after the load)."""

    def __init__(self, tables: Iterable[str]) -> None:
        self.next: dict[str, int] = {}
        with connection.cursor() as cursor:
            for table in tables:
                cursor.execute(f"SELECT coalesce(max(id), 0) + 1 FROM {table}")
                self.next[table] = cursor.fetchone()[0]

    def take(self, table: str) -> int:
        value = self.next[table]
        self.next[table] = value + 1
        return value

    def reset_sequences(self) -> None:
        with connection.cursor() as cursor:
            for table, value in self.next.items():
                cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), %s, false)", [value])


class Copier:
    """Rows per table, written by COPY when a batch is full (and at the end)."""

    def __init__(self) -> None:
        self.rows: dict[str, list[tuple]] = {table: [] for table in COLUMNS}
        self.written: dict[str, int] = dict.fromkeys(COLUMNS, 0)

    def add(self, table: str, row: tuple) -> None:
        self.rows[table].append(row)

    def flush(self) -> None:
        # Parents first, so the (deferred) foreign keys find their rows when they are checked.
        order = (
            "cards_card", "cards_cardsession", "billing_order", "billing_orderline", "billing_orderlinestaff",
            "billing_tender", "billing_staffcredit", "cards_cardentry",
        )  # fmt: skip
        with connection.cursor() as cursor:
            for table in order:
                rows = self.rows[table]
                if not rows:
                    continue
                quoted = ", ".join(f'"{column}"' for column in COLUMNS[table])  # "left" is a keyword
                sql = f"COPY {table} ({quoted}) FROM STDIN"
                with cursor.cursor.copy(sql) as copy:
                    for row in rows:
                        copy.write_row(row)
                self.written[table] += len(rows)
                rows.clear()


def _secondary_indexes(tables: Sequence[str]) -> list[tuple[str, str]]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT i.indexname, i.indexdef FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname "
            "WHERE i.tablename = ANY(%s) AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)",
            [list(tables)],
        )
        return cursor.fetchall()


def _check_columns() -> None:
    """The sales apps are still growing: fail clearly on a required column the generator misses."""
    with connection.cursor() as cursor:
        for table, columns in COLUMNS.items():
            cursor.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = %s "
                "AND is_nullable = 'NO' AND column_default IS NULL",
                [table],
            )
            missing = {row[0] for row in cursor.fetchall()} - set(columns)
            if missing:
                raise SystemExit(f"{table} has required columns the generator does not fill: {sorted(missing)}")


def ensure_employees(store_ids: list[int]) -> dict[int, list[int]]:
    """Five active employees in every store that has none; answers each store's employee ids."""
    staffed = set(Employee.objects.filter(status=EmployeeStatus.ACTIVE).values_list("store_id", flat=True))
    positions = (EmployeePosition.NURSE, EmployeePosition.NURSE, EmployeePosition.STYLIST, EmployeePosition.FRONT_DESK)
    Employee.objects.bulk_create(
        [
            Employee(
                store_id=store_id,
                name=f"员工{store_id % 1000:03d}{n}",
                phone=f"139{store_id % 10**6:06d}{n:02d}",
                position=positions[n % len(positions)],
                hire_date=date(2023, 1, 1),
            )
            for store_id in store_ids
            if store_id not in staffed
            for n in range(EMPLOYEES_PER_STORE)
        ],
        batch_size=5000,
    )
    employees: dict[int, list[int]] = {}
    for pk, store_id in Employee.objects.filter(status=EmployeeStatus.ACTIVE).values_list("pk", "store_id"):
        employees.setdefault(store_id, []).append(pk)
    return employees


def _catalogue() -> tuple[list[Item], list[CardType], list[CardType], dict[int, list[tuple[int, int]]]]:
    """Sellable products and projects, stored-value and package card types, each package's lines."""
    items = [Item("product", p.pk, p.name, int(p.price * 100), "sale") for p in Product.objects.filter(enabled=True)]
    items += [
        Item("project", p.pk, p.name, int(p.price * 100), "service") for p in Project.objects.filter(enabled=True)
    ]
    stored = list(CardType.objects.filter(kind=CardKind.STORED_VALUE, enabled=True, price__gt=0))
    packages = list(CardType.objects.filter(kind=CardKind.PACKAGE, enabled=True))
    lines: dict[int, list[tuple[int, int]]] = {}
    for line in ProjectPackageLine.objects.filter(package_id__in=[c.project_package_id for c in packages]):
        lines.setdefault(line.package_id, []).append((line.project_id, line.sessions))
    packages = [c for c in packages if c.project_package_id in lines]
    if not items or not stored or not packages:
        raise SystemExit("the demo catalogue has no products/projects or card types: run seed_demo")
    return items, stored, packages, lines


class Generator:
    def __init__(
        self, rng: random.Random, store_ids: list[int], employees: dict[int, list[int]], days: int = HISTORY_DAYS
    ) -> None:
        self.rng = rng
        self.days = days
        self.stores = store_ids
        self.employees = employees
        self.ids = Ids(COLUMNS)
        self.out = Copier()
        self.items, self.stored_types, self.package_types, self.package_lines = _catalogue()
        self.projects = {item.id: item for item in self.items if item.type == "project"}
        # History ends where today begins: today stays free for the benchmarks' own sales, and a day the
        # demo data closed (today) gets no sales after its closing.
        self.now = datetime.combine(datetime.now(LOCAL).date(), datetime.min.time(), LOCAL).astimezone(UTC)
        self.start = self.now - timedelta(days=days)
        # Card state, by position in creation order.
        self.card_ids = array("q")
        self.card_members = array("q")
        self.card_stores = array("q")
        self.card_offsets = array("d")
        self.principal = array("q")
        self.gift = array("q")
        self.stored_positions: list[int] = []
        self.package_positions: list[int] = []
        # Days a store already closed (the demo data closes one): no sale is generated into them.
        with connection.cursor() as cursor:
            cursor.execute("SELECT store_id, date FROM core_closedday")
            self.closed_days = set(cursor.fetchall())
        # Package sessions: card position -> [(session id, project id, left)].
        self.sessions: dict[int, list[list[int]]] = {}

    # --- cards ---------------------------------------------------------------------------------

    def cards(self, count: int, members: list[tuple[int, int]]) -> None:
        rng = self.rng
        offsets = sorted(rng.random() * (self.days - 30) * 86400 for _ in range(count))
        for position, offset in enumerate(offsets):
            member_id, home_store = members[rng.randrange(len(members))]
            created = self.start + timedelta(seconds=offset)
            card_id = self.ids.take("cards_card")
            package = rng.random() < PACKAGE_CARD_SHARE
            card_type = rng.choice(self.package_types if package else self.stored_types)
            principal = 0 if package else int(card_type.price * 100)
            gift = 0 if package else max(int(card_type.face_value * 100) - principal, 0)
            self.out.add("cards_card", (
                card_id, f"{'P' if package else 'V'}{card_id:09d}", member_id, card_type.pk, card_type.kind,
                home_store, "active", _money(principal), _money(gift),
                (created + timedelta(days=card_type.validity_days + 3 * 365)).date(), created, created,
            ))  # fmt: skip
            self.card_ids.append(card_id)
            self.card_members.append(member_id)
            self.card_stores.append(home_store)
            self.card_offsets.append(offset)
            self.principal.append(principal)
            self.gift.append(gift)
            if package:
                self.package_positions.append(position)
                rows = []
                for project_id, sessions in self.package_lines[card_type.project_package_id]:
                    session_id = self.ids.take("cards_cardsession")
                    self.out.add("cards_cardsession", (session_id, card_id, project_id, sessions, sessions))
                    self._entry(position, "sale", created, home_store, project_id=project_id,
                                sessions_change=sessions, sessions_after=sessions)  # fmt: skip
                    rows.append([session_id, project_id, sessions])
                self.sessions[position] = rows
            else:
                self.stored_positions.append(position)
                self._entry(position, "sale", created, home_store, principal_change=principal, gift_change=gift)
            if len(self.out.rows["cards_cardentry"]) >= BATCH:
                self.out.flush()
        self.out.flush()

    def _entry(
        self,
        position: int,
        kind: str,
        at: datetime,
        store_id: int,
        *,
        principal_change: int = 0,
        gift_change: int = 0,
        project_id: int | None = None,
        sessions_change: int = 0,
        sessions_after: int | None = None,
        order_id: int | None = None,
    ) -> None:
        self.out.add("cards_cardentry", (
            self.ids.take("cards_cardentry"), self.card_ids[position], kind, _money(principal_change),
            _money(gift_change), _money(self.principal[position]), _money(self.gift[position]), project_id,
            sessions_change, sessions_after, order_id, None, None, store_id, self.card_stores[position], "",
            None, "SY00002", at,
        ))  # fmt: skip

    def _card_before(self, positions: list[int], offset: float) -> int | None:
        """A random card of `positions` created before `offset` (positions ascend with creation)."""
        limit = bisect.bisect_left(positions, bisect.bisect_left(self.card_offsets, offset))
        return positions[self.rng.randrange(limit)] if limit else None

    # --- orders --------------------------------------------------------------------------------

    def orders(self, count: int, members: list[tuple[int, int]]) -> None:
        rng = self.rng
        offsets = sorted(rng.random() * self.days * 86400 for _ in range(count))
        for offset in offsets:
            self._order(offset, members)
            if len(self.out.rows["billing_orderline"]) >= BATCH:
                self.out.flush()
        self.out.flush()

    def _order(self, offset: float, members: list[tuple[int, int]]) -> None:
        rng = self.rng
        at = self.start + timedelta(seconds=offset)
        day = at.astimezone(LOCAL).date()
        roll = rng.random()
        card = None
        if roll < STORED_VALUE_SHARE:
            card = self._card_before(self.stored_positions, offset)
            method = "storedValue"
        elif roll < STORED_VALUE_SHARE + SESSIONS_SHARE:
            card = self._card_before(self.package_positions, offset)
            method = "sessions"
        else:
            method = "provider" if roll < STORED_VALUE_SHARE + SESSIONS_SHARE + PROVIDER_SHARE else "cash"
        if card is not None:
            member_id = self.card_members[card]
            store_id = self.card_stores[card] if rng.random() < 0.9 else rng.choice(self.stores)
        elif method in ("storedValue", "sessions"):
            method = "cash"
        if card is None:
            if rng.random() < WALK_IN_SHARE:
                member_id, store_id = 0, rng.choice(self.stores)
            else:
                member_id, store_id = members[rng.randrange(len(members))]
        while (store_id, day) in self.closed_days:
            store_id = rng.choice(self.stores)
        order_id = self.ids.take("billing_order")
        staff = self.employees.get(store_id) or [None]
        lines: list[tuple[Item, int, int, int | None]] = []  # item, qty, amount, card id of a session line
        session_line = None
        if method == "sessions" and card is not None:
            open_sessions = [s for s in self.sessions[card] if s[2] > 0]
            if open_sessions:
                session_line = rng.choice(open_sessions)
                project = self.projects.get(session_line[1])
                if project is not None:
                    lines.append((project, 1, 0, self.card_ids[card]))
                else:
                    session_line = None
        for _ in range(rng.choice((1, 1, 1, 2, 2, 3)) - len(lines)):
            item = rng.choice(self.items)
            qty = 1 if item.type == "project" else rng.choice((1, 1, 2))
            lines.append((item, qty, item.cents * qty, None))
        total = sum(item.cents * qty for item, qty, _amount, _card in lines)
        payable = sum(amount for _item, _qty, amount, _card in lines)
        discount = total - payable
        unpaid = rng.random() < UNPAID_SHARE
        tenders: list[tuple[str, int, int | None]] = []
        if not unpaid and payable:
            if method == "storedValue" and card is not None and self.principal[card] + self.gift[card] >= payable:
                take_p, take_g = _split(payable, self.principal[card], self.gift[card])
                self.principal[card] -= take_p
                self.gift[card] -= take_g
                self._entry(card, "spend", at, store_id, principal_change=-take_p, gift_change=-take_g,
                            order_id=order_id)  # fmt: skip
                tenders.append(("storedValue", payable, self.card_ids[card]))
            else:
                kind = rng.choice(("wechat", "alipay", "pos")) if method == "provider" else "cash"
                tenders.append((kind, payable, None))
        if session_line is not None and not unpaid and card is not None:
            session_line[2] -= 1
            self._entry(card, "sessionsUsed", at, store_id, project_id=session_line[1], sessions_change=-1,
                        sessions_after=session_line[2], order_id=order_id)  # fmt: skip
        paid = sum(amount for _m, amount, _c in tenders)
        status = "unpaid" if unpaid else "paid"
        name, phone = ("散客", f"137{rng.randrange(10**8):08d}") if not member_id else ("会员", "")
        self.out.add("billing_order", (
            order_id, f"SO{day:%Y%m%d}{order_id:08d}", store_id, member_id or None, name, "0086", phone, None,
            status, _money(total), _money(discount), _money(payable), _money(paid), "", day, "", None, "SY00002",
            at, None if unpaid else at, at,
        ))  # fmt: skip
        for item, qty, amount, session_card in lines:
            line_id = self.ids.take("billing_orderline")
            discounts = json.dumps([{"source": "sessions", "name": "次卡", "amount": _money(item.cents)}]) if (
                session_card) else "[]"  # fmt: skip
            self.out.add("billing_orderline", (
                line_id, order_id, item.type, item.id, item.name, qty, _money(item.cents),
                _money(item.cents * qty - amount), _money(amount), discounts, session_card, False, "", False,
            ))  # fmt: skip
            employee = rng.choice(staff)
            if employee is None:
                continue
            self.out.add(
                "billing_orderlinestaff", (self.ids.take("billing_orderlinestaff"), line_id, employee, "1.0000")
            )
            if not unpaid:
                kind = "cardConsumption" if session_card or method == "storedValue" else item.credit
                credited = item.cents * qty if session_card else amount
                self.out.add("billing_staffcredit", (
                    self.ids.take("billing_staffcredit"), line_id, employee, kind, _money(credited), store_id, day, at,
                ))  # fmt: skip
        for kind, amount, card_id in tenders:
            self.out.add("billing_tender", (
                self.ids.take("billing_tender"), order_id, kind, _money(amount), "succeeded", card_id, None,
                _money(amount) if kind == "cash" else None, "0.00" if kind == "cash" else None, store_id, None,
                "SY00002", at, "", "",
            ))  # fmt: skip

    def finish(self) -> None:
        """Balances and sessions (left, last used) as the ledger left them (the COPY wrote them as sold)."""
        with connection.cursor() as cursor:
            cursor.execute(
                "UPDATE cards_card c SET principal = e.principal_after, gift = e.gift_after FROM ("
                " SELECT DISTINCT ON (card_id) card_id, principal_after, gift_after FROM cards_cardentry"
                " ORDER BY card_id, id DESC) e WHERE e.card_id = c.id"
                " AND (c.principal <> e.principal_after OR c.gift <> e.gift_after)"
            )
            cursor.execute(
                'UPDATE cards_cardsession s SET "left" = e.remaining FROM ('
                " SELECT card_id, project_id, sum(sessions_change) AS remaining FROM cards_cardentry"
                " WHERE project_id IS NOT NULL GROUP BY card_id, project_id) e"
                ' WHERE e.card_id = s.card_id AND e.project_id = s.project_id AND s."left" <> e.remaining'
            )
            cursor.execute(
                "UPDATE cards_cardsession s SET last_used_at = e.at FROM ("
                " SELECT card_id, project_id, max(created_at) AS at FROM cards_cardentry"
                " WHERE kind = 'sessionsUsed' GROUP BY card_id, project_id) e"
                " WHERE e.card_id = s.card_id AND e.project_id = s.project_id"
                " AND s.last_used_at IS DISTINCT FROM e.at"
            )
        self.ids.reset_sequences()


# The stock the generated orders move, as billing's payment moves it (apps/billing/ledgers/stock.py):
# one `sale` move per paid order and product (product lines in use units), one `service_use` move
# per paid order and product its projects consume (ProjectConsumable × sessions). Before them, each
# store and product they touch gets one opening `receipt` (a goods-in document per store) of what
# the year will use and OPENING_SPARE stock units more, so live stock ends positive. Ids follow the
# existing moves; a move's `quantity_after` is the store and product's balance before the load plus
# the running sum of the new moves by id, and the balance grows by their sum: the inventory audit's
# after-chain and balances agree by construction, and billing's stock audit finds each order's goods.
USED = """
CREATE TEMP TABLE bench_used ON COMMIT DROP AS
SELECT o.id AS order_id, 1 AS rank, o.store_id, l.item_id AS product_id, o.paid_at AS at,
    -(SUM(l.qty) * p.use_per_unit) AS q
FROM billing_order o JOIN billing_orderline l ON l.order_id = o.id JOIN catalog_product p ON p.id = l.item_id
WHERE o.id >= %(first_order)s AND o.status = 'paid' AND l.type = 'product' AND NOT l.take_later
GROUP BY o.id, l.item_id, p.use_per_unit
UNION ALL
SELECT o.id, 2, o.store_id, c.product_id, o.paid_at, -SUM(l.qty * c.quantity)
FROM billing_order o JOIN billing_orderline l ON l.order_id = o.id
JOIN catalog_projectconsumable c ON c.project_id = l.item_id
WHERE o.id >= %(first_order)s AND o.status = 'paid' AND l.type = 'project'
GROUP BY o.id, c.product_id
"""
OPENING_DOCUMENTS = """
INSERT INTO inventory_stockdocument (id, store_id, number, kind, type, status, supplier, source_id, remark,
    created_by_id, created_by_name, created_at, received_by_name, received_at, other_store_id)
SELECT %(document_base)s + s.store_id, s.store_id,
    'RK' || to_char(%(start)s::timestamptz, 'YYYYMMDD') || lpad((%(document_base)s + s.store_id)::text, 8, '0'),
    'receipt', 'head_office', 'done', '', NULL, '期初', NULL, 'bench-sales', %(start)s, 'bench-sales', %(start)s, NULL
FROM (SELECT DISTINCT store_id FROM bench_used) s
"""
OPENING = """
INSERT INTO bench_used (order_id, rank, store_id, product_id, at, q)
SELECT 0, 0, u.store_id, u.product_id, %(start)s, -SUM(u.q) + %(spare)s * p.use_per_unit
FROM bench_used u JOIN catalog_product p ON p.id = u.product_id
GROUP BY u.store_id, u.product_id, p.use_per_unit
"""
MOVES = """
INSERT INTO inventory_stockmove (id, store_id, product_id, kind, quantity, quantity_after, unit_cost,
    document_kind, document_id, batch_no, expiry_date, other_store_id, remark, operator_id, operator_name, created_at)
SELECT m.id, m.store_id, m.product_id, (ARRAY['receipt', 'sale', 'service_use'])[m.rank + 1], m.q,
    COALESCE(b.quantity, 0) + SUM(m.q) OVER (PARTITION BY m.store_id, m.product_id ORDER BY m.id), p.cost,
    CASE WHEN m.rank = 0 THEN 'document' ELSE 'order' END,
    CASE WHEN m.rank = 0 THEN %(document_base)s + m.store_id ELSE m.order_id END,
    '', NULL, NULL, '', NULL, 'bench', m.at
FROM (SELECT u.*, %(move_base)s + row_number() OVER (ORDER BY u.order_id, u.rank, u.product_id, u.store_id) AS id
      FROM bench_used u WHERE u.q <> 0) m
JOIN catalog_product p ON p.id = m.product_id
LEFT JOIN inventory_stockbalance b ON b.store_id = m.store_id AND b.product_id = m.product_id
"""
BALANCES = """
INSERT INTO inventory_stockbalance (store_id, product_id, quantity, updated_at)
SELECT store_id, product_id, SUM(q), now() FROM bench_used GROUP BY store_id, product_id
ON CONFLICT (store_id, product_id) DO UPDATE
SET quantity = inventory_stockbalance.quantity + EXCLUDED.quantity, updated_at = EXCLUDED.updated_at
"""
# Each generated provider tender took its money through a payment intent that succeeded, as the till's
# provider payments do (reference `tender:<id>`, the provider's reported amount the tender's).
INTENTS = """
INSERT INTO payments_paymentintent (reference, store_id, member_id, provider, mode, out_trade_no, amount,
    refunded, state, description, provider_trade_no, code_url, message, attempts, next_poll_at, expires_at,
    paid_at, created_at, updated_at, reported_amount, reported_currency, reported_merchant, terminal_id)
SELECT 'tender:' || t.id, t.store_id, o.member_id, t.method, 'code', 'BENCH' || t.id, t.amount, 0, 'succeeded',
    '', 'BENCH' || t.id, '', '', 1, NULL, t.created_at + interval '2 hours', t.created_at, t.created_at,
    t.created_at, t.amount, 'CNY', '', ''
FROM billing_tender t JOIN billing_order o ON o.id = t.order_id
WHERE t.id >= %(first_tender)s AND t.status = 'succeeded' AND t.method IN ('wechat', 'alipay', 'pos', 'box')
"""
OPENING_SPARE = 20


def stock_and_intents(*, first_order: int, first_tender: int, start: datetime) -> dict[str, int]:
    """The generated orders' stock moves, balances and provider payment intents (set-based SQL, see
    USED and INTENTS); answers the rows written."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT coalesce(max(id), 0) + 1 FROM inventory_stockmove")
        move_base = cursor.fetchone()[0]
        cursor.execute("SELECT coalesce(max(id), 0) FROM inventory_stockdocument")
        document_base = cursor.fetchone()[0]
        params = {
            "first_order": first_order, "first_tender": first_tender, "start": start, "spare": OPENING_SPARE,
            "move_base": move_base, "document_base": document_base,
        }  # fmt: skip
        cursor.execute(USED, params)
        cursor.execute(OPENING_DOCUMENTS, params)
        documents = cursor.rowcount
        cursor.execute(OPENING, params)
        cursor.execute(MOVES, params)
        moves = cursor.rowcount
        cursor.execute(BALANCES, params)
        cursor.execute(INTENTS, params)
        intents = cursor.rowcount
        for table in ("inventory_stockmove", "inventory_stockdocument"):
            cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))")
    return {"rows_inventory_stockmove": moves, "rows_inventory_stockdocument": documents,
            "rows_payments_paymentintent": intents}  # fmt: skip


def generated_counts() -> dict[str, int]:
    with connection.cursor() as cursor:
        counts = {}
        for table in ("cards_card", "billing_order"):
            cursor.execute(f"SELECT count(*) FROM {table}")
            counts[table] = cursor.fetchone()[0]
        return counts


def generate(*, force: bool, cards: int = CARDS, orders: int = ORDERS, members: int = members_data.MEMBERS,
             stores: int = members_data.STORES, days: int = HISTORY_DAYS) -> dict[str, float | int]:  # fmt: skip
    """The members data set, then cards and orders over the last `days`, with the stock moves and
    payment intents they make; returns timings. Skips when the orders exist."""
    started = time.perf_counter()
    members_data.generate(force=False, members=members, stores=stores)
    store_ids = members_data.bench_stores()
    counts = generated_counts()
    if counts["billing_order"] >= orders and not force:
        _log(f"{counts} already there; skipping (use --force to regenerate)")
        return {"skipped": 1, **counts}
    if counts["billing_order"] or counts["cards_card"]:
        _log(f"truncating {', '.join(SALES_TABLES + DERIVED_TABLES)}")
        with connection.cursor() as cursor:
            cursor.execute(f"TRUNCATE {', '.join(SALES_TABLES + DERIVED_TABLES)} CASCADE")
    _check_columns()
    employees = ensure_employees(store_ids)
    with connection.cursor() as cursor:
        cursor.execute("SELECT id, home_store_id FROM members_member WHERE status = 'active'")
        member_rows = cursor.fetchall()
    rng = random.Random(SEED)
    indexes = _secondary_indexes(BIG_TABLES)
    load_started = time.perf_counter()
    generator = Generator(rng, store_ids, employees, days)
    first_order, first_tender = generator.ids.next["billing_order"], generator.ids.next["billing_tender"]
    with transaction.atomic(), connection.cursor() as cursor:
        for name, _definition in indexes:
            cursor.execute(f"DROP INDEX {name}")
        # The ids are the generator's own, pointing at rows it wrote: foreign-key triggers (and the
        # closed-day and append-only checks, which hold trivially for a past that was never closed)
        # are off for the load. Triggers that keep summaries do not fire either: rebuild them after.
        cursor.execute("SET LOCAL session_replication_role = replica")
        _log(f"cards: {cards}")
        generator.cards(cards, member_rows)
        _log(f"orders: {orders}")
        generator.orders(orders, member_rows)
        generator.finish()
        _log("stock moves and payment intents")
        derived = stock_and_intents(first_order=first_order, first_tender=first_tender, start=generator.start)
        cursor.execute("SET LOCAL session_replication_role = origin")
        cursor.execute("SET LOCAL maintenance_work_mem = '512MB'")
        index_started = time.perf_counter()
        for name, definition in indexes:
            _log(f"index {name}")
            cursor.execute(definition)
        index_s = time.perf_counter() - index_started
    with connection.cursor() as cursor:
        for table in SALES_TABLES + DERIVED_TABLES:
            cursor.execute(f"ANALYZE {table}")
    return {
        "skipped": 0,
        **{f"rows_{table}": n for table, n in generator.out.written.items()},
        **derived,
        "load_s": round(time.perf_counter() - load_started, 1),
        "index_s": round(index_s, 1),
        "total_s": round(time.perf_counter() - started, 1),
    }
