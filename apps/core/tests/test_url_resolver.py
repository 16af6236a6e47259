"""The remembering URL resolver (apps.core.url_resolver) answers what the patterns answer."""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.urls import URLPattern, URLResolver, get_resolver, include, path, resolve
from django.urls.exceptions import Resolver404
from django.urls.resolvers import RegexPattern

from apps.core.url_resolver import RememberingResolver, remembered_include


def _view(request, **kwargs):
    return HttpResponse()


def _other(request, **kwargs):
    return HttpResponse()


PATTERNS: list[URLPattern | URLResolver] = [
    path("", include([path("card/<int:card_id>", _view, name="card")])),
    path("order/commit", _other, name="commit"),
]


def _root(*patterns):
    return URLResolver(RegexPattern(r"^/"), list(patterns))


def test_a_remembered_path_resolves_as_the_patterns_do() -> None:
    remembering = _root(remembered_include("rest/", PATTERNS))
    plain = _root(path("rest/", include(PATTERNS)))

    for url in ("/rest/card/7", "/rest/order/commit", "/rest/order/commit", "/rest/card/7"):
        got, expected = remembering.resolve(url), plain.resolve(url)
        assert (got.func, got.args, got.kwargs, got.url_name, got.route) == (
            expected.func, expected.args, expected.kwargs, expected.url_name, expected.route,
        )  # fmt: skip


def test_each_id_in_a_path_keeps_its_own_arguments() -> None:
    resolver = _root(remembered_include("rest/", PATTERNS))

    assert [resolver.resolve(f"/rest/card/{n}").kwargs for n in (1, 2, 1)] == [
        {"card_id": 1}, {"card_id": 2}, {"card_id": 1},
    ]  # fmt: skip


def test_an_unknown_path_is_refused_each_time() -> None:
    resolver = _root(remembered_include("rest/", PATTERNS))

    for _ in range(2):
        with pytest.raises(Resolver404):
            resolver.resolve("/rest/nothing")


def test_the_project_remembers_its_rest_paths() -> None:
    [rest] = [p for p in get_resolver().url_patterns if str(p.pattern) == "rest/"]

    assert isinstance(rest, RememberingResolver)
    assert resolve("/rest/member/search").url_name == "member-search"
