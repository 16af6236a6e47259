"""/sysLog in Chromium: the principal reads the chosen store's log, with phones masked in the grid
and in the detail drawer, and never another store's entries."""

from __future__ import annotations

import pytest

from apps.accounts.models import UserRole
from apps.core.audit import Actor, audit_record
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _log(store: OrgUnit, marker: str, phone: str) -> None:
    actor = Actor(login_name="SY00009", role_name="店长", store_id=store.pk, store_name=store.name)
    audit_record(actor=actor, action="member.updated", target=store, detail={"note": marker, "phone": phone})


def test_the_principal_reads_the_stores_log_masked(page, demo):
    own_ids = set(UserRole.objects.filter(user__login_name="SY00002").values_list("hier_id", flat=True))
    own = OrgUnit.objects.filter(pk__in=own_ids, kind="store")
    for store in own:
        _log(store, f"mine-{store.pk}", "13912345678")
    stranger = OrgUnit.objects.filter(kind="store").exclude(pk__in=own_ids).first()
    _log(stranger, "theirs", "13800001111")

    acknowledge_forced_notices("SY00002")
    enter(page, "2", at="/sysLog")
    grid = page.get_by_test_id("syslog-table")
    grid.get_by_text("edited a member").first.wait_for()
    assert "theirs" not in page.content()
    grid.get_by_role("row").filter(has_text="edited a member").first.click()
    drawer = page.get_by_test_id("syslog-detail")
    drawer.wait_for()
    detail = drawer.get_by_test_id("syslog-detail-json").inner_text()
    assert '"phone": "139****5678"' in detail and "mine-" in detail
    assert "13912345678" not in page.content() and "13800001111" not in page.content()
