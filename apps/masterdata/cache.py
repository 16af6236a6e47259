"""Master data in Django's cache (Redis when REDIS_URL is set), one namespace per kind of data.

A change to a row (admin save or delete, the region loader) replaces the namespace's version, so
every key of that kind is missed at once by every process; the old entries expire by themselves.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.core.cache import cache

# Master data changes rarely and every change bumps the version: a day bounds stale memory only.
TIMEOUT = 24 * 60 * 60

MASTER_ITEMS = "items"
PLATFORMS = "platforms"
SEGMENTS = "segments"
REGIONS = "regions"


def _version_key(namespace: str) -> str:
    return f"masterdata:{namespace}:version"


def _version(namespace: str) -> str:
    key = _version_key(namespace)
    version = cache.get(key)
    if version is None:
        cache.add(key, uuid.uuid4().hex, None)
        version = cache.get(key) or "0"
    return version


def cached(namespace: str, suffix: str, build: Callable[[], Any]) -> Any:
    """The cached value of `build()` under `namespace`/`suffix`, built on a miss."""
    key = f"masterdata:{namespace}:{_version(namespace)}:{suffix}"
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, TIMEOUT)
    return value


def invalidate(namespace: str) -> None:
    cache.set(_version_key(namespace), uuid.uuid4().hex, None)
