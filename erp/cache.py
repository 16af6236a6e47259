"""The Redis cache, tolerant of Redis being down.

What the cache holds here can be lost: role codes (read again from the database), master lists, the
tokens' revocation marks, throttle counts, the refresh-replay pairs. Django's Redis backend raises on
every call while Redis is unreachable, which would answer 500 to every signed-in call (the token
check reads the cache) and so stop the tills. This backend logs the failure and answers as a cache
that holds nothing: reads miss, writes are dropped. What that gives up while Redis is down is stated
in docs/security.md ("When Redis is down"); the health check still reports the cache down."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


def _or(default: Callable[..., Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Runs the cache call; on a Redis error logs it and answers `default(*args, **kwargs)`."""

    def wrap(method: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(method)
        def tolerant(self: RedisCache, *args: Any, **kwargs: Any) -> Any:
            try:
                return method(self, *args, **kwargs)
            except RedisError:
                logger.warning("cache %s failed: Redis unreachable, answered as a miss", method.__name__)
                return default(*args, **kwargs)

        return tolerant

    return wrap


def _given_default(key: str, default: Any = None, version: int | None = None) -> Any:
    return default


class TolerantRedisCache(RedisCache):
    get = _or(_given_default)(RedisCache.get)
    get_many = _or(lambda *args, **kwargs: {})(RedisCache.get_many)
    has_key = _or(lambda *args, **kwargs: False)(RedisCache.has_key)
    set = _or(lambda *args, **kwargs: None)(RedisCache.set)
    add = _or(lambda *args, **kwargs: False)(RedisCache.add)
    touch = _or(lambda *args, **kwargs: False)(RedisCache.touch)
    set_many = _or(lambda keys, *args, **kwargs: list(keys))(RedisCache.set_many)
    delete = _or(lambda *args, **kwargs: False)(RedisCache.delete)
    delete_many = _or(lambda *args, **kwargs: None)(RedisCache.delete_many)
