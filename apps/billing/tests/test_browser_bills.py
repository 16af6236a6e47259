"""The bills pages in Chromium (issue 13 §3), in the Chinese UI: the principal finds the month's
orders of a member on /billingList, exports them (an .xlsx with the Chinese headers), opens an
order's details with its lines, tenders and the package sessions it drew, then the member's
account, where the cards tab's ledger shows the entries of that order."""

from __future__ import annotations

import calendar
import re
from decimal import Decimal
from io import BytesIO
from urllib.parse import urlparse

import pytest
from django.utils import timezone
from openpyxl import load_workbook
from playwright.sync_api import expect

from apps.billing.models import Order
from apps.billing.orders.signatures import order_signature_save
from apps.billing.tests.checkout_factories import png
from apps.billing.tests.factories import CASHIER, committed_order, line
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.tests.factories import package_card, stored_value_card
from apps.inventory.tests.factories import stocked
from apps.members.models import Member
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter, fill_picker
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _paid_orders(store: OrgUnit):
    """A member with a stored-value card and a package card, and two orders committed and paid
    through the services: a product from stored value, and a project from the package's sessions
    beside a product paid in cash (signed by the member)."""
    member: Member = MemberFactory.create(home_store=store, name="账单会员", phone="13966668888")
    stored = stored_value_card(member=member, paid="1000.00", store=store)
    package = package_card(member=member, sessions=5, store=store)
    serum = stocked(store, "100", name="精华液", price=Decimal("300.00"))
    first = committed_order(store=store, member=member, lines=[line("product", serum)])
    order_pay(actor=CASHIER, order_id=first.pk, tenders=[TenderAsked("storedValue", first.payable, card_id=stored.pk)])
    project = package.sessions.get().project
    mask = stocked(store, "100", name="面膜", price=Decimal("50.00"))
    second = committed_order(
        store=store, member=member, lines=[line("project", project, card=package), line("product", mask)]
    )
    order_signature_save(actor=CASHIER, order_id=second.pk, png=png())
    order_pay(actor=CASHIER, order_id=second.pk, tenders=[TenderAsked("cash", Decimal("100.00"))])
    first.refresh_from_db()
    second.refresh_from_db()
    return member, stored, package, project, first, second


def test_the_principal_finds_exports_and_opens_a_months_orders(page, demo, live_server, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    store = OrgUnit.objects.get(code="S-SH-001")
    member, stored, package, project, first, second = _paid_orders(store)
    # The month's paid orders: these two and the demo's card sales (apps.billing.demo).
    paid = list(Order.objects.filter(store=store, status="paid"))
    assert len(paid) > 2
    acknowledge_forced_notices("SY00002")
    page.context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": live_server.url}])
    enter(page, "2", at="/billingList")

    today = timezone.localdate()
    last_day = calendar.monthrange(today.year, today.month)[1]
    fill_picker(page, "开单日期起", today.replace(day=1).isoformat())
    fill_picker(page, "开单日期止", today.replace(day=last_day).isoformat())
    page.get_by_role("combobox", name="状态").click()
    page.get_by_role("option", name="已支付").click()
    page.get_by_role("button", name="查询").click()
    page.get_by_test_id(f"order-row-{first.pk}").wait_for()
    page.get_by_test_id(f"order-row-{second.pk}").wait_for()
    expect(page.get_by_role("region", name="筛选订单合计")).to_contain_text(
        f"¥{sum(order.payable for order in paid):,.2f}"
    )

    with page.expect_download() as download:
        page.get_by_test_id("orders-export").click()
    assert download.value.suggested_filename.endswith(".xlsx")
    sheet = load_workbook(BytesIO(download.value.path().read_bytes())).active
    rows = list(sheet.values)
    assert rows[0][:5] == ("订单号", "开单时间", "顾客", "手机号", "状态")
    assert sorted(row[0] for row in rows[1:]) == sorted(order.order_no for order in paid)
    assert {row[8] for row in rows[1:]} == {float(order.payable) for order in paid}

    page.get_by_role("link", name=second.order_no).click()
    page.wait_for_url(re.compile(rf"/orderDetails\?orderId={second.pk}$"))
    expect(page.get_by_role("table", name="订单明细")).to_contain_text("面膜")
    expect(page.get_by_role("table", name="订单明细")).to_contain_text(project.name)
    expect(page.get_by_role("table", name="支付方式")).to_contain_text("¥100.00")
    expect(page.get_by_role("table", name="划卡记录")).to_contain_text(package.card_no)
    expect(page.get_by_role("img", name="会员签字")).to_be_visible()

    page.get_by_role("link", name="账单会员").click()
    page.wait_for_url(re.compile(r"/personalAccount\?memId="))
    assert urlparse(page.url).query == f"memId={member.pk}"
    page.get_by_role("tab", name="会员卡").click()
    page.get_by_test_id(f"card-row-{stored.pk}").get_by_role("button", name="流水").click()
    ledger = page.get_by_role("dialog")
    link = ledger.get_by_role("link", name=str(first.pk))
    expect(link).to_have_attribute("href", f"/orderDetails?orderId={first.pk}")
    expect(ledger).to_contain_text(f"-¥{first.payable:,.2f}")
    ledger.get_by_role("button", name="关闭").click()
    page.get_by_test_id(f"card-row-{package.pk}").get_by_role("button", name="流水").click()
    ledger = page.get_by_role("dialog")
    ledger.get_by_role("tab", name="划卡记录").click()
    expect(ledger.get_by_role("link", name=str(second.pk))).to_have_attribute(
        "href", f"/orderDetails?orderId={second.pk}"
    )
