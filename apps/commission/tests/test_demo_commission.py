"""The demo's commission: the chain's plans for the nurse's four kinds and the desk's and the store
manager's sales, in force since 2020, the owner role holding the commission's codes, and seeding
again changes nothing."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from apps.accounts.models import Role
from apps.commission.models import CommissionPlan, PlanVersion
from apps.core.role_codes import COMMISSION_CODES

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_demo_has_the_chains_plans_and_the_owner_their_codes(demo):
    plans = CommissionPlan.objects.filter(store__isnull=True)
    assert plans.count() == 6
    assert set(plans.filter(position="nurse").values_list("kind", flat=True)) == {
        "service",
        "sale",
        "cardSale",
        "cardConsumption",
    }
    assert {str(v.effective_from) for v in PlanVersion.objects.all()} == {"2020-01-01"}
    owner_codes = set(Role.objects.get(pk=1).resources.values_list("code", flat=True))
    assert {button.code for button in COMMISSION_CODES} <= owner_codes

    call_command("seed_demo", verbosity=0)
    assert CommissionPlan.objects.count() == 6 and PlanVersion.objects.count() == 6
