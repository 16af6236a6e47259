"""The settlement in Chromium on the demo chain (issue 30, "done means"): a card sold at 青丝养护静安店
pays a project at 青丝养护徐汇店 at the till; the next day the owner (of both stores) sees, at each
store, the statement saying 静安 owes 徐汇 the served share, confirms it at each, and the month's
matrix shows it; the following week the use is refunded at 徐汇's till and that week's statement
reverses it. The clock moves with time-machine (the live server runs in this process); the pages
are opened on their day (`?date=`), the browser's own clock being today's."""

from __future__ import annotations

import re
from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import expect

from apps.billing.models import Order
from apps.billing.tests.test_browser_till import _add_item, _choose_member, _commit, _pay
from apps.cards.tests.factories import stored_value_card
from apps.catalog.tests.factories import ProjectFactory
from apps.core.business_days import business_day
from apps.core.ledgers import audit_all
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit
from apps.settlement.models import Statement
from apps.settlement.tests.factories import statements_of_yesterday

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
JINGAN, XUHUI = "青丝养护静安店", "青丝养护徐汇店"


def _page_left(page) -> None:
    """Nothing of the page asks the server while the clock moves: its tokens belong to their day."""
    page.goto("about:blank")


def _statement_confirmed(page, store: str, day: str, statement: Statement, status: str) -> None:
    enter(page, "1", row=store, at=f"/settlementStatements?date={day}")
    row = page.get_by_test_id(f"statement-row-{statement.pk}")
    expect(row).to_contain_text(f"{JINGAN} → {XUHUI}")
    expect(row).to_contain_text("¥240.00")
    row.get_by_role("button").first.click()
    dialog = page.get_by_test_id("statement-dialog")
    expect(dialog.get_by_test_id("statement-entries")).to_contain_text(
        "stored value spent on services in another store"
    )
    dialog.get_by_test_id("statement-confirm").click()
    confirm = page.get_by_role("dialog", name="Confirm the statement?")
    expect(confirm).to_contain_text(f"Confirm that {JINGAN} owes {XUHUI} ¥240.00?")
    confirm.get_by_role("button", name="Yes").click()
    expect(dialog.get_by_test_id("statement-status")).to_contain_text(status)


def test_a_card_of_one_store_pays_a_project_at_another_and_the_stores_settle_it(page, demo, live_server, screenshot):
    jingan, xuhui = OrgUnit.objects.get(name=JINGAN), OrgUnit.objects.get(name=XUHUI)
    member = MemberFactory.create(home_store=jingan, name="结算会员")
    card = stored_value_card(member=member, paid="1000.00", store=jingan)
    ProjectFactory(name="结算头皮护理", price=Decimal("300.00"))
    acknowledge_forced_notices("SY00001")
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    start = timezone.now()

    # 1. At 徐汇's till, the member's card (sold at 静安) pays the whole project.
    enter(page, "1", row=XUHUI, at="/account")
    _choose_member(page, member.name, of_another_store=True)
    _add_item(page, "Project", "结算头皮护理")
    order = _commit(page)
    page.get_by_role("combobox", name="Stored-value card").click()
    page.get_by_role("option", name=re.compile(card.card_no)).click()
    page.get_by_label("Paid from the card").fill("300")
    _pay(page, "¥0.00")
    day = business_day().isoformat()
    _page_left(page)

    # 2. The next day: the night's statements; the owner confirms at each store and it locks.
    with time_machine.travel(start + timedelta(days=1), tick=True):
        statements_of_yesterday()
        statement = Statement.objects.get()
        assert (statement.from_store_id, statement.to_store_id, statement.amount) == (
            jingan.pk,
            xuhui.pk,
            Decimal("240.00"),
        )
        _statement_confirmed(page, JINGAN, day, statement, "confirmed by one store")
        _statement_confirmed(page, XUHUI, day, statement, "locked")
        screenshot(page, "settlement-statement.png")
        page.goto(f"/settlementMatrix?month={day[:7]}")
        expect(page.get_by_test_id(f"matrix-cell-{jingan.pk}-{xuhui.pk}")).to_contain_text("¥240.00")
        screenshot(page, "settlement-matrix.png")
        _page_left(page)

    # 3. The following week 徐汇 refunds the project; that week's statement reverses the use.
    with time_machine.travel(start + timedelta(days=8), tick=True):
        refund_day = business_day().isoformat()
        enter(page, "1", row=XUHUI, at=f"/orderDetails?orderId={order.pk}")
        page.get_by_role("button", name="Refund").click()
        page.wait_for_url(re.compile(rf"/returnList\?orderId={order.pk}$"))
        page.get_by_role("checkbox", name="Return 结算头皮护理").check()
        page.get_by_role("textbox", name="Reason").fill("not satisfied")
        page.get_by_role("button", name="Refund", exact=True).click()
        page.get_by_role("dialog", name="Refund this money?").get_by_role("button", name="Refund now").click()
        page.wait_for_url(re.compile(r"/refundDetail\?recedeId=\d+$"))
        page.get_by_role("table", name="Refunded lines").wait_for()
        _page_left(page)
    with time_machine.travel(start + timedelta(days=9), tick=True):
        statements_of_yesterday()
        reversal = Statement.objects.exclude(pk=statement.pk).get()
        enter(page, "1", row=JINGAN, at=f"/settlementStatements?date={refund_day}")
        row = page.get_by_test_id(f"statement-row-{reversal.pk}")
        expect(row).to_contain_text(f"{XUHUI} → {JINGAN}")
        expect(row).to_contain_text("¥240.00")
        row.get_by_role("button").first.click()
        entries = page.get_by_test_id("statement-entries")
        expect(entries).to_contain_text(Order.objects.get(pk=order.pk).order_no)
        _page_left(page)
    statement.refresh_from_db()
    assert (statement.status, statement.amount) == ("locked", Decimal("240.00"))
    assert audit_all() == []
