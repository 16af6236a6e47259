"""Platform accounts from settings (GROUPBUY_PLATFORMS; docs/api.md, "Group-buy platforms").

Per platform family ("meituan", "douyin", "channels"), one chain-wide entry and optional per-store
overrides (`"stores": {"<store id or code>": {...}}`) naming only what differs (usually `shop_id`, and
for Meituan the store's `session`). Secrets are given as `<field>_file` (a file) or `<field>_env` (an
environment variable), never written in the settings or the repository. The manual platform needs no
account."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed

from apps.core.json_types import JsonObject
from apps.org.store_settings import setting_value, store_override

from .base import PlatformAccount, PlatformNotConfigured

FIELDS = ("base_url", "app_key", "app_secret", "shop_id", "session")
CONTROL = ("stores", "platform")


def _config() -> JsonObject:
    return dict(getattr(settings, "GROUPBUY_PLATFORMS", {}) or {})


@cache
def _account(platform: str, override: str) -> PlatformAccount:
    if platform == "manual":
        return PlatformAccount(platform="manual")
    config = _config().get(platform)
    if not config:
        raise PlatformNotConfigured(f"{platform} is not in GROUPBUY_PLATFORMS")
    values: dict[str, str] = {}
    extra: dict[str, str] = {}
    for entry in [config, config["stores"][override]] if override else [config]:
        for key in entry:
            name = key.removesuffix("_file").removesuffix("_env")
            if key in CONTROL:
                continue
            value = setting_value(entry, name, strip=True)
            if value is None:
                continue
            if name in FIELDS:
                values[name] = value
            else:
                extra[name] = value
    if not values.get("base_url") or not values.get("app_key") or not values.get("app_secret"):
        raise PlatformNotConfigured(f"{platform} has no base_url, app_key or app_secret")
    return PlatformAccount(platform=platform, extra=extra, **values)


def account_for(platform: str, store_id: int | None) -> PlatformAccount:
    """The account a store writes `platform` codes off with: its own when settings name one (by id
    or code), else the chain's. Raises PlatformNotConfigured."""
    return _account(platform, store_override(_config().get(platform), store_id))


def configured_platforms() -> list[str]:
    return sorted({*_config(), "manual"})


def _forget(**kwargs: Any) -> None:
    if kwargs.get("setting") == "GROUPBUY_PLATFORMS":
        _account.cache_clear()


setting_changed.connect(_forget)
