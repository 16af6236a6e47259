"""An order's lines as paying it reads them: with what stock they move, which are paid by package
sessions, and whether the member must sign first. The payment (apps.billing.till.checkout), the checks
before it (apps.billing.orders.order_checks) and the signature status (apps.billing.orders.signatures) read the
same facts, so they live with the order, below the till."""

from __future__ import annotations

from django.contrib.postgres.expressions import ArraySubquery
from django.db.models import Exists, OuterRef, QuerySet, Subquery

from apps.billing.models import Order, OrderLine, OrderLineStaff
from apps.billing.orders.performance import pays_by_sessions
from apps.catalog.models import Product, ProjectConsumable
from apps.core.query_shapes import QueryShape


def _order_lines(order_id: int) -> QuerySet[OrderLine]:
    consumes = Exists(ProjectConsumable.objects.filter(project_id=OuterRef("item_id")))
    # A product line's use units per stock unit (read for product lines only; else meaningless).
    per_unit = Subquery(Product.objects.filter(pk=OuterRef("item_id")).values("use_per_unit")[:1])
    staff = OrderLineStaff.objects.filter(line_id=OuterRef("pk")).order_by("id")
    return (
        OrderLine.objects.filter(order_id=order_id)
        .select_related("card")
        .annotate(
            consumes=consumes,
            use_per_unit=per_unit,
            staff_ids=ArraySubquery(staff.values("employee_id")),
            staff_shares=ArraySubquery(staff.values("share")),
        )
    )


# The lines as a payment reads them, built once per process (apps.core.query_shapes); the payment
# reads them with the order in one statement (apps.billing.till.checkout).
ORDER_LINES: QueryShape[OrderLine] = QueryShape(_order_lines)


def order_lines(order: Order) -> list[OrderLine]:
    """The order's lines with their cards, each with `consumes` (a project line whose project uses up
    products) and `use_per_unit` (a product line's) for apps.billing.ledgers.stock, and `staff_ids`
    and `staff_shares` (its staff in the order they were named) for the staff credits
    (apps.billing.orders.performance), read in the same statement."""
    return ORDER_LINES.rows(order_id=order.pk)


def session_lines(lines: list[OrderLine]) -> list[OrderLine]:
    """Lines paid by package sessions: a project with a package card (one served from a package the
    order sells names its card once the payment issued it)."""
    return [line for line in lines if pays_by_sessions(line)]


def signature_needed(order: Order, lines: list[OrderLine]) -> bool:
    """The store asks the member to sign for sessions used: of a card, or of the package bought now."""
    uses_sessions = bool(session_lines(lines)) or any(line.package_line_id is not None for line in lines)
    return uses_sessions and order.store.signature_required
