"""The checkout's own statements in plain SQL: the floor `order/commit` + `pay/excute` stand on.

The same 12 statements the two calls send for a one-product order paid from a stored-value card in
its own store, dated the business day as the service dates them
(apps/billing/tests/test_checkout_statements.py pins the calls to them), on the same rows, in two
transactions, each client on a persistent connection of its own:

- the commit (5): who calls (the user, the chosen role entry, its role and level, the token's
  revocation: one query); what the draft names, in one statement of JSON columns (the member, the
  product with the store's switch, price and stock, the card with its type, its type's discount
  rates, the promotions); the order (numbered by its trigger); its line; the system log, the key and
  the answer in one statement;
- the payment (7): who calls; the order and its member locked; its lines with their staff and its
  tenders; the card spent (cards_card_spend: lock, check, split, entry); the tender; the stock moved
  (inventory_moves_record); the last visit, the order paid, the system log, the key and the answer in
  one statement.

What it leaves out is everything Django and DRF do around the statements: that difference is what
the HTTP figures cost above these."""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from decimal import Decimal

import psycopg
from django.utils import timezone

ACTING = (
    "SELECT u.*, e.*, r.*, s.*, EXISTS (SELECT 1 FROM accounts_revokedaccess v WHERE v.jti = %s) "
    "FROM accounts_user u LEFT JOIN accounts_userrole e ON e.id = %s AND e.user_id = u.id "
    "LEFT JOIN accounts_role r ON r.id = e.role_id LEFT JOIN org_orgunit s ON s.id = e.hier_id WHERE u.id = %s"
)
DRAFT = (
    "SELECT (SELECT json_agg(m) FROM (SELECT m.name, m.area_code, m.phone, m.*, h.* FROM members_member m "
    "JOIN org_orgunit h ON h.id = m.home_store_id WHERE m.id = %s LIMIT 1) m)::text, "
    "(SELECT json_agg(p) FROM (SELECT p.name, p.price, p.category_id, p.*, c.*, "
    "(SELECT b.quantity FROM inventory_stockbalance b WHERE b.store_id = %s AND b.product_id = p.id LIMIT 1), "
    "(SELECT si.enabled FROM catalog_storeitem si WHERE si.product_id = p.id AND si.store_id = %s LIMIT 1), "
    "(SELECT si.store_price FROM catalog_storeitem si WHERE si.product_id = p.id AND si.store_id = %s LIMIT 1) "
    "FROM catalog_product p JOIN catalog_category c ON c.id = p.category_id WHERE p.id IN (%s)) p)::text, "
    "(SELECT json_agg(c) FROM (SELECT c.*, t.* FROM cards_card c JOIN catalog_cardtype t ON t.id = c.card_type_id "
    "WHERE c.id IN (%s)) c)::text, "
    "(SELECT json_agg(r) FROM (SELECT r.* FROM catalog_cardtypediscount r WHERE r.card_type_id IN "
    "(SELECT c.card_type_id FROM cards_card c WHERE c.id IN (%s))) r)::text, "
    "(SELECT json_agg(l) FROM (SELECT l.*, p.* FROM catalog_promotionline l JOIN catalog_promotion p "
    "ON p.id = l.promotion_id WHERE l.promotion_id IN (SELECT v.id FROM catalog_promotion v WHERE "
    "(NOT EXISTS (SELECT 1 FROM catalog_promotion_stores s WHERE s.promotion_id = v.id) OR EXISTS "
    "(SELECT 1 FROM catalog_promotion_stores s WHERE s.promotion_id = v.id AND s.store_id IN (%s))) "
    "AND v.start <= now() AND v.end > now()) AND l.product_id IN (%s) ORDER BY l.promotion_id, l.id) l)::text"
)
NEW_ORDER = (
    "INSERT INTO billing_order (store_id, member_id, name, area_code, phone, status, total, discount, payable, "
    "paid, remark, business_date, signature, created_by_id, operator_name, created_at, updated_at) VALUES "
    "(%s, %s, %s, %s, %s, 'unpaid', %s, %s, %s, 0, '', %s, '', %s, %s, now(), now()) "
    "RETURNING id, order_no"
)
NEW_LINE = (
    "INSERT INTO billing_orderline (order_id, type, item_id, name, qty, unit_price, discount, amount, discounts, "
    "card_id, gift, gift_reason, take_later) VALUES (%s, 'product', %s, %s, 1, %s, %s, %s, %s, %s, false, '', false) "
    "RETURNING id"
)
LOG = (
    "logged AS (INSERT INTO core_systemlog (created_at, user_id, login_name, role_name, store_id, store_name, "
    "action, object_type, object_id, object_repr, detail, ip_address) VALUES (now(), %s, 'SY00002', '', %s, '', %s, "
    "'billing.order', %s, %s, %s, '127.0.0.1')) "
)
KEY_AND_ANSWER = (
    "INSERT INTO core_idempotentanswer (user_id, key, fingerprint, status, message, data, created_at) "
    "VALUES (%s, %s, %s, %s, %s, %s, now()) ON CONFLICT (user_id, key) DO NOTHING RETURNING id"
)
LOCKED = (
    "SELECT (SELECT json_agg(o) FROM (SELECT o.*, s.* FROM billing_order o JOIN org_orgunit s ON s.id = o.store_id "
    "WHERE o.id = %s AND o.store_id IN (%s) LIMIT 1 FOR NO KEY UPDATE OF o) o)::text, "
    "(SELECT json_agg(m) FROM (SELECT m.id FROM members_member m WHERE m.id = "
    "(SELECT member_id FROM billing_order WHERE id = %s LIMIT 1) FOR NO KEY UPDATE) m)::text"
)
LINES_AND_TENDERS = (
    "SELECT (SELECT json_agg(l) FROM (SELECT l.*, c.*, "
    "EXISTS (SELECT 1 FROM catalog_projectconsumable pc WHERE pc.project_id = l.item_id), "
    "(SELECT p.use_per_unit FROM catalog_product p WHERE p.id = l.item_id LIMIT 1), "
    "ARRAY(SELECT s.employee_id FROM billing_orderlinestaff s WHERE s.line_id = l.id ORDER BY s.id), "
    "ARRAY(SELECT s.share FROM billing_orderlinestaff s WHERE s.line_id = l.id ORDER BY s.id) "
    "FROM billing_orderline l LEFT JOIN cards_card c ON c.id = l.card_id WHERE l.order_id = %s "
    "ORDER BY l.id) l)::text, "
    "(SELECT json_agg(t) FROM (SELECT * FROM billing_tender WHERE order_id = %s ORDER BY id) t)::text"
)
CARD_SPEND = "SELECT refusal FROM cards_card_spend(%s, %s, %s, %s, %s, %s, %s, 'SY00002', now())"
TENDER = (
    "INSERT INTO billing_tender (order_id, method, amount, status, card_id, store_id, operator_id, operator_name, "
    "created_at, message, terminal_id) VALUES (%s, 'storedValue', %s, 'succeeded', %s, %s, %s, 'SY00002', now(), '', "
    "'') RETURNING id"
)
STOCK_MOVE = (
    "SELECT * FROM inventory_moves_record(%s, 'sale', 'order', %s, NULL, false, %s, 'SY00002', now(), "
    "ARRAY[%s]::bigint[], ARRAY[-1]::numeric[], ARRAY['']::text[], ARRAY[NULL]::date[], ARRAY['']::text[])"
)
VISIT_AND_PAID = (
    "visited AS (UPDATE members_member SET last_visit_at = %s WHERE id = %s AND "
    "(last_visit_at IS NULL OR last_visit_at < %s)), "
    "paid AS (UPDATE billing_order SET status = 'paid', paid = %s, paid_at = now(), updated_at = now() WHERE id = %s), "
)


