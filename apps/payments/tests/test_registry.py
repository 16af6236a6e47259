"""Adapters and fakes are found by name: adding a provider touches no other module."""

from __future__ import annotations

import importlib

import pytest

from apps.payments.errors import ProviderNotConfigured
from apps.payments.fakes import FAKE_PROVIDERS
from apps.payments.providers import provider


@pytest.mark.parametrize("name", ["wechat", "alipay", "pos"])
def test_each_provider_has_its_adapter_and_its_fake(name):
    adapter = provider(name)
    assert adapter.name == name and provider(name) is adapter
    assert callable(importlib.import_module(FAKE_PROVIDERS[name]).start)


@pytest.mark.parametrize("name", ["nosuch", "base", "__init__"])
def test_an_unknown_provider_is_not_configured(name):
    with pytest.raises(ProviderNotConfigured):
        provider(name)
