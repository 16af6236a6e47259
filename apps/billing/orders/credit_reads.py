"""The staff credits as commission reads them (apps.commission): each credit with the facts of its
line that its commission needs: the line's type and sessions, and what the line credited in all
before any refund (the base its sessions are shared by: a project line paid partly from stored value
credits card consumption and service, and its sessions are shared between the two, not counted
twice)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Sum

from apps.billing.choices import LineType
from apps.billing.models import StaffCredit


@dataclass(frozen=True)
class CreditFact:
    credit_id: int
    employee_id: int
    kind: str
    amount: Decimal
    business_date: date
    refund_id: int | None
    order_id: int
    order_no: str
    serves_sessions: bool  # a project line: its quantity is sessions served
    qty: int
    line_base: Decimal


def credits_between(*, store_id: int, first: date, last: date, employee_id: int | None = None) -> list[CreditFact]:
    """The store's credits dated `first`..`last` (inclusive), in the order they were written. Two
    queries: the credits with their lines, then what each of those lines credited in all."""
    credits = StaffCredit.objects.filter(store_id=store_id, business_date__range=(first, last))
    if employee_id is not None:
        credits = credits.filter(employee_id=employee_id)
    rows = list(
        credits.order_by("id").values_list(
            "id",
            "employee_id",
            "kind",
            "amount",
            "business_date",
            "refund_id",
            "line_id",
            "line__order_id",
            "line__order__order_no",
            "line__type",
            "line__qty",
        )
    )
    # The lines by the credits' own filter (a semi-join), not by their ids: a store's month is a
    # few thousand ids to send and parse.
    bases: dict[int, Decimal] = dict(
        StaffCredit.objects.filter(line_id__in=credits.order_by().values("line_id"), refund__isnull=True)
        .order_by()
        .values("line_id")
        .annotate(total=Sum("amount"))
        .values_list("line_id", "total")
    )
    return [
        CreditFact(
            credit_id=pk,
            employee_id=employee,
            kind=kind,
            amount=amount,
            business_date=day,
            refund_id=refund,
            order_id=order,
            order_no=order_no or "",
            serves_sessions=line_type == LineType.PROJECT,
            qty=qty,
            line_base=bases.get(line_id, Decimal("0")),
        )
        for pk, employee, kind, amount, day, refund, line_id, order, order_no, line_type, qty in rows
    ]
