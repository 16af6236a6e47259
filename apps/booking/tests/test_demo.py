import pytest
from django.utils import timezone

from apps.booking import demo
from apps.booking.models import Reservation, RotaDay, ShiftType
from apps.booking.selectors import board
from apps.catalog import demo as catalog_demo
from apps.masterdata.demo import seed_master_lists
from apps.members import demo as members_demo
from apps.org import demo as org_demo
from apps.staff import demo as staff_demo

pytestmark = pytest.mark.django_db


def test_demo_gives_a_working_board_for_today_and_is_idempotent():
    chain = org_demo.seed_demo()
    staff_demo.seed_demo(chain)
    seed_master_lists()
    catalog_demo.seed_demo(chain)
    members_demo.seed_demo(chain)
    demo.seed_demo(chain)
    counts = [model.objects.count() for model in (Reservation, RotaDay, ShiftType)]
    demo.seed_demo(chain)
    assert counts == [model.objects.count() for model in (Reservation, RotaDay, ShiftType)]
    today = board(chain.stores[0], timezone.localdate())
    assert today["nurses"] and today["reservations"] and today["counts"]["total"] == len(today["reservations"])
    assert len(today["periods"]) == 12
    for reservation in Reservation.objects.all():
        reservation.full_clean()
