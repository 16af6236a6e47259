"""Issue 28's store day in Chromium ("Done means"): the principal sells a project package at the till
with one session served now and takes cash with change; the member comes back and is served from the
card the sale issued; at the day's end /dailyKnots lists the order still unpaid, refuses to close until
it is carried over with its reason, then closes the day."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from apps.billing.models import DailyClosing
from apps.billing.tests.checkout_factories import order_of, product
from apps.billing.tests.daily_browser import carried_over_when_refused
from apps.billing.tests.factories import cash_in_till
from apps.billing.tests.test_browser_till import _add_item, _choose_member, _commit, _pay
from apps.cards.models import Card, CardEntry
from apps.catalog.tests.factories import ProjectFactory, ProjectPackageFactory, ProjectPackageLineFactory
from apps.core.ledgers import audit_all
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _package_sold_with_a_session_served_now(page, member_name: str) -> None:
    _choose_member(page, member_name)
    _add_item(page, "Project package", "日终护理套餐")
    page.get_by_test_id("line-0").get_by_label("Served now").click()
    page.get_by_role("option", name="One session of 日终头皮护理").click()
    expect(page.get_by_test_id("line-1")).to_contain_text("日终头皮护理")
    sale = _commit(page)
    assert sale.payable == Decimal("980.00")
    page.get_by_label("Cash received").fill("1000")
    _pay(page, "¥20.00")


def _served_later_from_the_card(page, member_name: str, card: Card) -> None:
    page.goto("/account")
    _choose_member(page, member_name)
    _add_item(page, "Project", "日终头皮护理")
    page.get_by_test_id("line-0").get_by_role("combobox", name="Card").click()
    page.get_by_role("option", name=re.compile(f"Pay by sessions of {card.card_no}")).click()
    visit = _commit(page)
    assert visit.payable == 0
    _pay(page, "¥0.00")


def _closed_once_the_open_order_is_carried_over(page, open_order_no: str, counted: Decimal) -> None:
    page.goto("/dailyKnots")
    expect(page.get_by_role("heading", name="Daily closing", exact=True)).to_be_visible()
    still_open = page.get_by_role("table", name="Still open")
    expect(still_open.get_by_role("link", name=re.compile(open_order_no))).to_be_visible()
    page.get_by_label("Cash counted").fill(f"{counted}")
    page.get_by_role("button", name="Close the day").click()
    dialog = carried_over_when_refused(page, "the customer pays tomorrow")
    dialog.get_by_role("button", name="Yes").click()
    expect(page.get_by_text("This day is closed.")).to_be_visible()
    expect(page.get_by_role("table", name="Carried over")).to_contain_text(open_order_no)


def test_a_package_sold_with_a_session_served_then_used_and_the_day_closed_with_an_open_order(page, demo, screenshot):
    store = OrgUnit.objects.get(code="S-SH-001")
    package = ProjectPackageFactory(name="日终护理套餐", price=Decimal("980"))
    ProjectPackageLineFactory(package=package, project=ProjectFactory(name="日终头皮护理"), sessions=10)
    member = MemberFactory(home_store=store, name="日终会员")
    unpaid = order_of(store=store, lines=[product("30.00")])

    acknowledge_forced_notices("SY00002")
    enter(page, "2", at="/account")

    _package_sold_with_a_session_served_now(page, member.name)
    card = Card.objects.get(member=member)
    assert card.sessions.get().left == 9  # ten banked, one served on the sale's order

    _served_later_from_the_card(page, member.name, card)
    assert card.sessions.get().left == 8
    assert CardEntry.objects.filter(card=card, kind="sessionsUsed").count() == 2

    held = cash_in_till(store)
    _closed_once_the_open_order_is_carried_over(page, unpaid.order_no, held)
    screenshot(page, "store-day-closed.png")
    closing = DailyClosing.objects.get(store=store)
    assert closing.difference == 0
    assert str(unpaid.pk) in {row["ref"] for row in closing.carried_over if row["kind"] == "order"}
    assert audit_all() == []
