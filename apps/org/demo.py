"""Demo organisation: a head office, a region and two stores (contract §6)."""

from __future__ import annotations

from dataclasses import dataclass

from apps.org.choices import OrgUnitKind
from apps.org.models import OrgUnit


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
    return DemoChain(head_office=head_office, region=region, stores=[jingan, xuhui])
