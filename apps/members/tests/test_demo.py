import pytest

from apps.masterdata.demo import seed_master_lists
from apps.members import demo
from apps.members.models import CancellationRequest, Member, MemberLabel, PointsEntry
from apps.org import demo as org_demo

pytestmark = pytest.mark.django_db


def test_demo_members_are_valid_realistic_and_idempotent():
    chain = org_demo.seed_demo()
    seed_master_lists()
    demo.seed_demo(chain)
    counts = [model.objects.count() for model in (Member, MemberLabel, PointsEntry, CancellationRequest)]
    demo.seed_demo(chain)
    assert counts == [model.objects.count() for model in (Member, MemberLabel, PointsEntry, CancellationRequest)]
    assert counts[0] == 2 * demo.MEMBERS_PER_STORE and counts[3] == 1
    assert Member.objects.filter(home_store=chain.stores[0]).count() == demo.MEMBERS_PER_STORE
    assert Member.objects.filter(area_code="00852").exists() and Member.objects.exclude(card_no="").exists()
    for member in Member.objects.all():
        member.full_clean()
        assert member.points == sum(member.points_entries.values_list("change", flat=True))
