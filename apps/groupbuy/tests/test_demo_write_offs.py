"""The demo's group-buy coupons (issue 28): in the second store, one served at the deal's price with
its nurse credited and its reservation billed, one written off and waiting to be served; the ledger
audits clean, and seeding again adds nothing."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.management import call_command

from apps.billing.models import Order, StaffCredit
from apps.booking.choices import ReservationStatus
from apps.booking.models import Reservation
from apps.core.ledgers import audit_all
from apps.groupbuy.models import WriteOff
from apps.org.models import OrgUnit


@pytest.mark.django_db(transaction=True)
def test_the_demo_serves_a_coupon_at_the_deal_price_and_leaves_one_to_serve(demo):
    store = OrgUnit.objects.get(code="S-SH-002")
    served, waiting = WriteOff.objects.filter(store=store).order_by("code")
    order = Order.objects.get(pk=served.order_id)
    line = order.lines.get()
    assert (line.unit_price, order.payable, order.status) == (Decimal("99.00"), Decimal("99.00"), "paid")
    assert (served.settlement, served.commission) == (Decimal("91.08"), Decimal("7.92"))
    assert StaffCredit.objects.filter(line=line, kind="service").values_list("amount", flat=True).get() == Decimal(
        "99.00"
    )
    billed = Reservation.objects.get(pk=order.reservation_id)
    assert (billed.status, billed.billed_order_no, billed.member_id) == (
        ReservationStatus.DONE,
        order.order_no,
        served.member_id,
    )
    assert (waiting.status, waiting.order_id) == ("done", None)
    open_one = Reservation.objects.get(store=store, member_id=waiting.member_id)
    assert (open_one.status, open_one.billed_order_no) == (ReservationStatus.BOOKED, "")
    assert audit_all() == []
    call_command("seed_demo", verbosity=0)
    assert WriteOff.objects.filter(store=store).count() == 2 and Order.objects.filter(pk=order.pk).count() == 1
