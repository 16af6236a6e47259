"""Paging of the API contract §2: `pageNo` (from 1) and `pageSize` in, `{list, total}` out.

Every paged list declares PageInputSerializer among its schema parameters (one shared set;
apps/core/tests/test_input_bounds.py checks every view that pages) and reads them with
page_request_from."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from django.db.models import Count, QuerySet, Window
from django.utils.translation import gettext as _
from rest_framework import serializers

from apps.core.errors import InvalidInput
from apps.core.fields import IntegerField

DEFAULT_PAGE_SIZE = 10
MAX_PAGE_SIZE = 200
# No one pages this far; the cap keeps the offset ((pageNo - 1) × pageSize) well inside bigint.
MAX_PAGE_NO = 1_000_000


class PageInputSerializer(serializers.Serializer[Any]):
    """The paging parameters of every paged list, for the schema."""

    pageNo = IntegerField(required=False, min_value=1, max_value=MAX_PAGE_NO, help_text="from 1, default 1")
    pageSize = IntegerField(required=False, min_value=1, max_value=MAX_PAGE_SIZE, help_text="1 to 200, default 10")


@dataclass(frozen=True)
class PageRequest:
    page_no: int = 1
    page_size: int = DEFAULT_PAGE_SIZE

    @property
    def offset(self) -> int:
        return (self.page_no - 1) * self.page_size


def _whole_number(raw: Any, field: str, highest: int, message: str) -> int:
    text = str(raw).strip()
    # At most as many digits as the highest value: int() of a long text costs time before it fails.
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(highest))) or not 1 <= int(text) <= highest:
        raise InvalidInput(message, field=field)
    return int(text)


def page_request_from(params: Mapping[str, Any]) -> PageRequest:
    """Reads pageNo (1 to 1,000,000) and pageSize (1 to 200) from query parameters or a body."""
    page_no = params.get("pageNo")
    page_size = params.get("pageSize")
    no = (
        1
        if page_no in (None, "")
        else _whole_number(page_no, "pageNo", MAX_PAGE_NO, _("pageNo must be a whole number from 1 to 1000000"))
    )
    size = (
        DEFAULT_PAGE_SIZE
        if page_size in (None, "")
        else _whole_number(page_size, "pageSize", MAX_PAGE_SIZE, _("pageSize must be a whole number from 1 to 200"))
    )
    return PageRequest(page_no=no, page_size=size)


# One page of a list as the contract writes it (§2); `list` is a key, hence the functional form.
class Page(TypedDict):
    list: list[Any]
    total: int


def paginate(
    rows: QuerySet[Any] | list[Any], page: PageRequest, render: Callable[[Iterable[Any]], list[Any]] = list
) -> Page:
    """One page of rows as `{list, total}`: one COUNT and one SELECT for a queryset."""
    total = rows.count() if isinstance(rows, QuerySet) else len(rows)
    window = rows[page.offset : page.offset + page.page_size]
    return {"list": render(window), "total": total}


def paginate_with_window_count(
    rows: QuerySet[Any], page: PageRequest, render: Callable[[Iterable[Any]], list[Any]] = list
) -> Page:
    """`paginate` in one query: the total rides on each row as COUNT(*) OVER (), for lists read often
    (a card's ledger). A page past the end has no row to carry it, and costs a COUNT more."""
    window = list(rows.annotate(full_count=Window(Count("pk")))[page.offset : page.offset + page.page_size])
    total = window[0].full_count if window else (rows.count() if page.offset else 0)
    return {"list": render(window), "total": total}