def _rows(text: str | None) -> list[dict]:
    # A row of joined tables names a column more than once (the member's name, its store's): the
    # first is the row's own, as the ORM reads it by position.
    return json.loads(text or "[]", object_pairs_hook=lambda pairs: dict(reversed(pairs)))


class CardShort(Exception):
    """The card holds less than the order: the transaction rolls back, as the service's CARD-40901."""


class RawCheckout:
    """One client: commits and pays orders of one product from a member's stored-value card."""

    def __init__(self, connect: psycopg.Connection, *, user_id: int, user_role_id: int, store_id: int, product_id: int):
        self.db = connect
        self.user_id, self.user_role_id, self.store_id, self.product_id = user_id, user_role_id, store_id, product_id

    def _acting(self, cursor: psycopg.Cursor) -> None:
        cursor.execute(ACTING, (uuid.uuid4().hex, self.user_role_id, self.user_id))
        cursor.fetchone()

    def __call__(self, member_id: int, card_id: int) -> tuple[bool, str, Decimal]:
        try:
            return True, "0", self._checkout(member_id, card_id)
        except CardShort:
            return False, "CARD-40901", Decimal(0)

    def _answered(
        self, cursor: psycopg.Cursor, action: str, order_id: int, detail: dict, before: str = "", held: tuple = ()
    ) -> None:
        answer = json.dumps(json.dumps({"orderId": order_id, **detail}))
        cursor.execute(
            f"WITH {before}{LOG}{KEY_AND_ANSWER}",
            (*held, self.user_id, self.store_id, action, order_id, detail["orderNo"], json.dumps(detail),
             self.user_id, uuid.uuid4().hex, uuid.uuid4().hex, 200, "", answer),
        )  # fmt: skip
        cursor.fetchone()

    def _checkout(self, member_id: int, card_id: int) -> Decimal:
        with self.db.cursor() as cursor:
            with self.db.transaction():
                self._acting(cursor)
                cursor.execute(
                    DRAFT,
                    (member_id, self.store_id, self.store_id, self.store_id, self.product_id, card_id, card_id,
                     self.store_id, self.product_id),
                )  # fmt: skip
                member_text, product_text, _card, rates_text, _promotions = cursor.fetchone()
                member = _rows(member_text)[0]
                product = _rows(product_text)[0]
                rates = {rate["category_id"]: rate["rate"] for rate in _rows(rates_text)}
                base = Decimal(str(product["price"]))
                rate = rates.get(product["category_id"])
                price = (base * Decimal(str(rate))).quantize(Decimal("0.01")) if rate is not None else base
                cursor.execute(
                    NEW_ORDER,
                    (self.store_id, member_id, member["name"], member["area_code"], member["phone"], base,
                     base - price, price, timezone.localdate(), self.user_id, "SY00002"),
                )  # fmt: skip
                order_id, order_no = cursor.fetchone()
                cursor.execute(
                    NEW_LINE, (order_id, self.product_id, product["name"], base, base - price, price, "[]", card_id)
                )
                cursor.fetchone()
                detail = {"orderNo": order_no, "memberId": member_id, "payable": str(price)}
                self._answered(cursor, "billing.order_committed", order_id, detail)
            with self.db.transaction():
                self._acting(cursor)
                cursor.execute(LOCKED, (order_id, self.store_id, order_id))
                cursor.fetchone()
                cursor.execute(LINES_AND_TENDERS, (order_id, order_id))
                cursor.fetchone()
                cursor.execute(
                    CARD_SPEND, (card_id, member_id, price, timezone.localdate(), self.store_id, order_id, self.user_id)
                )
                if cursor.fetchone()[0] is not None:
                    raise CardShort()
                cursor.execute(TENDER, (order_id, price, card_id, self.store_id, self.user_id))
                cursor.execute(STOCK_MOVE, (self.store_id, order_id, self.user_id, self.product_id))
                cursor.fetchall()
                now = datetime.now().astimezone()
                detail = {"orderNo": order_no, "status": "paid", "paid": str(price)}
                held = (now, member_id, now, price, order_id)
                self._answered(cursor, "billing.order_paid", order_id, detail, VISIT_AND_PAID, held)
        return price
