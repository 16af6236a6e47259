"""Members' visits, as the member reports read them (apps/reports/definitions/members.py).

A visit is a paid order of a member (a walk-in's orders have no member): a refunded order stays
`paid` and stays a visit. It counts for the store and business day of the order. `spend` is the
order's payable, whatever paid it (money, a card, points). Two partial indexes serve these reads
(migration 0020): a store's paid member orders of a range (order_store_day_member_paid) and one
member's paid visits by day (order_member_paid_day), which the per-member subqueries below probe."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db.models import Max, Min, OuterRef, Q, QuerySet, Subquery

from apps.billing.choices import OrderStatus
from apps.billing.models import Order

# The conditions of both partial indexes: a query names them whole so the planner may use them.
VISIT = Q(status=OrderStatus.PAID, member__isnull=False)


def visits(*, store_ids: tuple[int, ...] | frozenset[int], date_from: date, date_to: date) -> QuerySet[Order]:
    """The stores' paid member orders of the business days from `date_from` to `date_to`."""
    return Order.objects.filter(VISIT, store_id__in=store_ids, business_date__gte=date_from, business_date__lte=date_to)


def member_visits(*, member: Any = None) -> QuerySet[Order]:
    """Every paid order of the member an outer query names (`member` an OuterRef), in every store."""
    return Order.objects.filter(VISIT, member_id=member if member is not None else OuterRef("pk"))


def _one(queryset: QuerySet[Order], value: Any) -> Subquery:
    return Subquery(queryset.order_by().values("member_id").annotate(v=value).values("v")[:1])


def first_visit(*, member: Any = None) -> Subquery:
    """The member's first visit day (an OuterRef to the member: default the outer row's pk)."""
    return _one(member_visits(member=member), Min("business_date"))


def last_visit(*, as_of: date, member: Any = None) -> Subquery:
    return _one(member_visits(member=member).filter(business_date__lte=as_of), Max("business_date"))


def visit_after(*, after: Any, member: Any = None) -> Subquery:
    """The member's first visit day after `after` (an OuterRef to the outer row's first visit)."""
    return _one(member_visits(member=member).filter(business_date__gt=after), Min("business_date"))
