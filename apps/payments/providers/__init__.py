"""The provider registry: each adapter module registers its adapter by name when imported
(`register_provider(WeChatPayProvider())` at the end of providers/wechat.py), and `provider(name)`
imports `apps.payments.providers.<name>` on first use, so adding a provider touches no other file."""

from __future__ import annotations

import importlib

from apps.payments.errors import ProviderNotConfigured
from apps.payments.providers.base import PaymentProvider

_providers: dict[str, PaymentProvider] = {}


def register_provider(adapter: PaymentProvider) -> None:
    _providers[adapter.name] = adapter


def provider(name: str) -> PaymentProvider:
    """The adapter registered as `name` ("wechat", "alipay", "pos"); PAY-40001 for an unknown one."""
    if name not in _providers:
        if not name.isidentifier() or name == "base":
            raise ProviderNotConfigured()
        try:
            importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as missing:
            if missing.name != f"{__name__}.{name}":
                raise
            raise ProviderNotConfigured() from None
    if name not in _providers:
        raise ProviderNotConfigured()
    return _providers[name]
