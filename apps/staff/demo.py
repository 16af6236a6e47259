"""Demo staff of the two demo stores (contract §6)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from apps.accounts.models import User
from apps.core.audit import SYSTEM_ACTOR
from apps.org.demo import DemoChain
from apps.org.models import OrgUnit
from apps.staff.access import employee_linked
from apps.staff.choices import EmployeePosition, EmployeeStatus, SkillLevel
from apps.staff.models import Employee


def seed_demo(chain: DemoChain) -> None:
    """After the accounts demo: the first 静安 nurse is the demo nurse's account SY00003."""
    jingan, xuhui = chain.stores
    _staff(jingan, JINGAN_STAFF, nurse_login="SY00003")
    _staff(xuhui, XUHUI_STAFF)


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


# (name, phone, position, skill level or "", hire date), as the lists above write them.
StaffLine = tuple[str, str, str, str, date]


def _staff(store: OrgUnit, rows: Sequence[StaffLine], nurse_login: str | None = None) -> None:
    if Employee.objects.filter(store=store).exists():
        return
    for index, (name, phone, position, skill, hired) in enumerate(rows):
        user = None
        if index == 0 and nurse_login:
            user = User.objects.filter(login_name=nurse_login).first()
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
            employee_linked(actor=SYSTEM_ACTOR, employee=employee, previous_user_id=None)
