"""Coupons a member holds: issued from a template with its dates, used once by one order, released on
a refund, listed with filters (coupon/couponList)."""

from __future__ import annotations

import datetime as dt
from datetime import timedelta

import pytest
from django.utils import timezone

from apps.cards.choices import AuditAction, CouponStatus
from apps.cards.coupons import coupon_issue, coupon_release, coupon_use, usable_coupons
from apps.cards.errors import CouponNotUsable
from apps.cards.models import MemberCoupon
from apps.cards.tests.factories import CASHIER
from apps.catalog.tests.factories import CouponTemplateFactory
from apps.core.errors import InvalidInput, NotFound
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope
from apps.members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db


def _coupon(store, **template):
    member = MemberFactory(home_store=store)
    return coupon_issue(
        actor=CASHIER, store=store, member_id=member.pk, template_id=CouponTemplateFactory(**template).pk
    )[0]


def test_a_coupon_is_valid_for_the_templates_days_from_its_issue(store):
    today = timezone.localdate()
    coupon = _coupon(store, valid_days=30)
    assert (coupon.valid_from, coupon.valid_to) == (today, today + timedelta(days=30))
    assert coupon.code == f"Q{coupon.pk:09d}" and coupon.status == CouponStatus.AVAILABLE
    fixed = _coupon(store, valid_days=None, valid_from=today, valid_to=today + timedelta(days=3))
    assert (fixed.valid_from, fixed.valid_to) == (today, today + timedelta(days=3))
    assert SystemLog.objects.filter(action=AuditAction.COUPON_ISSUED).count() == 2


def test_a_template_that_is_off_or_past_gives_no_coupon(store):
    member = MemberFactory(home_store=store)
    past = CouponTemplateFactory(valid_days=None, valid_from=dt.date(2020, 1, 1), valid_to=dt.date(2020, 2, 1))
    off = CouponTemplateFactory(enabled=False)
    for template in (past, off):
        with pytest.raises(InvalidInput):
            coupon_issue(actor=CASHIER, store=store, member_id=member.pk, template_id=template.pk)
    with pytest.raises(NotFound):
        coupon_issue(actor=CASHIER, store=store, member_id=999999, template_id=CouponTemplateFactory().pk)
    assert not MemberCoupon.objects.exists()


def test_a_coupon_is_used_once_and_released_by_its_order_only(store):
    coupon = _coupon(store)
    assert list(usable_coupons(member_id=coupon.member_id)) == [coupon]
    coupon_use(actor=CASHIER, coupon_id=coupon.pk, member_id=coupon.member_id, order_id=11)
    assert not usable_coupons(member_id=coupon.member_id).exists()
    with pytest.raises(CouponNotUsable):
        coupon_use(actor=CASHIER, coupon_id=coupon.pk, member_id=coupon.member_id, order_id=12)
    with pytest.raises(CouponNotUsable):
        coupon_release(actor=CASHIER, coupon_id=coupon.pk, order_id=12)
    released = coupon_release(actor=CASHIER, coupon_id=coupon.pk, order_id=11)
    assert released.status == CouponStatus.AVAILABLE and released.used_order_id is None
    coupon_use(actor=CASHIER, coupon_id=coupon.pk, member_id=coupon.member_id, order_id=12)


def test_an_expired_or_not_yet_valid_coupon_or_another_members_cannot_be_used(store):
    coupon = _coupon(store, valid_days=5)
    later = timezone.localdate() + timedelta(days=6)
    with pytest.raises(CouponNotUsable):
        coupon_use(actor=CASHIER, coupon_id=coupon.pk, member_id=coupon.member_id, order_id=1, today=later)
    earlier = timezone.localdate() - timedelta(days=1)
    with pytest.raises(CouponNotUsable):
        coupon_use(actor=CASHIER, coupon_id=coupon.pk, member_id=coupon.member_id, order_id=1, today=earlier)
    with pytest.raises(NotFound):
        coupon_use(actor=CASHIER, coupon_id=coupon.pk, member_id=MemberFactory().pk, order_id=1)
    assert coupon.shown_status(later) == CouponStatus.EXPIRED


def test_the_coupon_list_filters_by_status_and_kind(client, store):
    member = MemberFactory(home_store=store)
    cash, discount = CouponTemplateFactory(), CouponTemplateFactory(kind="B", amount=None, rate="0.85")
    used, available = coupon_issue(actor=CASHIER, store=store, member_id=member.pk, template_id=cash.pk, count=2)
    coupon_use(actor=CASHIER, coupon_id=used.pk, member_id=member.pk, order_id=5)
    expired = coupon_issue(actor=CASHIER, store=store, member_id=member.pk, template_id=discount.pk)[0]
    MemberCoupon.objects.filter(pk=expired.pk).update(
        valid_from=timezone.localdate() - timedelta(days=10), valid_to=timezone.localdate() - timedelta(days=1)
    )

    def listed(**params):
        page = assert_envelope(client.get("/rest/coupon/couponList", {"memId": member.pk, **params}), status=200)
        return [(row["couponId"], row["status"]) for row in page["list"]]

    assert listed() == [(expired.pk, "expired"), (available.pk, "available"), (used.pk, "used")]
    assert listed(status="available") == [(available.pk, "available")]
    assert listed(status="expired") == [(expired.pk, "expired")]
    assert listed(status="used") == [(used.pk, "used")]
    assert listed(kind="B") == [(expired.pk, "expired")]
    page = assert_envelope(client.get("/rest/coupon/couponList", {"memId": member.pk}), status=200)
    row = page["list"][0]
    assert (row["rate"], row["amount"], row["storeName"]) == ("0.85", None, "Store A")
    assert page["list"][2]["usedOrderId"] == 5
    assert_envelope(client.get("/rest/coupon/couponList"), status=400, errcode="VALID-40000")


def test_the_desk_gives_a_member_coupons_with_the_button_code(client, cashier_client, other_client, store):
    member = MemberFactory(home_store=store)
    template = CouponTemplateFactory()
    body = {"memId": member.pk, "templateId": template.pk, "count": 2}
    assert_envelope(cashier_client.post("/rest/coupon/issue", body, format="json"), status=403, errcode="AUTH-40300")
    issued = assert_envelope(
        client.post("/rest/coupon/issue", body, format="json", HTTP_IDEMPOTENCY_KEY="c-1"), status=201
    )
    assert len(issued) == 2 and {row["status"] for row in issued} == {"available"}
    client.post("/rest/coupon/issue", body, format="json", HTTP_IDEMPOTENCY_KEY="c-1")
    assert MemberCoupon.objects.count() == 2
    # A member of the chain is served at any of its stores.
    assert_envelope(other_client.post("/rest/coupon/issue", {**body, "count": 1}, format="json"), status=201)
    assert_envelope(
        client.post("/rest/coupon/issue", {**body, "count": 21}, format="json"), status=400, errcode="VALID-40000"
    )
    assert_envelope(
        client.post("/rest/coupon/issue", {**body, "memId": 999999}, format="json"), status=404, errcode="SYS-40400"
    )


def test_the_coupon_list_makes_as_many_queries_for_fifty_coupons_as_for_one(client, store):
    from apps.core.testing import assert_list_queries_constant

    member = MemberFactory(home_store=store)
    template = CouponTemplateFactory()

    def add(n):
        coupon_issue(actor=CASHIER, store=store, member_id=member.pk, template_id=template.pk, count=n)

    assert_list_queries_constant(
        client,
        "/rest/coupon/couponList",
        lambda n: [add(min(20, n - done)) for done in range(0, n, 20)],
        params={"memId": member.pk, "pageSize": 50},
    )
