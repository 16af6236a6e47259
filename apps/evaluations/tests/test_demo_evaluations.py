"""The demo's evaluations: the second store's paid service visits rated (two satisfied, one not,
through the link and the desk), none in the first store, and seeding again adds nothing."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from apps.evaluations.models import Evaluation
from apps.org.models import OrgUnit


@pytest.mark.django_db(transaction=True)
def test_the_demo_rates_the_second_stores_service_visits_once(demo):
    store = OrgUnit.objects.get(code="S-SH-002")
    evaluations = list(Evaluation.objects.filter(store=store).order_by("id"))
    assert [(e.service_score, e.channel) for e in evaluations] == [(5, "link"), (4, "link"), (3, "frontDesk")]
    assert all(e.projects.exists() and e.member_id for e in evaluations)
    assert not Evaluation.objects.exclude(store=store).exists()
    call_command("seed_demo", verbosity=0)
    assert Evaluation.objects.count() == 3
