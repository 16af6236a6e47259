"""Demo evaluations (issue 29 §4, /XMDReviewReport, /evaluationDetails, /satisfactionRate): in the
second demo store (青丝养护徐汇店, whose orders no page test counts), the members' paid visits with a
service (the package sale with its first SPA, the session of the anti-loss package, the group-buy
coupon served) are rated through `evaluation_submit` as the member's link and the front desk rate
them, two satisfied and one not, so the reports show both. Card sales and deposits are not visits
to rate. Idempotent: a store with evaluations keeps what it has. The first store's orders stay
unrated."""

from __future__ import annotations

from apps.billing.choices import LineType, OrderStatus
from apps.billing.models import Order
from apps.core.audit import SYSTEM_ACTOR
from apps.evaluations.choices import Channel
from apps.evaluations.models import Evaluation
from apps.evaluations.services import evaluation_submit
from apps.org.demo import DemoChain
from apps.org.models import OrgUnit

# (service score, nurse score, comment, channel), given to the store's service visits in turn.
RATINGS = (
    (5, 5, "护理师手法很专业，头皮很舒服", Channel.LINK),
    (4, 5, "环境不错，等待时间有点长", Channel.LINK),
    (3, 2, "护理过程中推销太多", Channel.FRONT_DESK),
    (5, 4, "", Channel.LINK),
    (2, 3, "预约时间没有按时开始", Channel.FRONT_DESK),
)


def seed_demo(chain: DemoChain) -> None:
    if len(chain.stores) > 1:
        _seed_evaluations(chain.stores[1])


def _seed_evaluations(store: OrgUnit) -> None:
    if Evaluation.objects.filter(store=store).exists():
        return
    visits = (
        Order.objects.filter(store=store, status=OrderStatus.PAID, member__isnull=False, lines__type=LineType.PROJECT)
        .distinct()
        .order_by("id")
    )
    for order, (service, nurse, comment, channel) in zip(visits, RATINGS, strict=False):
        evaluation_submit(
            actor=SYSTEM_ACTOR,
            order=order,
            service_score=service,
            nurse_score=nurse,
            comment=comment,
            channel=channel,
        )
