"""A refund in Chromium (issue 14 §2): an order paid with stored value and cash; from its details
the principal opens the return, refunds one line with a reason after the confirmation, and sees the
refund's detail (money back to the card and out of the till) and the card's balance back."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from apps.billing.models import Refund
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.models import Card
from apps.cards.tests.factories import stored_value_card
from apps.core.ledgers import audit_all
from apps.inventory.models import StockBalance
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_principal_refunds_one_line_back_to_the_card_and_the_till(page, demo, live_server):
    store = OrgUnit.objects.get(code="S-SH-001")
    member = MemberFactory.create(home_store=store, name="退款会员", phone="13966667777")
    card = stored_value_card(member=member, paid="1000.00", store=store)
    serum = stocked(store, "100", name="精华液", price=Decimal("300.00"))
    mask = stocked(store, "100", name="面膜", price=Decimal("50.00"))
    order = committed_order(store=store, member=member, lines=[line("product", serum), line("product", mask)])
    assert order.payable == Decimal("350.00")
    order_pay(
        actor=CASHIER,
        order_id=order.pk,
        tenders=[
            TenderAsked("storedValue", Decimal("200.00"), card_id=card.pk),
            TenderAsked("cash", Decimal("150.00")),
        ],
    )
    acknowledge_forced_notices("SY00002")
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    enter(page, "2", at=f"/orderDetails?orderId={order.pk}")

    page.get_by_role("button", name="Refund").click()
    page.wait_for_url(re.compile(rf"/returnList\?orderId={order.pk}$"))
    page.get_by_role("checkbox", name="Return 精华液").check()
    # Goods come back by units, all of them on the shelf unless the cashier says they are damaged.
    expect(page.get_by_label("精华液: Units back")).to_have_value("1")
    expect(page.get_by_label("精华液: Amount")).to_have_value("")
    expect(page.get_by_role("radio", name="Back on the shelf")).to_be_checked()
    page.get_by_role("textbox", name="Reason").fill("allergic to it")
    page.get_by_role("button", name="Refund", exact=True).click()
    dialog = page.get_by_role("dialog", name="Refund this money?")
    expect(dialog).to_contain_text("¥300.00")
    expect(dialog.get_by_test_id("goods-back-summary")).to_have_text("精华液 × 1: back on the shelf")
    # The server's quote of this very refund, before it is made: the same split as below.
    quoted = dialog.get_by_role("table", name="What goes back")
    expect(quoted).to_contain_text(card.card_no)
    expect(quoted).to_contain_text("¥171.43")
    expect(quoted).to_contain_text("¥128.57")
    assert not Refund.objects.filter(order=order).exists()
    dialog.get_by_role("button", name="Refund now").click()

    page.wait_for_url(re.compile(r"/refundDetail\?recedeId=\d+$"))
    refund = Refund.objects.get(order=order)
    back = page.get_by_role("table", name="Money back")
    # 300 of 350 goes back over 200 stored value and 150 cash in proportion: 171.43 and 128.57.
    expect(back).to_contain_text(card.card_no)
    expect(back).to_contain_text("¥171.43")
    expect(back).to_contain_text("-¥128.57")
    expect(page.get_by_role("table", name="Refunded lines")).to_contain_text("精华液")
    expect(page.get_by_role("table", name="Refunded lines")).to_contain_text("back on the shelf")
    assert StockBalance.objects.get(store=store, product=serum).quantity == Decimal("100")
    expect(page.get_by_text("allergic to it")).to_be_visible()

    page.goto(f"/personalAccount?memId={member.pk}")
    page.get_by_role("tab", name="Cards").click()
    expect(page.get_by_test_id(f"card-row-{card.pk}")).to_contain_text("971.43")
    assert Card.objects.get(pk=card.pk).balance == Decimal("971.43")
    assert refund.amount == Decimal("300.00")
    assert audit_all() == []
