import datetime

import factory

from apps.org.choices import AreaCode, EmployeePosition, OrgUnitKind, SkillLevel
from apps.org.models import Employee, OrgUnit


class OrgUnitFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = OrgUnit

    kind = OrgUnitKind.HEAD_OFFICE
    name = factory.Sequence(lambda n: f"Head office {n}")
    code = factory.Sequence(lambda n: f"U{n:05d}")
    parent: factory.SubFactory | None = None


class HeadOfficeFactory(OrgUnitFactory):
    kind = OrgUnitKind.HEAD_OFFICE


class RegionFactory(OrgUnitFactory):
    kind = OrgUnitKind.REGION
    name = factory.Sequence(lambda n: f"Region {n}")
    parent = factory.SubFactory(HeadOfficeFactory)


class StoreFactory(OrgUnitFactory):
    kind = OrgUnitKind.STORE
    name = factory.Sequence(lambda n: f"Store {n}")
    parent = factory.SubFactory(RegionFactory)


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
