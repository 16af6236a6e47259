"""Demo data of group-buy write-off: the deals of the fake platforms (apps.groupbuy.fakes.book.DEALS)
on Meituan and Dianping, mapped to the demo catalogue's items for every store, except 洗剪吹 (100009),
left unmapped so the pre-check's fallback (every item of the store) shows too.

And two Meituan coupons of the deal 头皮深层清洁 单次体验 (¥99; the fake Meituan settles ¥91.08, ¥7.92
commission) written off in the second store (青丝养护徐汇店, whose orders no page test counts) for
members with a reservation today: one served through `write_off_serve`, so its order counts at the
deal's price with its nurse credited and the reservation billed (done); the other written off, not
served, for the desk to serve with the staff it chooses. Idempotent: a store with write-offs keeps
what it has."""

from __future__ import annotations

import uuid
from datetime import datetime, time
from decimal import Decimal

from django.utils import timezone

from apps.billing.orders.lines import StaffShare
from apps.booking.choices import ReservationSource, ReservationStatus
from apps.booking.demo import demo_reservation
from apps.booking.models import Reservation
from apps.catalog.models import Project, ProjectPackage
from apps.core.audit import SYSTEM_ACTOR
from apps.core.money import from_cents
from apps.groupbuy.choices import CommodityType, WriteOffStatus
from apps.groupbuy.fakes.book import DEALS, settlement_cents
from apps.groupbuy.models import Deal, DealItem, WriteOff
from apps.groupbuy.platforms.base import Consumed
from apps.groupbuy.serving import write_off_serve
from apps.masterdata.models import Platform
from apps.members.choices import MemberStatus
from apps.members.models import Member
from apps.org.models import OrgUnit
from apps.staff.choices import EmployeePosition, EmployeeStatus
from apps.staff.models import Employee

# deal id → the items it buys: (commodity type, catalogue model, item code).
MAPPINGS: dict[str, list[tuple[str, type[Project] | type[ProjectPackage], str]]] = {
    "100001": [(CommodityType.PROJECT, Project, "X0002")],
    "100002": [(CommodityType.PROJECT, Project, "X0003"), (CommodityType.PACKAGE, ProjectPackage, "PK0002")],
    "100003": [(CommodityType.PROJECT, Project, "X0005")],
}
REVIEW_PLATFORMS = (19, 21)


MEITUAN = 19
# (code, reservation hour, served): Meituan-like 12-digit codes of the deal "1" (头皮深层清洁 单次体验).
DEMO_COUPONS = (("103578240916", 14, True), ("106284715339", 16, False))


def seed_demo(chain: object | None = None) -> None:
    _seed_deals()
    stores = getattr(chain, "stores", None) or []
    if len(stores) > 1:
        _seed_write_offs(stores[1])


def _seed_deals() -> None:
    for platform in Platform.objects.filter(pk__in=REVIEW_PLATFORMS):
        for deal_info in DEALS.values():
            deal, _created = Deal.objects.get_or_create(
                platform=platform,
                deal_id=deal_info.deal_id,
                defaults={
                    "title": deal_info.title,
                    "price": from_cents(deal_info.price_cents),
                    "market_price": from_cents(deal_info.market_price_cents),
                },
            )
            for kind, model, code in MAPPINGS.get(deal_info.deal_id, []):
                item = model.objects.filter(code=code).first()
                if item is not None:
                    DealItem.objects.get_or_create(deal=deal, store=None, commodity_type=kind, item_id=item.pk)


def _seed_write_offs(store: OrgUnit) -> None:
    platform = Platform.objects.filter(pk=MEITUAN).first()
    deal = Deal.objects.filter(platform=platform, deal_id=DEALS["1"].deal_id).first()
    project = Project.objects.filter(code="X0002").first()
    if platform is None or deal is None or project is None or WriteOff.objects.filter(store=store).exists():
        return
    # After the billing demo's members (owed goods, deposits): two more of the store's members.
    members = list(Member.objects.filter(home_store=store, status=MemberStatus.ACTIVE).order_by("pk")[3:5])
    nurses = list(
        Employee.objects.filter(store=store, status=EmployeeStatus.ACTIVE, position=EmployeePosition.NURSE).order_by(
            "pk"
        )
    )
    for (code, hour, served), member, nurse in zip(DEMO_COUPONS, members, nurses, strict=False):
        reservation = _reserved_today(store, member, nurse, project, hour, served)
        record = _written_off(store, platform, deal, project, member, code)
        if served:
            write_off_serve(
                actor=SYSTEM_ACTOR,
                store=store,
                record_id=record.pk,
                staff=(StaffShare(nurse.pk, Decimal("1")),),
                reservation_id=reservation.pk,
            )


def _reserved_today(
    store: OrgUnit, member: Member, nurse: Employee, project: Project, hour: int, arrived: bool
) -> Reservation:
    start = timezone.make_aware(datetime.combine(timezone.localdate(), time(hour)))
    status = ReservationStatus.ARRIVED if arrived else ReservationStatus.BOOKED
    reservation = demo_reservation(
        store, member, nurse, [project], start, status=status, source=ReservationSource.MEITUAN
    )
    if arrived:
        reservation.arrived_at = start
        reservation.save(update_fields=["arrived_at"])
    return reservation


def _written_off(
    store: OrgUnit, platform: Platform, deal: Deal, project: Project, member: Member, code: str
) -> WriteOff:
    """A coupon as the write-off leaves it done at the fake Meituan (the demo asks no platform)."""
    offered = DEALS["1"]
    request_id = uuid.uuid4().hex
    consumed = Consumed(
        platform="meituan",
        code=code,
        count=1,
        request_id=request_id,
        deal_id=offered.deal_id,
        title=offered.title,
        price_cents=offered.price_cents,
        references=(code,),
        consumed_at=timezone.now(),
        settlement_cents=settlement_cents(offered.price_cents),
    )
    settlement = from_cents(settlement_cents(offered.price_cents))
    return WriteOff.objects.create(
        platform=platform,
        code=code,
        store=store,
        member=member,
        area_code=member.area_code,
        phone=member.phone,
        from_reservation=True,
        commodity_type=CommodityType.PROJECT,
        commodity_id=project.pk,
        commodity_name=project.name,
        unified_code=project.code,
        deal=deal,
        deal_price=deal.price,
        settlement=settlement,
        commission=deal.price - settlement,
        store_price=project.price,
        status=WriteOffStatus.DONE,
        request_id=request_id,
        consumed=consumed.to_json(),
        operator_name=SYSTEM_ACTOR.login_name,
        done_at=timezone.now(),
    )
