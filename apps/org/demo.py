"""Demo organisation: a head office, a region and two stores (contract §6)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import time

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
    _store_details(jingan, district="310106", address="南京西路1266号恒隆广场3楼", phone="021-62881234", seats=12)
    _store_details(xuhui, district="310104", address="漕溪北路88号圣爱大厦2楼", phone="021-64271234", seats=8)
    return DemoChain(head_office=head_office, region=region, stores=[jingan, xuhui])


def _store_details(store: OrgUnit, *, district: str, address: str, phone: str, seats: int) -> None:
    """上海市 (310000), its one city level 310100, and the store's district (GB/T 2260)."""
    if store.address:
        return
    store.province_code, store.city_code, store.district_code = "310000", "310100", district
    store.address, store.phone, store.seats = address, phone, seats
    store.open_time, store.close_time = time(10, 0), time(22, 0)
    store.save()
