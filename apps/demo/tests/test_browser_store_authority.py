"""Store authority in Chromium (spec §2.4 "apply permission" and QR authorization, §4): the demo's
principal asks for the boss authority from the role dialog (store employees get no role dialog, spec
§6), the store's boss approves in WeCom (a fake WeCom over real HTTP), and the poll shows
"authorization passed" and the new role in the role list.
It lives on the top floor: it walks accounts, approvals and the shell (messaging's helpers)."""

from __future__ import annotations

import re

import pytest

from apps.accounts.models import User
from apps.accounts.tests.fake_wecom import FakeWecom
from apps.approvals.models import ApprovalRequest
from apps.messaging.tests.browser import acknowledge_forced_notices, enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STORE = "青丝养护静安店"


@pytest.fixture
def fake_wecom(settings, monkeypatch, demo):
    monkeypatch.setenv("no_proxy", "127.0.0.1")
    fake = FakeWecom(corp_id="ww-demo", secret="demo-secret").start()
    settings.WECOM_API_BASE = fake.base_url
    settings.WECOM_CORP_ID, settings.WECOM_AGENT_ID, settings.WECOM_SECRET = "ww-demo", "1000002", "demo-secret"
    settings.WECOM_AUTHORITY_TEMPLATE_ID = "tpl-authority"
    User.objects.filter(login_name="SY00002").update(wecom_userid="lijing")
    User.objects.filter(login_name="SY00001").update(wecom_userid="wanghaiyan")
    yield fake
    fake.stop()


def test_the_principal_asks_for_the_boss_authority_and_the_boss_approves_in_wecom(page, fake_wecom, screenshot):
    acknowledge_forced_notices("SY00002")
    enter(page, "SY00002", row=STORE)
    page.get_by_role("button", name=re.compile(r"^Account: ")).click()
    page.get_by_role("menuitem", name="Switch role").click()
    roles = page.get_by_role("dialog", name="Switch role")
    roles.get_by_role("radio", name=re.compile(re.escape(f"{STORE} | 店长"))).wait_for()
    assert roles.get_by_role("radio", name=re.compile(re.escape(f"{STORE} | 老板"))).count() == 0

    roles.get_by_role("button", name="Apply permission").click()
    asking = page.get_by_role("dialog", name="Apply permission")
    assert asking.get_by_role("radio", name="Manager authority").is_disabled()
    asking.get_by_role("radio", name="Boss authority").check()
    asking.get_by_role("button", name="Apply").click()
    asking.get_by_text(re.compile(r"^Approval number: ")).wait_for()
    asking.get_by_role("img", name="QR authorization").wait_for()
    screenshot(page, "store-authority-waiting.png")

    request = ApprovalRequest.objects.get(kind="store-authority")
    assert fake_wecom.applied[0]["approver"] == [{"attr": 1, "userid": ["wanghaiyan"]}]
    fake_wecom.decide(request.external_no, 2, approver="wanghaiyan")

    # The next poll (every 5 s) finds WeCom's approval: the notice, and the role list refreshed.
    page.get_by_text("authorization passed").wait_for(timeout=15000)
    roles.get_by_role("radio", name=re.compile(re.escape(f"{STORE} | 老板"))).wait_for()
    assert page.get_by_role("dialog", name="Apply permission").count() == 0
