"""Paging of the API contract §2: `pageNo` (from 1) and `pageSize` in, `{list, total}` out."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from apps.core.errors import InvalidInput

DEFAULT_PAGE_SIZE = 10
MAX_PAGE_SIZE = 200


@dataclass(frozen=True)
class PageRequest:
    page_no: int = 1
    page_size: int = DEFAULT_PAGE_SIZE

    @property
    def offset(self) -> int:
        return (self.page_no - 1) * self.page_size


def _positive_int(raw: Any, field: str, message: str) -> int:
    try:
        value = int(str(raw).strip())
    except (TypeError, ValueError):
        raise InvalidInput(message, field=field) from None
    if value < 1:
        raise InvalidInput(message, field=field)
    return value


def page_request_from(params: Mapping[str, Any]) -> PageRequest:
    """Reads pageNo and pageSize from query parameters or a body; refuses pageSize above 200."""
    page_no = params.get("pageNo")
    page_size = params.get("pageSize")
    no = 1 if page_no in (None, "") else _positive_int(page_no, "pageNo", _("pageNo must be a whole number from 1"))
    size = (
        DEFAULT_PAGE_SIZE
        if page_size in (None, "")
        else _positive_int(page_size, "pageSize", _("pageSize must be a whole number from 1 to 200"))
    )
    if size > MAX_PAGE_SIZE:
        raise InvalidInput(_("pageSize must be a whole number from 1 to 200"), field="pageSize")
    return PageRequest(page_no=no, page_size=size)


def paginate(
    rows: QuerySet | list, page: PageRequest, render: Callable[[Iterable[Any]], list[Any]] = list
) -> dict[str, Any]:
    """One page of rows as `{list, total}`: one COUNT and one SELECT for a queryset."""
    total = rows.count() if isinstance(rows, QuerySet) else len(rows)
    window = rows[page.offset : page.offset + page.page_size]
    return {"list": render(window), "total": total}
