from __future__ import annotations

import datetime

import factory
from django.utils import timezone

from apps.booking.choices import ReservationStatus
from apps.booking.models import Reservation, ReservationProject, ShiftType
from apps.members.models import Member
from apps.org.models import OrgUnit
from apps.org.tests.factories import StoreFactory
from apps.staff.models import Employee
from apps.staff.tests.factories import EmployeeFactory


def local_time(hour: int, minute: int = 0, days: int = 1) -> datetime.datetime:
    """A store-local moment `days` from today (tomorrow by default, so bookings are in the future)."""
    day = timezone.localdate() + datetime.timedelta(days=days)
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(hour, minute)))


def just_started(minutes: int = 5) -> datetime.datetime:
    """A moment of today `minutes` ago (midnight at the earliest): a start that has just passed."""
    midnight = timezone.make_aware(datetime.datetime.combine(timezone.localdate(), datetime.time()))
    return max(timezone.now() - datetime.timedelta(minutes=minutes), midnight)


class ShiftTypeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ShiftType

    store = factory.SubFactory(StoreFactory)
    name = factory.Sequence(lambda n: f"班{n}")
    start = datetime.time(10)
    end = datetime.time(18)


class ReservationFactory(factory.django.DjangoModelFactory):
    """A booked reservation written straight to the table (no checks): for reads and fixtures."""

    class Meta:
        model = Reservation
        skip_postgeneration_save = True

    store = factory.SubFactory(StoreFactory)
    name = factory.Sequence(lambda n: f"客人{n}")
    phone = factory.Sequence(lambda n: f"1390000{n:04d}")
    nurse = factory.SubFactory(EmployeeFactory, store=factory.SelfAttribute("..store"))
    start = factory.LazyFunction(lambda: local_time(10))
    end = factory.LazyAttribute(lambda r: r.start + datetime.timedelta(minutes=60))

    @factory.post_generation
    def projects(reservation: Reservation, create: bool, extracted: list | None, **kwargs: object) -> None:
        if create and extracted:
            ReservationProject.objects.bulk_create(
                ReservationProject(reservation=reservation, project=p, name=p.name, minutes=p.duration_minutes)
                for p in extracted
            )


def members_reservation_today(*, store: OrgUnit, member: Member, nurse: Employee, **fields: object) -> Reservation:
    """The member's reservation of today, arrived unless `status` says otherwise, late in the day so it
    is not over before the day is (the till's 今日预约 lists what is not over)."""
    reservation: Reservation = ReservationFactory.create(
        store=store,
        member=member,
        name=member.name,
        phone=member.phone,
        nurse=nurse,
        start=local_time(23, days=0),
        **{"status": ReservationStatus.ARRIVED, **fields},
    )
    return reservation
