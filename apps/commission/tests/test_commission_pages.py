"""The commission's pages in the drawer: codeless pages (they open for any chosen role), listed only
to a role holding a code their calls accept, so nobody is offered a page that refuses every call."""

from __future__ import annotations

import pytest

from apps.accounts.tests.page_helpers import page_context, sign_in
from apps.commission.api.views import PeriodApi, PlanListApi

pytestmark = pytest.mark.django_db


def test_the_drawer_lists_the_commission_pages_to_the_roles_their_calls_accept(chain, make_entry, client):
    sign_in(client, make_entry(chain["store"], codes=["ERP-YUKB-PAG-0001-0000"]))
    response = client.get("/commissionPeriods")
    assert response.status_code == 200
    pages = {page["route"]: page for page in page_context(response)["pages"]}
    assert pages["/commissionPlans"]["code"] is None
    assert pages["/commissionPeriods"]["code"] is None
    assert set(pages["/commissionPlans"]["drawerCodes"]) == set(PlanListApi.required_codes)
    assert set(pages["/commissionPeriods"]["drawerCodes"]) == set(PeriodApi.required_codes)
    assert pages["/salesDetail"]["drawerCodes"] == []
