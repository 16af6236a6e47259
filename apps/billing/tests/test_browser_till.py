"""The till in Chromium (issue 13, "Done means"): the principal sells a package card to a member on
/account and takes cash on /payment; the member is then served from that card (a project paid by
sessions) and signs on the pad, the store asking for a signature; another member tops up a
stored-value card and pays a product from it with the rest in cash and change. The ledgers and the
orders are read back from the database."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from apps.billing.models import Order
from apps.cards.coupons import coupon_issue
from apps.cards.models import Card, CardEntry
from apps.cards.tests.factories import CASHIER as CARD_CASHIER
from apps.cards.tests.factories import stored_value_card
from apps.catalog.choices import CardKind
from apps.catalog.tests.factories import (
    CardTypeFactory,
    CouponTemplateFactory,
    ProjectFactory,
    ProjectPackageFactory,
    ProjectPackageLineFactory,
)
from apps.core.ledgers import audit_all
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _choose_member(page, name: str, *, of_another_store: bool = False) -> None:
    """`of_another_store`: a member of another store of the chain, whom the desk confirms."""
    page.get_by_role("button", name="Choose a member").click()
    dialog = page.get_by_role("dialog", name="Find a member")
    dialog.get_by_label("Name").fill(name)
    dialog.get_by_label("Name").press("Enter")
    dialog.get_by_text(name, exact=True).click()
    dialog.get_by_role("button", name="Select").click()
    if of_another_store:
        page.get_by_role("dialog", name="Not a member of this store").get_by_role("button", name="Yes").click()
    expect(dialog).to_be_hidden()
    page.get_by_text("Today's reservations").wait_for()


def _add_item(page, kind: str, name: str) -> None:
    page.get_by_role("button", name="Add an item").click()
    dialog = page.get_by_role("dialog", name="Add an item")
    dialog.get_by_role("tab", name=kind, exact=True).click()
    dialog.get_by_label("Search by name or code").fill(name)
    dialog.get_by_role("button", name=f"Add {name}").click()
    expect(dialog).to_be_hidden()


def _commit(page) -> Order:
    totals = page.get_by_role("group", name="Totals")
    totals.wait_for()
    page.get_by_role("button", name="Commit and take payment").click()
    page.wait_for_url(re.compile(r"/payment\?orderId=\d+"))
    found = re.search(r"orderId=(\d+)", page.url)
    assert found
    order_id = int(found.group(1))
    page.get_by_text(re.compile(r"^Order SO\d{16}$")).wait_for()
    return Order.objects.get(pk=order_id)


def _pay(page, change: str) -> None:
    page.get_by_role("button", name="Pay", exact=True).click()
    dialog = page.get_by_role("dialog", name="Confirm the payment")
    dialog.get_by_role("button", name="Confirm and pay").click()
    answer = page.get_by_role("status").filter(has_text="Paid: paid")
    if change == "¥0.00":
        expect(answer).not_to_contain_text("Change to give")
    else:
        expect(answer).to_contain_text(f"Change to give the customer: {change}")


def test_a_package_card_sold_used_with_a_signature_then_a_top_up_spent_with_change(page, demo, screenshot):
    store = OrgUnit.objects.get(code="S-SH-001")
    package_line = ProjectPackageLineFactory(
        package=ProjectPackageFactory(name="浏览器护理套餐", price=Decimal("980")),
        project=ProjectFactory(name="浏览器头皮护理"),
        sessions=10,
    )
    CardTypeFactory(
        name="浏览器套餐卡",
        kind=CardKind.PACKAGE,
        project_package=package_line.package,
        face_value=0,
        price=Decimal("980"),
    )
    first = MemberFactory(home_store=store, name="浏览器会员甲")
    second = MemberFactory(home_store=store, name="浏览器会员乙")
    stored = stored_value_card(member=second, paid="100.00", face_value="110.00", store=store)
    shampoo = stocked(store, "100", name="浏览器洗发水", price=Decimal("700.00"))

    acknowledge_forced_notices("SY00002")
    enter(page, "2", at="/account")

    # 1. The principal sells the project package, paid in cash: it is banked on the member's package
    # card, of the card type head office made for it (decision 0038).
    _choose_member(page, first.name)
    _add_item(page, "Project package", "浏览器护理套餐")
    sale = _commit(page)
    page.get_by_label("Cash received").fill("1000")
    _pay(page, "¥20.00")
    card = Card.objects.get(member=first)
    assert card.card_type.name == "浏览器套餐卡" and card.sessions.get().left == 10

    # 2. The member is served from the card and signs on the pad (the store asks for it).
    store.signature_required = True
    store.save()
    page.goto("/account")
    _choose_member(page, first.name)
    _add_item(page, "Project", "浏览器头皮护理")
    line = page.get_by_test_id("line-0")
    line.get_by_role("combobox", name="Card").click()
    page.get_by_role("option", name=re.compile(f"Pay by sessions of {card.card_no}")).click()
    visit = _commit(page)
    assert visit.payable == 0
    pad = page.get_by_role("img", name="Signature pad")
    box = pad.bounding_box()
    page.mouse.move(box["x"] + 20, box["y"] + 20)
    page.mouse.down()
    page.mouse.move(box["x"] + 120, box["y"] + 80, steps=8)
    page.mouse.move(box["x"] + 200, box["y"] + 40, steps=8)
    page.mouse.up()
    page.get_by_role("button", name="Save signature").click()
    page.get_by_text("The member has signed.").wait_for()
    screenshot(page, "till-signed.png")
    _pay(page, "¥0.00")
    page.get_by_role("button", name="Print receipt").wait_for()

    # 3. Another member tops up a stored-value card, then pays a product from it and in cash.
    page.goto("/account")
    _choose_member(page, second.name)
    page.get_by_role("button", name="Add an item").click()
    dialog = page.get_by_role("dialog", name="Add an item")
    dialog.get_by_role("tab", name="Top-up").click()
    dialog.get_by_role("combobox", name="Stored-value card").click()
    page.get_by_role("option", name=re.compile(stored.card_no)).click()
    dialog.get_by_label("Top-up amount").fill("500")
    dialog.get_by_role("button", name="Add", exact=True).click()
    top_up = _commit(page)
    page.get_by_label("Cash received").fill("600")
    _pay(page, "¥100.00")

    page.goto("/account")
    _choose_member(page, second.name)
    _add_item(page, "Product", shampoo.name)
    purchase = _commit(page)
    page.get_by_role("combobox", name="Stored-value card").click()
    page.get_by_role("option", name=re.compile(stored.card_no)).click()
    page.get_by_text("Balance ¥660.00", exact=True).wait_for()
    page.get_by_label("Paid from the card").fill("660")
    page.get_by_label("Cash received").fill("50")
    expect(page.get_by_text("Change to give: ¥10.00")).to_be_visible()
    _pay(page, "¥10.00")

    for order in (sale, visit, top_up, purchase):
        order.refresh_from_db()
        assert order.status == "paid", order.order_no
    assert card.sessions.get().left == 9
    assert visit.signature
    assert CardEntry.objects.filter(card=card, order_id=visit.pk, kind="sessionsUsed").count() == 1
    stored.refresh_from_db()
    assert stored.balance == 0
    assert list(CardEntry.objects.filter(card=stored).order_by("id").values_list("kind", flat=True)) == [
        "sale",
        "topUp",
        "spend",
    ]
    assert audit_all() == []


def test_a_member_pays_less_with_a_coupon_ticked_on_the_till(page, demo):
    store = OrgUnit.objects.get(code="S-SH-001")
    member = MemberFactory(home_store=store, name="浏览器会员丙")
    serum = stocked(store, "100", name="浏览器精华", price=Decimal("300.00"))
    template = CouponTemplateFactory(name="浏览器满减券", kind="A", amount=Decimal("50.00"), min_spend=Decimal("200"))
    coupon = coupon_issue(actor=CARD_CASHIER, store=store, member_id=member.pk, template_id=template.pk)[0]

    acknowledge_forced_notices("SY00002")
    enter(page, "2", at="/account")
    _choose_member(page, member.name)
    _add_item(page, "Product", serum.name)
    picker = page.get_by_test_id(f"coupon-{coupon.pk}")
    expect(picker).to_contain_text("Would take off ¥50.00")
    picker.get_by_role("checkbox").check()
    expect(picker).to_contain_text("Takes off ¥50.00")
    expect(page.get_by_role("group", name="Totals")).to_contain_text("¥250.00")
    order = _commit(page)
    assert order.payable == Decimal("250.00")
    page.get_by_label("Cash received").fill("250")
    _pay(page, "¥0.00")

    coupon.refresh_from_db()
    order.refresh_from_db()
    assert coupon.status == "used" and coupon.used_order_id == order.pk
    assert order.status == "paid"
    assert audit_all() == []
