"""Merchant accounts from settings (PAYMENT_PROVIDERS; docs/operations.md, "Payment providers").

Per provider, one chain-wide account and optional per-store overrides keyed by store id or store
code; an override names only what differs (a store's own merchant id and keys), the rest comes from
the chain-wide entry. Keys are PEM text read from a file (`<field>_file`) or an environment variable
(`<field>_env`) when the account is first needed, never written in the settings or the repository."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed

from apps.core.json_types import JsonObject
from apps.org.store_settings import setting_value, store_override
from apps.payments.errors import ProviderNotConfigured
from apps.payments.providers.base import ProviderAccount

# The account fields a setting may give, plain or (for secrets) through `_file` / `_env`.
FIELDS = ("base_url", "merchant_id", "app_id", "private_key", "public_key", "serial_no", "api_v3_key", "notify_url")
# Not account fields: the store overrides, and the provider name some fakes repeat in their entry.
CONTROL = ("stores", "provider", "extra")


def _config() -> JsonObject:
    return dict(getattr(settings, "PAYMENT_PROVIDERS", {}) or {})


def _build(provider: str, entries: list[JsonObject]) -> ProviderAccount:
    """The account from the chain-wide entry with each later entry's fields on top."""
    values: dict[str, str] = {}
    extra: dict[str, str] = {}
    for entry in entries:
        for name in FIELDS:
            value = setting_value(entry, name)
            if value is not None:
                values[name] = value
        if isinstance(entry.get("extra"), dict):  # an "extra" object, as the Alipay and terminal fakes write it
            extra.update({key: str(value) for key, value in entry["extra"].items()})
        for key in entry:
            base = key.removesuffix("_file").removesuffix("_env")
            if base in FIELDS or key in CONTROL:
                continue
            value = setting_value(entry, base)
            if value is not None:
                extra[base] = value
    if not values.get("base_url") or not values.get("merchant_id"):
        raise ProviderNotConfigured()
    return ProviderAccount(provider=provider, extra=extra, **values)


@cache
def _account(provider: str, override: str) -> ProviderAccount:
    config = _config().get(provider)
    if not config:
        raise ProviderNotConfigured()
    entries = [config]
    if override:
        entries.append(config["stores"][override])
    return _build(provider, entries)


def account_for(provider: str, store_id: int | None) -> ProviderAccount:
    """The merchant account that takes `provider` payments for a store: the store's own when settings
    name one (by id or code), else the chain's. Raises ProviderNotConfigured (PAY-40001)."""
    return _account(provider, store_override(_config().get(provider), store_id))


def configured_providers() -> list[str]:
    return sorted(_config())


def configured_accounts(provider: str) -> list[ProviderAccount]:
    """Every distinct merchant account of a provider: the chain's, then each store's own. A chain
    with one account per store and no chain-wide merchant lists only the stores' accounts."""
    config = _config().get(provider) or {}
    found: list[ProviderAccount] = []
    for override in ["", *sorted(config.get("stores") or {})]:
        try:
            account = _account(provider, override)
        except ProviderNotConfigured:
            continue
        if all(account.merchant_id != seen.merchant_id for seen in found):
            found.append(account)
    return found


def _forget(**kwargs: Any) -> None:
    if kwargs.get("setting") == "PAYMENT_PROVIDERS":
        _account.cache_clear()


setting_changed.connect(_forget)
