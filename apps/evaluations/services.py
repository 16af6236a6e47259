"""Writing an evaluation (issue 29 §4): the member's through the signed link, or the front desk's
for a paid order of its store. One per order: the database's unique constraint decides between two
submissions at once (the second waits on the index, then answers "already rated")."""

from __future__ import annotations

from django.utils.translation import gettext as _

from apps.billing.choices import OrderStatus
from apps.billing.models import Order
from apps.catalog.models import Project
from apps.core.audit import Actor, audit_record
from apps.core.constraints import constraint_errors
from apps.core.errors import InvalidInput
from apps.core.transactions import use_case_atomic
from apps.evaluations.choices import COMMENT_MAX_LENGTH, SCORE_MAX, SCORE_MIN, AuditAction, Channel
from apps.evaluations.errors import AlreadyRated, OrderNotRatable
from apps.evaluations.models import Evaluation
from apps.evaluations.selectors import served_nurse_id, service_lines
from apps.staff.models import Employee


def _check_score(value: int, field: str) -> None:
    if not SCORE_MIN <= value <= SCORE_MAX:
        raise InvalidInput(
            _("please give a score from %(low)s to %(high)s") % {"low": SCORE_MIN, "high": SCORE_MAX}, field=field
        )


def evaluation_submit(
    *,
    actor: Actor,
    order: Order,
    service_score: int,
    nurse_score: int,
    comment: str = "",
    channel: Channel,
    nurse_id: int | None = None,
) -> Evaluation:
    """The order's evaluation. `nurse_id` (the front desk's choice) must be an employee of the
    order's store; left out, the nurse who served the visit. Errors: 400 (a score outside 1–5, a
    comment too long, another store's nurse), EVAL-40902 (not paid), EVAL-40901 (rated already)."""
    _check_score(service_score, "serviceScore")
    _check_score(nurse_score, "nurseScore")
    comment = comment.strip()
    if len(comment) > COMMENT_MAX_LENGTH:
        raise InvalidInput(
            _("the comment is at most %(count)s characters") % {"count": COMMENT_MAX_LENGTH}, field="comment"
        )
    if order.status != OrderStatus.PAID:
        raise OrderNotRatable()
    if nurse_id is not None and not Employee.objects.filter(pk=nurse_id, store_id=order.store_id).exists():
        raise InvalidInput(_("please choose a nurse of the order's store"), field="nurseId")
    # The fast answer; the constraint below is what holds under two submissions at once.
    if Evaluation.objects.filter(order_id=order.pk).exists():
        raise AlreadyRated()
    front_desk = channel == Channel.FRONT_DESK
    with use_case_atomic():
        with constraint_errors({"evaluation_one_per_order": AlreadyRated}):
            evaluation = Evaluation.objects.create(
                order=order,
                store_id=order.store_id,
                member_id=order.member_id,
                nurse_id=nurse_id if nurse_id is not None else served_nurse_id(order.pk),
                service_score=service_score,
                nurse_score=nurse_score,
                comment=comment,
                channel=channel,
                visit_date=order.business_date,
                recorded_by_id=actor.user_id if front_desk else None,
                recorded_by_name=actor.login_name if front_desk else "",
            )
        project_ids = set(service_lines(order.pk).values_list("item_id", flat=True))
        evaluation.projects.set(Project.objects.filter(pk__in=project_ids))
        if front_desk:
            audit_record(
                actor=actor,
                action=AuditAction.RECORDED,
                target=evaluation,
                detail={
                    "orderId": order.pk,
                    "orderNo": order.order_no or "",
                    "serviceScore": service_score,
                    "nurseScore": nurse_score,
                    "nurseId": evaluation.nurse_id,
                },
            )
    return evaluation
