"""Group-buy write-off in Chromium (issue 16, "Done means"), against the fake Meituan started by a
fixture and the demo chain: the principal opens the dialog from the top bar, a Meituan code is
pre-checked (its mapped project offered), the project chosen and the code written off; the record is
listed "written off, not served"; serving it with the nurse the desk chooses makes its order at the
deal's price, paid by the coupon, the nurse credited, and the record is "served". A used code is
refused with the platform's message in red under the selection."""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from apps.billing.choices import OrderStatus, TenderMethod
from apps.billing.models import Order, StaffCredit
from apps.core.ledgers import audit_all
from apps.groupbuy.models import WriteOff
from apps.messaging.tests.browser import acknowledge_forced_notices, enter

from .helpers import USED, new_code

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _open_dialog(page):
    page.get_by_test_id("groupbuy-entry").click()
    dialog = page.get_by_test_id("groupbuy-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("radio", name="美团").click()
    return dialog


def test_a_meituan_code_is_pre_checked_written_off_and_later_served(page, demo, platform_accounts, screenshot):
    acknowledge_forced_notices("SY00002")
    enter(page, "2")
    dialog = _open_dialog(page)

    code = new_code(deal="1")  # the deal 100001, mapped to 头皮深层清洁 for every store (apps.groupbuy.demo)
    dialog.get_by_test_id("groupbuy-code").fill(code)
    expect(dialog.get_by_test_id("groupbuy-deal")).to_contain_text("头皮深层清洁护理")  # the pre-check's answer
    dialog.get_by_test_id("groupbuy-projects").get_by_role("button", name="头皮深层清洁").click()
    dialog.get_by_test_id("groupbuy-phone").fill("13700001234")
    dialog.get_by_test_id("groupbuy-submit").click()
    expect(dialog.get_by_test_id("groupbuy-outcome")).to_contain_text(code)

    record = WriteOff.objects.get(code=code)
    assert record.status == "done" and record.order_id is None and record.commodity_name == "头皮深层清洁"
    status = dialog.get_by_test_id(f"groupbuy-status-{record.pk}")
    expect(status).to_have_text("written off, not served")
    screenshot(page, "groupbuy-write-off.png")

    dialog.get_by_test_id(f"groupbuy-serve-{record.pk}").click()
    serve = page.get_by_role("dialog", name="Serve the member")
    expect(serve.get_by_test_id("serve-price")).to_contain_text("the deal's price, ¥99.00")
    serve.get_by_role("combobox", name="Add staff").click()
    page.get_by_role("option", name="吴佳怡").click()
    expect(serve.get_by_role("button", name="吴佳怡")).to_be_visible()
    serve.get_by_role("button", name="Serve").click()
    expect(status).to_have_text("served")

    record.refresh_from_db()
    order = Order.objects.get(pk=record.order_id)
    assert order.status == OrderStatus.PAID and order.member_id == record.member_id
    assert order.payable == record.deal_price == Decimal("99.00")
    assert [tender.method for tender in order.tenders.all()] == [TenderMethod.GROUP_BUY]
    assert [(credit.employee.name, credit.amount) for credit in StaffCredit.objects.filter(line__order=order)] == [
        ("吴佳怡", Decimal("99.00"))
    ]
    expect(dialog.get_by_test_id("groupbuy-records")).to_contain_text(order.order_no)
    assert audit_all() == []


def test_a_used_code_shows_the_platforms_message_in_red_under_the_selection(page, demo, platform_accounts):
    page.expected_failures.update(
        {(409, "/rest/groupPurchasing/preCheck"), (409, "/rest/groupPurchasing/writeOffReview")}
    )
    acknowledge_forced_notices("SY00002")
    enter(page, "2")
    dialog = _open_dialog(page)

    used = new_code(USED, deal="1")
    dialog.get_by_test_id("groupbuy-code").fill(used)
    dialog.get_by_test_id("groupbuy-phone").fill("13700005678")
    error = dialog.get_by_test_id("groupbuy-selection-error")
    expect(error).to_contain_text("券码已使用")  # the fake Meituan's own text, after ours
    expect(error).to_contain_text("already been used")
    dialog.get_by_test_id("groupbuy-submit").click()
    expect(dialog.get_by_test_id("groupbuy-error")).to_contain_text("券码已使用")
    assert not WriteOff.objects.filter(code=used, status="done").exists()
