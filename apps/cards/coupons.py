"""Coupons a member holds (issue 13 §1, `coupon/couponList`): issued from a catalogue coupon template
at the desk or with a sale, used once by an order, released again when that order is refunded or
cancelled.

For the pricing engine and the till (billing): `usable_coupons(member_id=...)` lists what a member
can use today; `coupon_use(...)` marks one used by an order inside the order's transaction, under
the coupon's row lock, so one coupon never pays two orders; `coupon_release(...)` gives it back."""

from __future__ import annotations

from datetime import date, timedelta

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.cards.choices import CARD_NO_DIGITS, COUPON_NO_PREFIX, AuditAction, CouponStatus
from apps.cards.errors import CouponNotUsable
from apps.cards.models import MemberCoupon
from apps.catalog.models import CouponTemplate
from apps.core.audit import Actor, audit_record
from apps.core.bounds import COUPONS
from apps.core.business_days import check_day_open
from apps.core.errors import InvalidInput, NotFound
from apps.members.choices import MemberStatus
from apps.members.models import Member
from apps.org.models import OrgUnit

ISSUE_MAX = int(COUPONS.high)  # coupons of one template given to a member in one go


def coupon_dates(template: CouponTemplate, today: date) -> tuple[date, date]:
    """A coupon's validity, fixed when it is issued: the template's own dates, or from `today` for
    the template's `valid_days` (like a card's validity days)."""
    if template.valid_days is not None:
        return today, today + timedelta(days=template.valid_days)
    assert template.valid_from is not None and template.valid_to is not None  # a database constraint
    return template.valid_from, template.valid_to


def coupon_issue(
    *,
    actor: Actor,
    store: OrgUnit,
    member_id: int,
    template_id: int,
    count: int = 1,
    today: date | None = None,
) -> list[MemberCoupon]:
    """Gives a member `count` coupons of an enabled template whose dates have not passed."""
    today = today or timezone.localdate()
    if not 1 <= count <= ISSUE_MAX:
        raise InvalidInput(_("give 1 to %(most)s coupons at a time") % {"most": ISSUE_MAX}, field="count")
    if not Member.objects.filter(pk=member_id, status=MemberStatus.ACTIVE).exists():
        raise NotFound(_("no such member"))
    template = CouponTemplate.objects.filter(pk=template_id, enabled=True).first()
    if template is None:
        raise InvalidInput(_("choose an enabled coupon template"), field="templateId")
    valid_from, valid_to = coupon_dates(template, today)
    if valid_to < today:
        raise InvalidInput(_("this coupon template's dates have passed"), field="templateId")
    with transaction.atomic():
        coupons = []
        for _n in range(count):
            coupon = MemberCoupon.objects.create(
                template=template,
                member_id=member_id,
                valid_from=valid_from,
                valid_to=valid_to,
                store=store,
                operator_id=actor.user_id,
                operator_name=actor.login_name[:40],
            )
            coupon.code = f"{COUPON_NO_PREFIX}{coupon.pk:0{CARD_NO_DIGITS}d}"
            coupon.save(update_fields=["code"])
            coupons.append(coupon)
        audit_record(
            actor=actor,
            action=AuditAction.COUPON_ISSUED,
            target=coupons[0],
            detail={"memberId": member_id, "templateId": template.pk, "codes": [c.code for c in coupons]},
        )
    return coupons


def usable_coupons(*, member_id: int, today: date | None = None) -> QuerySet[MemberCoupon]:
    """The member's coupons that an order could use today, with their templates (the pricing
    engine reads the template's kind, amount, rate, cap, project and minimum spend)."""
    today = today or timezone.localdate()
    return (
        MemberCoupon.objects.filter(
            member_id=member_id, status=CouponStatus.AVAILABLE, valid_from__lte=today, valid_to__gte=today
        )
        .select_related("template")
        .order_by("valid_to", "id")
    )


def coupon_use(
    *, actor: Actor, coupon_id: int, member_id: int, order_id: int, today: date | None = None
) -> MemberCoupon:
    """Marks a coupon of the member used by `order_id`, under its row lock: a coupon that is used,
    void, expired or not yet valid answers 409 CARD-40904, so two orders never share one. Call it
    in the order's transaction. Refused (409 DAY-40901) in a closed day of the acting store."""
    today = today or timezone.localdate()
    with transaction.atomic():
        check_day_open(store_id=actor.store_id, day=today)
        coupon = MemberCoupon.objects.select_for_update().filter(pk=coupon_id, member_id=member_id).first()
        if coupon is None:
            raise NotFound(_("no such coupon"))
        if coupon.status != CouponStatus.AVAILABLE or not coupon.valid_from <= today <= coupon.valid_to:
            raise CouponNotUsable()
        coupon.status = CouponStatus.USED
        coupon.used_order_id = order_id
        coupon.used_at = timezone.now()
        coupon.save(update_fields=["status", "used_order_id", "used_at"])
        audit_record(actor=actor, action=AuditAction.COUPON_USED, target=coupon, detail={"orderId": order_id})
    return coupon


def coupon_release(*, actor: Actor, coupon_id: int, order_id: int) -> MemberCoupon:
    """Gives back a coupon `order_id` used (the order was refunded or cancelled). A coupon past its
    date comes back expired; one used by another order is not touched (409 CARD-40904)."""
    with transaction.atomic():
        coupon = MemberCoupon.objects.select_for_update().filter(pk=coupon_id).first()
        if coupon is None:
            raise NotFound(_("no such coupon"))
        if coupon.status != CouponStatus.USED or coupon.used_order_id != order_id:
            raise CouponNotUsable(_("the coupon was not used by this order"))
        coupon.status = CouponStatus.AVAILABLE
        coupon.used_order_id = None
        coupon.used_at = None
        coupon.save(update_fields=["status", "used_order_id", "used_at"])
        audit_record(actor=actor, action=AuditAction.COUPON_RELEASED, target=coupon, detail={"orderId": order_id})
    return coupon
