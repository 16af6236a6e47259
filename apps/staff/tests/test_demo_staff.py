import pytest
from django.core.management import call_command

from apps.accounts.models import User
from apps.org.models import OrgUnit
from apps.org.selectors import owner_stores
from apps.staff.models import Employee

pytestmark = pytest.mark.django_db


def test_demo_stores_have_details_and_staff_and_seeding_twice_changes_nothing():
    call_command("seed_demo", verbosity=0)
    counts = (Employee.objects.count(), OrgUnit.objects.count())
    call_command("seed_demo", verbosity=0)
    assert (Employee.objects.count(), OrgUnit.objects.count()) == counts
    jingan, xuhui = OrgUnit.objects.get(code="S-SH-001"), OrgUnit.objects.get(code="S-SH-002")
    assert (jingan.province_code, jingan.city_code, jingan.district_code, jingan.seats) == (
        "310000",
        "310100",
        "310106",
        12,
    )
    assert (xuhui.district_code, xuhui.seats, str(xuhui.open_time), str(xuhui.close_time)) == (
        "310104",
        8,
        "10:00:00",
        "22:00:00",
    )
    assert 6 <= Employee.objects.filter(store=jingan).count() <= 8
    assert 6 <= Employee.objects.filter(store=xuhui).count() <= 8
    nurse = User.objects.get(login_name="SY00003")
    assert Employee.objects.get(user=nurse).store == jingan
    owner = User.objects.get(login_name="SY00001")
    assert [row["id"] for row in owner_stores(user_id=owner.pk)] == [jingan.pk, xuhui.pk]
