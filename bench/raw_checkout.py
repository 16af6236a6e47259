"""The checkout's own statements in plain SQL: the floor `order/commit` + `pay/excute` stand on.

The same 33 statements the two calls send for a one-product order paid from a stored-value card
(the sign-in check, the idempotency key claimed and answered, the closed-day check, the member,
product, card, promotion and card-discount reads, the order, its line and the system log; then the
locked order, its lines, the member's and the card's row locks, the card's new balance and ledger
entry, the tender, the last visit, the staff shares, the order paid, the system log and the
tenders), on the same rows, in two
transactions, each client on a persistent connection of its own. The spending split is the
service's (gift first in proportion; here the cards hold principal only), done in Python between the
lock and the update as the service does. What it leaves out is everything Django and DRF do around
the statements: that difference is what the HTTP figures cost above these."""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from decimal import Decimal

import psycopg

SIGN_IN = (
    "SELECT e.*, u.*, r.*, s.* FROM accounts_userrole e JOIN accounts_user u ON u.id = e.user_id "
    "JOIN accounts_role r ON r.id = e.role_id JOIN org_orgunit s ON s.id = e.hier_id WHERE e.id = %s AND e.user_id = %s"
)
CLAIM = (
    "INSERT INTO core_idempotentanswer (user_id, key, fingerprint, status, message, created_at) "
    "VALUES (%s, %s, %s, 0, '', now()) ON CONFLICT (user_id, key) DO NOTHING RETURNING id"
)
DAY_OPEN = "SELECT core_business_day_closed(%s, current_date)"
ANSWER = "UPDATE core_idempotentanswer SET data = %s, message = %s, status = %s WHERE id = %s"
MEMBER = (
    "SELECT m.name, m.area_code, m.phone, m.*, s.* FROM members_member m "
    "JOIN org_orgunit s ON s.id = m.home_store_id WHERE m.id = %s"
)
PRODUCT = (
    "SELECT p.name, p.price, p.category_id, p.*, "
    "(SELECT si.enabled FROM catalog_storeitem si WHERE si.product_id = p.id AND si.store_id = %s "
    "LIMIT 1), (SELECT si.store_price FROM catalog_storeitem si WHERE si.product_id = p.id AND si.store_id = %s "
    "LIMIT 1), c.* FROM catalog_product p JOIN catalog_category c ON c.id = p.category_id WHERE p.id = %s"
)
CARD = (
    "SELECT c.card_type_id, c.*, t.* FROM cards_card c JOIN catalog_cardtype t ON t.id = c.card_type_id WHERE c.id = %s"
)
PROMOTIONS = (
    "SELECT l.*, p.* FROM catalog_promotionline l JOIN catalog_promotion p ON p.id = l.promotion_id "
    "WHERE l.product_id = %s AND l.promotion_id IN (SELECT v.id FROM catalog_promotion v WHERE "
    "(NOT EXISTS (SELECT 1 FROM catalog_promotion_stores s WHERE s.promotion_id = v.id) OR EXISTS "
    "(SELECT 1 FROM catalog_promotion_stores s WHERE s.promotion_id = v.id AND s.store_id = %s)) "
    "AND v.start <= now() AND v.end > now()) ORDER BY l.promotion_id, l.id"
)
CARD_RATE = "SELECT rate FROM catalog_cardtypediscount WHERE card_type_id = %s AND category_id = %s"
NEW_ORDER = (
    "INSERT INTO billing_order (store_id, member_id, name, area_code, phone, status, total, discount, payable, "
    "paid, remark, business_date, signature, created_by_id, operator_name, created_at, updated_at) VALUES "
    "(%s, %s, %s, %s, %s, 'unpaid', %s, %s, %s, 0, '', current_date, '', %s, %s, now(), now()) RETURNING id"
)
ORDER_NO = "UPDATE billing_order SET order_no = %s WHERE id = %s"
NEW_LINE = (
    "INSERT INTO billing_orderline (order_id, type, item_id, name, qty, unit_price, discount, amount, discounts, "
    "card_id, gift, gift_reason, take_later) VALUES (%s, 'product', %s, %s, 1, %s, %s, %s, %s, %s, false, '', false) "
    "RETURNING id"
)
LOG = (
    "INSERT INTO core_systemlog (created_at, user_id, login_name, role_name, store_id, store_name, action, "
    "object_type, object_id, object_repr, detail, ip_address) VALUES (now(), %s, 'SY00002', '', %s, '', %s, "
    "'billing.order', %s, %s, %s, '127.0.0.1') RETURNING id"
)
LOCK_ORDER = (
    "SELECT o.*, s.* FROM billing_order o JOIN org_orgunit s ON s.id = o.store_id WHERE o.id = %s "
    "AND o.store_id = %s FOR UPDATE OF o"
)
LINES = (
    "SELECT l.*, c.* FROM billing_orderline l LEFT JOIN cards_card c ON c.id = l.card_id WHERE l.order_id = %s "
    "ORDER BY l.id"
)
LOCK_MEMBER = "SELECT id FROM members_member WHERE id = %s FOR UPDATE"
LOCK_CARD = "SELECT principal, gift, store_id, cards_card.* FROM cards_card WHERE id = %s FOR UPDATE"
CARD_BALANCE = "UPDATE cards_card SET principal = %s, gift = %s, updated_at = now() WHERE id = %s"
CARD_ENTRY = (
    "INSERT INTO cards_cardentry (card_id, kind, principal_change, gift_change, principal_after, gift_after, "
    "sessions_change, order_id, store_id, card_store_id, remark, operator_id, operator_name, created_at) VALUES "
    "(%s, 'spend', %s, %s, %s, %s, 0, %s, %s, %s, '', %s, 'SY00002', now()) RETURNING id"
)
TENDER = (
    "INSERT INTO billing_tender (order_id, method, amount, status, card_id, store_id, operator_id, operator_name, "
    "created_at, message, terminal_id) VALUES (%s, 'storedValue', %s, 'succeeded', %s, %s, %s, 'SY00002', now(), '', "
    "'') "
    "RETURNING id"
)
VISIT = "UPDATE members_member SET last_visit_at = %s WHERE id = %s AND (last_visit_at IS NULL OR last_visit_at < %s)"
STAFF = (
    "SELECT s.* FROM billing_orderlinestaff s JOIN billing_orderline l ON l.id = s.line_id WHERE l.order_id = %s "
    "ORDER BY s.line_id, s.id"
)
PAID = "UPDATE billing_order SET status = 'paid', paid = %s, paid_at = now(), updated_at = now() WHERE id = %s"
TENDERS = "SELECT * FROM billing_tender WHERE order_id = %s ORDER BY id"


