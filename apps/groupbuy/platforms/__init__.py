"""The group-buy platform registry: `platform(name)` answers the adapter of a platform family
("meituan" for Meituan and Dianping, "douyin", "channels", "manual")."""

from __future__ import annotations

from .base import GroupBuyPlatform, PlatformNotConfigured
from .channels import ChannelsPlatform
from .douyin import DouyinPlatform
from .manual import ManualPlatform
from .meituan import MeituanPlatform

ADAPTERS: dict[str, GroupBuyPlatform] = {
    adapter.name: adapter for adapter in (MeituanPlatform(), DouyinPlatform(), ChannelsPlatform(), ManualPlatform())
}


def platform(name: str) -> GroupBuyPlatform:
    try:
        return ADAPTERS[name]
    except KeyError:
        raise PlatformNotConfigured(f"no adapter {name!r}") from None
