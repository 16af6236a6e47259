"""Demo data of staff commission: the owner role holds the commission's buttons (plans, closing a
month; apps.accounts.demo gives them to a new owner role, this to one a database made before them),
and the chain has a plan for each kind a nurse earns by, plus the front desk's and the store
manager's sales, all from 2020 so every demo month has figures. Idempotent: a plan already there is
left as it is."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from apps.accounts.models import Resource, Role
from apps.accounts.services import resources_sync
from apps.billing.choices import CreditKind
from apps.commission.choices import TierMode
from apps.commission.models import CommissionPlan
from apps.commission.services import TierInput, VersionInput, plan_create
from apps.core.audit import SYSTEM_ACTOR
from apps.core.role_codes import COMMISSION_CODES
from apps.staff.choices import EmployeePosition

OWNER_ROLE_ID = 1
SINCE = date(2020, 1, 1)
D = Decimal

# (name, position, kind, tier mode, per session, [(from, rate %)]).
PLANS = (
    (
        "护理师服务提成",
        EmployeePosition.NURSE,
        CreditKind.SERVICE,
        TierMode.WHOLE,
        D("10"),
        [(0, 5), (10000, 8), (20000, 10)],
    ),
    (
        "护理师耗卡提成",
        EmployeePosition.NURSE,
        CreditKind.CARD_CONSUMPTION,
        TierMode.ABOVE,
        D("8"),
        [(0, 3), (20000, 5)],
    ),
    ("护理师产品销售提成", EmployeePosition.NURSE, CreditKind.SALE, TierMode.WHOLE, D("0"), [(0, 10)]),
    ("护理师售卡提成", EmployeePosition.NURSE, CreditKind.CARD_SALE, TierMode.ABOVE, D("0"), [(0, 2), (50000, 3)]),
    ("前台产品销售提成", EmployeePosition.FRONT_DESK, CreditKind.SALE, TierMode.WHOLE, D("0"), [(0, 5)]),
    ("店长售卡提成", EmployeePosition.STORE_MANAGER, CreditKind.CARD_SALE, TierMode.WHOLE, D("0"), [(0, 3)]),
)


def seed_demo(chain: object | None = None) -> None:
    resources_sync()
    owner = Role.objects.filter(pk=OWNER_ROLE_ID).first()
    if owner is not None:
        owner.resources.add(*Resource.objects.filter(code__in=[button.code for button in COMMISSION_CODES]))
    for name, position, kind, mode, per_session, tiers in PLANS:
        if CommissionPlan.objects.filter(store__isnull=True, position=position, kind=kind).exists():
            continue
        plan_create(
            actor=SYSTEM_ACTOR,
            store_id=None,
            name=name,
            position=position,
            kind=kind,
            version=VersionInput(
                effective_from=SINCE,
                tier_mode=mode,
                per_session=per_session,
                tiers=tuple(TierInput(D(low), D(rate)) for low, rate in tiers),
                note="演示方案",
            ),
        )