class CardShort(Exception):
    """The card holds less than the order: the transaction rolls back, as the service's CARD-40901."""


class RawCheckout:
    """One client: commits and pays orders of one product from a member's stored-value card."""

    def __init__(self, connect: psycopg.Connection, *, user_id: int, user_role_id: int, store_id: int, product_id: int):
        self.db = connect
        self.user_id, self.user_role_id, self.store_id, self.product_id = user_id, user_role_id, store_id, product_id

    def _claim(self, cursor: psycopg.Cursor) -> int:
        cursor.execute(SIGN_IN, (self.user_role_id, self.user_id))
        cursor.fetchone()
        cursor.execute(CLAIM, (self.user_id, uuid.uuid4().hex, uuid.uuid4().hex))
        answer_id = cursor.fetchone()[0]
        cursor.execute(DAY_OPEN, (self.store_id,))
        cursor.fetchone()
        return answer_id

    def __call__(self, member_id: int, card_id: int) -> tuple[bool, str, Decimal]:
        try:
            return True, "0", self._checkout(member_id, card_id)
        except CardShort:
            return False, "CARD-40901", Decimal(0)

    def _checkout(self, member_id: int, card_id: int) -> Decimal:
        with self.db.cursor() as cursor:
            with self.db.transaction():
                answer_id = self._claim(cursor)
                cursor.execute(MEMBER, (member_id,))
                member = cursor.fetchone()
                cursor.execute(PRODUCT, (self.store_id, self.store_id, self.product_id))
                product = cursor.fetchone()
                cursor.execute(CARD, (card_id,))
                card_type_id = cursor.fetchone()[0]
                cursor.execute(PROMOTIONS, (self.product_id, self.store_id))
                cursor.fetchall()
                cursor.execute(CARD_RATE, (card_type_id, product[2]))
                rate = cursor.fetchone()
                base = Decimal(product[1])
                price = (base * rate[0]).quantize(Decimal("0.01")) if rate else base
                cursor.execute(
                    NEW_ORDER,
                    (self.store_id, member_id, member[0], member[1], member[2], base, base - price, price,
                     self.user_id, "SY00002"),
                )  # fmt: skip
                order_id = cursor.fetchone()[0]
                order_no = f"SO{datetime.now():%Y%m%d}{order_id:08d}"
                cursor.execute(ORDER_NO, (order_no, order_id))
                cursor.execute(
                    NEW_LINE, (order_id, self.product_id, product[0], base, base - price, price, "[]", card_id)
                )
                cursor.fetchone()
                detail = json.dumps({"orderNo": order_no, "memberId": member_id, "payable": str(price)})
                cursor.execute(
                    LOG, (self.user_id, self.store_id, "billing.order_committed", order_id, order_no, detail)
                )
                cursor.execute(ANSWER, (json.dumps({"orderId": order_id}), "saved", 201, answer_id))
            with self.db.transaction():
                answer_id = self._claim(cursor)
                cursor.execute(LOCK_ORDER, (order_id, self.store_id))
                cursor.fetchone()
                cursor.execute(LINES, (order_id,))
                cursor.fetchall()
                cursor.execute(LOCK_MEMBER, (member_id,))
                cursor.execute(LOCK_CARD, (card_id,))
                card = cursor.fetchone()
                principal, gift = Decimal(card[0]), Decimal(card[1])
                if principal + gift < price:
                    raise CardShort()
                taken_gift = min(gift, (price * gift / (principal + gift)).quantize(Decimal("0.01")))
                taken = price - taken_gift
                cursor.execute(CARD_BALANCE, (principal - taken, gift - taken_gift, card_id))
                cursor.execute(
                    CARD_ENTRY,
                    (card_id, -taken, -taken_gift, principal - taken, gift - taken_gift, order_id, self.store_id,
                     card[2], self.user_id),
                )  # fmt: skip
                cursor.execute(TENDER, (order_id, price, card_id, self.store_id, self.user_id))
                now = datetime.now().astimezone()
                cursor.execute(VISIT, (now, member_id, now))
                cursor.execute(STAFF, (order_id,))
                cursor.fetchall()
                cursor.execute(PAID, (price, order_id))
                detail = json.dumps({"orderNo": order_no, "status": "paid", "paid": str(price)})
                cursor.execute(LOG, (self.user_id, self.store_id, "billing.order_paid", order_id, order_no, detail))
                cursor.execute(TENDERS, (order_id,))
                cursor.fetchall()
                cursor.execute(ANSWER, (json.dumps({"orderId": order_id}), "paid", 200, answer_id))
        return price
