"""A URL resolver that remembers where each path led.

Django finds a request's view by trying the patterns in order, on every request: under /rest/ about
250 of them across the apps' lists, 0.1–0.4 ms a call for the till's paths (docs/performance.md, "The
till at the database's speed", third round). The answer for a path never changes while the process
runs, so the resolver keeps the last few thousand answers and tries the patterns only for a path it
has not seen. Paths that carry an id (`…/findErpAllCard/123`) take turns in the bounded memory."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from django.urls import URLPattern, URLResolver
from django.urls.resolvers import ResolverMatch, RoutePattern

REMEMBERED_PATHS = 4096


class RememberingResolver(URLResolver):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Per resolver (a test's own URL list gets its own memory); lru_cache is safe across threads.
        self._remembered = lru_cache(maxsize=REMEMBERED_PATHS)(self._resolve_anew)

    def resolve(self, path: Any) -> ResolverMatch:
        # An unknown path raises Resolver404, which is not remembered.
        return self._remembered(str(path))

    def _resolve_anew(self, path: str) -> ResolverMatch:
        match = super().resolve(path)
        # The list of patterns tried before the match is read by nothing once a view is found, and the
        # root resolver copies it into each answer: 30–60 µs a request for the apps' late paths.
        match.tried = None
        return match


def remembered_include(route: str, patterns: Sequence[URLPattern | URLResolver]) -> RememberingResolver:
    """`path(route, include(patterns))`, whose answers are remembered per path."""
    return RememberingResolver(RoutePattern(route, is_endpoint=False), list(patterns))
