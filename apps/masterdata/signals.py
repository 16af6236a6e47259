"""Every save or delete of master data drops the cached answers of its kind (apps.masterdata.cache).
Bulk writes send no signals: the region loader invalidates by itself."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save

from apps.masterdata import cache
from apps.masterdata.models import MarketSegment, MasterItem, Platform, Region

NAMESPACES = {
    MasterItem: cache.MASTER_ITEMS,
    Platform: cache.PLATFORMS,
    MarketSegment: cache.SEGMENTS,
    Region: cache.REGIONS,
}


def invalidate_master_data(sender: Any, **kwargs: Any) -> None:
    cache.invalidate(NAMESPACES[sender])


for model in NAMESPACES:
    post_save.connect(invalidate_master_data, sender=model, dispatch_uid=f"masterdata-save-{model.__name__}")
    post_delete.connect(invalidate_master_data, sender=model, dispatch_uid=f"masterdata-delete-{model.__name__}")
