"""Points exchange in Chromium (issue 13 §2, §3): the principal takes a product for a member's points
on /accountPoints, pays it by points on /paymentPoints after a confirmation, and /orderPointsDetails
shows the points tender and the ledger entry, as the database has them."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from apps.billing.models import Order, Tender
from apps.cards.tests.factories import CASHIER
from apps.inventory.tests.factories import stocked
from apps.members.choices import PointsKind
from apps.members.models import PointsEntry
from apps.members.services import points_adjust
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_member_takes_a_product_for_points(page, demo):
    store = OrgUnit.objects.get(code="S-SH-001")
    member = MemberFactory.create(home_store=store, name="积分会员甲", phone="13911114444")
    points_adjust(actor=CASHIER, member=member, store=store, change=5000, reason="demo")
    stocked(store, "100", name="积分兑换洗发水", price=Decimal("10.00"))
    acknowledge_forced_notices("SY00002")
    enter(page, "2", at="/accountPoints")
    page.get_by_role("button", name="Choose the member").click()
    dialog = page.get_by_role("dialog", name="Find a member")
    dialog.get_by_label("Name").fill(member.name)
    dialog.get_by_role("button", name="Search").click()
    dialog.get_by_role("cell", name=member.name, exact=True).click()
    dialog.get_by_role("button", name="Select").click()
    page.get_by_label("Search items").fill("积分兑换")
    page.get_by_role("button", name="积分兑换洗发水 (¥10.00)").click()
    page.get_by_text("1000 points", exact=True).wait_for()
    page.get_by_text("5000 points", exact=True).wait_for()
    page.get_by_role("button", name="Commit the order").click()
    page.get_by_role("dialog", name="Commit the points order?").get_by_role("button", name="Yes").click()
    page.wait_for_url(re.compile(r"/paymentPoints\?orderId=\d+"))

    order = Order.objects.get(member=member)
    assert order.status == "unpaid" and order.payable == Decimal("10.00")
    page.get_by_role("button", name="Pay by points").click()
    confirm = page.get_by_role("dialog", name="Pay by points?")
    assert "4000 points are left" in confirm.inner_text()
    confirm.get_by_role("button", name="Yes").click()
    page.wait_for_url(re.compile(rf"/orderPointsDetails\?orderId={order.pk}$"))
    page.get_by_role("table", name="Points ledger").get_by_text("-1000").wait_for()

    order.refresh_from_db()
    member.refresh_from_db()
    assert order.status == "paid" and member.points == 4000
    assert Tender.objects.get(order=order).method == "points"
    spent = PointsEntry.objects.get(member=member, kind=PointsKind.SPEND)
    assert (spent.change, spent.balance_after, spent.order_id) == (-1000, 4000, order.pk)
