import datetime

import factory

from apps.org.tests.factories import StoreFactory
from apps.staff.choices import AreaCode, EmployeePosition, SkillLevel
from apps.staff.models import Employee


class EmployeeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Employee

    store = factory.SubFactory(StoreFactory)
    name = factory.Sequence(lambda n: f"员工{n}")
    area_code = AreaCode.MAINLAND
    phone = factory.Sequence(lambda n: f"137{n:08d}")
    position = EmployeePosition.NURSE
    skill_level = SkillLevel.JUNIOR
    hire_date = datetime.date(2024, 1, 2)
