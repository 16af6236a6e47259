"""Factories and fixtures' helpers of group-buy write-off tests: the fixed platforms, a deal mapped to
an item, and the settings that point the adapters at the fake platform servers."""

from __future__ import annotations

from decimal import Decimal

from apps.catalog.tests.factories import ProjectFactory
from apps.groupbuy.fakes.book import DEALS
from apps.groupbuy.models import Deal, DealItem
from apps.masterdata.choices import PlatformAdapter, PlatformType
from apps.masterdata.models import Platform

MEITUAN, DIANPING, DOUYIN, KUAISHOU, CHANNELS = 19, 21, 13, 14, 15
# A valid code's first digit chooses the deal (apps.groupbuy.fakes.book.DEALS): "1" buys 100001.
SCALP_DEAL = DEALS["1"]


def platforms() -> dict[int, Platform]:
    """The fixed platforms of the demo (spec §9) with their adapters."""
    rows = [
        (MEITUAN, "美团", PlatformType.GROUP_BUY, PlatformAdapter.MEITUAN),
        (DIANPING, "大众点评", PlatformType.GROUP_BUY, PlatformAdapter.MEITUAN),
        (DOUYIN, "抖音", PlatformType.GROUP_BUY, PlatformAdapter.DOUYIN),
        (KUAISHOU, "快手", PlatformType.GROUP_BUY, PlatformAdapter.MANUAL),
        (CHANNELS, "视频号", PlatformType.FISSION, PlatformAdapter.CHANNELS),
    ]
    return {
        pk: Platform.objects.update_or_create(
            pk=pk,
            defaults={"name": name, "platform_type": kind, "adapter": adapter, "is_review_platform": pk in (19, 21)},
        )[0]
        for pk, name, kind, adapter in rows
    }


def mapped_deal(platform: Platform, *, project=None, store=None, deal=SCALP_DEAL) -> tuple[Deal, object]:
    """The fake platform's deal mapped to a project (a new one priced at the deal's list price)."""
    project = project or ProjectFactory(price=Decimal(deal.market_price_cents) / 100)
    row, _created = Deal.objects.get_or_create(
        platform=platform,
        deal_id=deal.deal_id,
        defaults={
            "title": deal.title,
            "price": Decimal(deal.price_cents) / 100,
            "market_price": Decimal(deal.market_price_cents) / 100,
        },
    )
    DealItem.objects.create(deal=row, store=store, commodity_type="project", item_id=project.pk)
    return row, project
