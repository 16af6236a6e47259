"""The provider registry: `provider(name)` imports `apps.payments.providers.<name>` on first use, so
adding a provider touches no other file. The module registers its adapter when imported
(`register_provider(WeChatPayProvider())` at the end of providers/wechat.py); a module that does not
is searched for its adapter class (the class whose `name` is the provider's), made with no arguments."""

from __future__ import annotations

import importlib

from apps.core.hooks import Registry
from apps.payments.errors import ProviderNotConfigured
from apps.payments.providers.base import PaymentProvider

_providers: Registry[PaymentProvider] = Registry("payment provider")


def register_provider(adapter: PaymentProvider) -> None:
    _providers.register(adapter.name, adapter)


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
        module = importlib.import_module(f"{__name__}.{name}")
        for value in vars(module).values():
            if isinstance(value, type) and getattr(value, "name", None) == name and hasattr(value, "pay_by_code"):
                register_provider(value())
                break
        else:
            raise ProviderNotConfigured()
    found = _providers.get(name)
    assert found is not None  # registered just above
    return found
