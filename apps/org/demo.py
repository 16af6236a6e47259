"""Demo organisation: a head office, a region and two stores (contract §6)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time

from django.contrib.auth import get_user_model

from apps.core.audit import SYSTEM_ACTOR
from apps.org.choices import EmployeePosition, EmployeeStatus, OrgUnitKind, SkillLevel
from apps.org.hooks import employee_account_link
from apps.org.models import Employee, OrgUnit


@dataclass(frozen=True)
class DemoChain:
    head_office: OrgUnit
    region: OrgUnit
    stores: list[OrgUnit]


def _unit(code: str, **fields: object) -> OrgUnit:
    unit = OrgUnit.objects.filter(code=code).first()
    if unit is None:
        unit = OrgUnit(code=code, **fields)
        unit.full_clean()
        unit.save()
    return unit


def seed_demo() -> DemoChain:
    head_office = _unit("HQ", kind=OrgUnitKind.HEAD_OFFICE, name="青丝养护连锁总部")
    region = _unit("R-EAST", kind=OrgUnitKind.REGION, name="华东大区", parent=head_office)
    jingan = _unit(
        "S-SH-001", kind=OrgUnitKind.STORE, name="青丝养护静安店", parent=region, front_desk_check_required=True
    )
    xuhui = _unit("S-SH-002", kind=OrgUnitKind.STORE, name="青丝养护徐汇店", parent=region)
    jingan.borrow_out_targets.add(xuhui)
    _store_details(jingan, district="310106", address="南京西路1266号恒隆广场3楼", phone="021-62881234", seats=12)
    _store_details(xuhui, district="310104", address="漕溪北路88号圣爱大厦2楼", phone="021-64271234", seats=8)
    return DemoChain(head_office=head_office, region=region, stores=[jingan, xuhui])


def seed_staff(chain: DemoChain) -> None:
    """After the accounts demo: the first 静安 nurse is the demo nurse's account SY00003."""
    jingan, xuhui = chain.stores
    _staff(jingan, JINGAN_STAFF, nurse_login="SY00003")
    _staff(xuhui, XUHUI_STAFF)


def _store_details(store: OrgUnit, *, district: str, address: str, phone: str, seats: int) -> None:
    """上海市 (310000), its one city level 310100, and the store's district (GB/T 2260)."""
    if store.address:
        return
    store.province_code, store.city_code, store.district_code = "310000", "310100", district
    store.address, store.phone, store.seats = address, phone, seats
    store.open_time, store.close_time = time(10, 0), time(22, 0)
    store.save()


# (name, phone, position, skill level, hire date); the first nurse of 静安 is the demo nurse SY00003.
JINGAN_STAFF = [
    ("张敏", "13800000003", EmployeePosition.NURSE, SkillLevel.SENIOR, date(2021, 3, 15)),
    ("李静", "13800000002", EmployeePosition.STORE_MANAGER, SkillLevel.MASTER, date(2019, 6, 1)),
    ("周婷", "13916520418", EmployeePosition.DEPUTY_MANAGER, SkillLevel.SENIOR, date(2020, 9, 10)),
    ("吴佳怡", "13761208833", EmployeePosition.NURSE, SkillLevel.INTERMEDIATE, date(2023, 2, 20)),
    ("郑晓雯", "18621057726", EmployeePosition.NURSE, SkillLevel.JUNIOR, date(2024, 7, 8)),
    ("孙悦", "15800213390", EmployeePosition.FRONT_DESK, "", date(2022, 11, 1)),
    ("马俊杰", "13585912047", EmployeePosition.STYLIST, SkillLevel.SENIOR, date(2021, 5, 18)),
]
XUHUI_STAFF = [
    ("陈雅琴", "13611875502", EmployeePosition.STORE_MANAGER, SkillLevel.MASTER, date(2020, 4, 6)),
    ("黄丽萍", "13917734126", EmployeePosition.NURSE, SkillLevel.SENIOR, date(2021, 8, 23)),
    ("林晓燕", "18817360254", EmployeePosition.NURSE, SkillLevel.INTERMEDIATE, date(2023, 3, 13)),
    ("徐倩", "15221904738", EmployeePosition.NURSE, SkillLevel.JUNIOR, date(2024, 10, 9)),
    ("何敏", "13524418807", EmployeePosition.FRONT_DESK, "", date(2022, 6, 27)),
    ("高伟", "13671925540", EmployeePosition.TRAINEE, SkillLevel.JUNIOR, date(2025, 2, 17)),
]


def _staff(store: OrgUnit, rows: list[tuple], nurse_login: str | None = None) -> None:
    if Employee.objects.filter(store=store).exists():
        return
    for index, (name, phone, position, skill, hired) in enumerate(rows):
        user = None
        if index == 0 and nurse_login:
            # The user model as Django names it (AUTH_USER_MODEL), as Employee.user does: org is below accounts.
            user = get_user_model().objects.filter(login_name=nurse_login).first()
        employee = Employee.objects.create(
            store=store,
            name=name,
            phone=phone,
            position=position,
            skill_level=skill,
            hire_date=hired,
            status=EmployeeStatus.ACTIVE,
            user=user,
        )
        if user is not None:
            # The nurse's login at the store is held by her employee link, so her leaving ends it.
            employee_account_link().linked(actor=SYSTEM_ACTOR, employee=employee, previous_user_id=None)
