"""Demo data of group-buy write-off: the deals of the fake platforms (apps.groupbuy.fakes.book.DEALS)
on Meituan and Dianping, mapped to the demo catalogue's items for every store, except 洗剪吹 (100009),
left unmapped so the pre-check's fallback (every item of the store) shows too."""

from __future__ import annotations

from apps.catalog.models import Project, ProjectPackage
from apps.core.money import from_cents
from apps.groupbuy.choices import CommodityType
from apps.groupbuy.fakes.book import DEALS
from apps.groupbuy.models import Deal, DealItem
from apps.masterdata.models import Platform

# deal id → the items it buys: (commodity type, catalogue model, item code).
MAPPINGS: dict[str, list[tuple[str, type[Project] | type[ProjectPackage], str]]] = {
    "100001": [(CommodityType.PROJECT, Project, "X0002")],
    "100002": [(CommodityType.PROJECT, Project, "X0003"), (CommodityType.PACKAGE, ProjectPackage, "PK0002")],
    "100003": [(CommodityType.PROJECT, Project, "X0005")],
}
REVIEW_PLATFORMS = (19, 21)


def seed_demo(chain: object | None = None) -> None:
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
