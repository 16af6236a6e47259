"""The rows the summaries' selectors answer (apps.reports.summaries.selectors)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import TypedDict


class StoreDayFiguresRow(TypedDict):
    store_id: int
    business_date: date
    region_id: int | None
    orders: int
    sales: Decimal
    service_amount: Decimal
    product_amount: Decimal
    card_sale_amount: Decimal
    sessions_served: int
    refunds: int
    refunded: Decimal
    net_sales: Decimal
    new_members: int
    stored_value_sold: Decimal
    stored_value_spent: Decimal
    members_served: int
    cards_sold: int
    card_topped_up: Decimal
    card_value_spent: Decimal
    card_sessions_used: int
    points_given: int
    points_used: int


class RegionFiguresRow(TypedDict):
    region_id: int | None
    orders: int
    sales: Decimal
    net_sales: Decimal


class StaffFiguresRow(TypedDict):
    employee_id: int
    position: str
    service: Decimal
    sale: Decimal
    card_sale: Decimal
    card_consumption: Decimal
    clawed_back: Decimal
    net: Decimal
    sessions: int
    orders: int


class TrendPoint(TypedDict):
    business_date: date
    value: Decimal


class CategoryFiguresRow(TypedDict):
    item_type: str
    category_id: int | None
    qty: int
    amount: Decimal


class TenderFiguresRow(TypedDict):
    method: str
    tenders: int
    amount: Decimal
    refunded: Decimal
