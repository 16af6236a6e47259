"""Reads of evaluations: the visit a link names, an order's panel, a member's satisfaction."""

from __future__ import annotations

from collections.abc import Callable, Collection
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import Avg, Count, QuerySet, Sum

from apps.billing.choices import LineType, OrderStatus
from apps.billing.models import Order, OrderLine, OrderLineStaff
from apps.core.errors import NotFound
from apps.evaluations import links
from apps.evaluations.models import Evaluation
from apps.evaluations.rows import (
    EvaluationRow,
    MemberSatisfactionRow,
    OrderEvaluationRow,
    PublicVisitRow,
    SatisfactionLastRow,
)
from apps.staff.models import Employee

# How many of a member's latest evaluations getMemberSatisficing lists.
LAST_COUNT = 5


def orders() -> QuerySet[Order]:
    return Order.objects.select_related("store")


def linked_order(token: str) -> Order:
    """The order an evaluation link names, while its link lasts (see apps.evaluations.links)."""
    order = orders().filter(pk=links.order_id_of(token)).first()
    if order is None:  # signed by us for an order no longer there
        raise NotFound()
    links.check_not_expired(order)
    return order


def employees() -> QuerySet[Employee]:
    return Employee.objects.all()


def service_lines(order_id: int) -> QuerySet[OrderLine]:
    return OrderLine.objects.filter(order_id=order_id, type=LineType.PROJECT).order_by("id")


def served_nurse_id(order_id: int) -> int | None:
    """The nurse who served the visit: the employee with the largest share of its project lines
    (then of any line, for a visit that only sold goods); ties go to the first named."""
    for lines in (service_lines(order_id), OrderLine.objects.filter(order_id=order_id)):
        top = (
            OrderLineStaff.objects.filter(line__in=lines)
            .values("employee_id")
            .annotate(shares=Sum("share"))
            .order_by("-shares", "employee_id")
            .first()
        )
        if top is not None:
            return int(top["employee_id"])
    return None


def _employee_name(employee_id: int | None) -> str:
    if employee_id is None:
        return ""
    return Employee.objects.filter(pk=employee_id).values_list("name", flat=True).first() or ""


def evaluation_row(evaluation: Evaluation) -> EvaluationRow:
    return {
        "evaluationId": evaluation.pk,
        "orderId": evaluation.order_id,
        "serviceScore": evaluation.service_score,
        "nurseScore": evaluation.nurse_score,
        "comment": evaluation.comment,
        "channel": evaluation.channel,
        "nurseId": evaluation.nurse_id,
        "nurseName": evaluation.nurse.name if evaluation.nurse else "",
        "createdAt": evaluation.created_at,
        "recordedByName": evaluation.recorded_by_name,
    }


def public_visit(order: Order) -> PublicVisitRow:
    return {
        "storeName": order.store.name,
        "visitDate": order.business_date,
        "services": list(service_lines(order.pk).values_list("name", flat=True)),
        "nurseName": _employee_name(served_nurse_id(order.pk)),
        "rated": Evaluation.objects.filter(order_id=order.pk).exists(),
        "expiresAt": links.link_expires_at(order),
    }


def order_panel(order: Order, absolute_url: Callable[[str], str]) -> OrderEvaluationRow:
    evaluation = Evaluation.objects.select_related("nurse").filter(order_id=order.pk).first()
    link = links.link_for_order(order, absolute_url) if evaluation is None else None
    nurse_id = served_nurse_id(order.pk)
    return {
        "orderId": order.pk,
        "ratable": evaluation is None and order.status == OrderStatus.PAID,
        "evaluation": evaluation_row(evaluation) if evaluation is not None else None,
        "nurseId": nurse_id,
        "nurseName": _employee_name(nurse_id),
        "link": link["url"] if link else "",
        "qrImage": link["qr_image"] if link else "",
        "expiresAt": links.link_expires_at(order),
    }


def two_places(value: Decimal | float | None) -> str:
    return str(Decimal(str(value or 0)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def member_satisfaction(*, member_id: int, store_ids: Collection[int]) -> MemberSatisfactionRow:
    """The member's evaluations at the caller's stores: how many, the service score's average (2
    places), and the latest few."""
    evaluations = Evaluation.objects.filter(member_id=member_id, store_id__in=store_ids)
    figures = evaluations.aggregate(count=Count("id"), average=Avg("service_score"))
    last: list[SatisfactionLastRow] = [
        {
            "orderId": evaluation.order_id,
            "score": evaluation.service_score,
            "comment": evaluation.comment,
            "nurseName": evaluation.nurse.name if evaluation.nurse else "",
            "createdAt": evaluation.created_at,
        }
        for evaluation in evaluations.select_related("nurse").order_by("-created_at", "-id")[:LAST_COUNT]
    ]
    return {"count": figures["count"], "average": two_places(figures["average"]), "last": last}
