"""The input layer: the bounded field types every request serializer uses (issue 10, item 9).

Each type refuses what the database or the date arithmetic behind it cannot hold, with a 400
`VALID-40000` on the field, so a new endpoint inherits the bounds by using these types:

- IntegerField: within PostgreSQL's `integer` unless a narrower (or, for a bigint column, wider)
  range is given.
- DateField, DateTimeField: from 1900-01-01 to 2100-12-31, so `date ± days` never overflows and
  every date fits the columns and the calendar pages.
- CharField, RegexField: a max_length is required; NUL and lone surrogates are refused (DRF's own
  validators, kept).
- IdListField: ids given as one comma-separated query parameter, each a bounded id.
- number(kind): a quantity or an amount a person types, within the realistic bounds of its kind in
  apps.core.bounds (an IntegerField, or a DecimalField whose range is checked before its digits).
- query_text: the CharField bounds for a query parameter a view reads by hand.

apps/core/tests/test_input_bounds.py walks every serializer the API reads and fails on a field that is
not one of these (or has no bound), and on a list without a max_length.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.dateparse import parse_date
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.core.bounds import Bound, shown
from apps.core.errors import InvalidInput
from apps.core.lazy_text import StrOrPromise

PG_INTEGER_MIN = -(2**31)
PG_INTEGER_MAX = 2**31 - 1
PG_BIGINT_MIN = -(2**63)
PG_BIGINT_MAX = 2**63 - 1

DATE_MIN = date(1900, 1, 1)
DATE_MAX = date(2100, 12, 31)


class Bounded:
    """Marks a field type of this module: the walk in test_input_bounds accepts only these."""


class IntegerField(Bounded, serializers.IntegerField):
    # The kind of apps.core.bounds when number() made it; an id or a code has none.
    bound: Bound | None = None

    def __init__(
        self,
        *,
        min_value: int = PG_INTEGER_MIN,
        max_value: int = PG_INTEGER_MAX,
        bound: Bound | None = None,
        **kwargs: Any,
    ) -> None:
        if min_value is None or max_value is None or min_value < PG_BIGINT_MIN or max_value > PG_BIGINT_MAX:
            raise ImproperlyConfigured("an IntegerField needs bounds within PostgreSQL's bigint")
        # A constructor argument, not an attribute set afterwards: DRF copies a serializer's fields
        # by calling the constructor again.
        self.bound = bound
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)


class DecimalField(Bounded, serializers.DecimalField):
    """A decimal within `min_value` and `max_value`, made by number(): the range is checked before the
    digits, so 9,999,999,999 answers the kind's "at most 99,999 units", not a count of digits."""

    bound: Bound | None = None

    def __init__(self, *, min_value: Decimal, max_value: Decimal, bound: Bound | None = None, **kwargs: Any) -> None:
        self.bound = bound
        self.low, self.high = min_value, max_value
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def validate_precision(self, value: Decimal) -> Decimal:
        if value > self.high:
            self.fail("max_value", max_value=self.high)
        if value < self.low:
            self.fail("min_value", min_value=self.low)
        return super().validate_precision(value)


def number(
    bound: Bound,
    *,
    low: Decimal | int | None = None,
    high: Decimal | int | None = None,
    places: int | None = None,
    **kwargs: Any,
) -> IntegerField | DecimalField:
    """The request field of a quantity or an amount of the kind `bound` (apps.core.bounds): its range,
    narrowed by `low`/`high` where a call takes less (a receipt's line at least 0.001 units), and its
    decimals (`places` 0: a whole number of a decimal kind, as owed goods are handed over)."""
    low = Decimal(bound.low if low is None else low)
    high = Decimal(bound.high if high is None else high)
    places = bound.places if places is None else places
    if not bound.low <= low <= high <= bound.high or places > bound.places:
        raise ImproperlyConfigured(f"number({bound.key}) can only narrow its kind's range and decimals")
    messages = {
        "min_value": format_lazy(bound.too_small, low=shown(low), high=shown(high)),
        "max_value": format_lazy(bound.too_big, low=shown(low), high=shown(high)),
    }
    if places == 0:
        return IntegerField(min_value=int(low), max_value=int(high), bound=bound, error_messages=messages, **kwargs)
    whole_digits = len(str(int(max(abs(low), abs(high)))))
    return DecimalField(
        min_value=low,
        max_value=high,
        max_digits=whole_digits + places,
        decimal_places=places,
        bound=bound,
        error_messages=messages,
        **kwargs,
    )


# Mixed into fields of dates and of times alike, so it fixes none of a field's value types.
class _DateRange(serializers.Field[Any, Any, Any, Any]):
    default_error_messages = {
        "date_range": _("enter a date from {min} to {max}"),
    }

    def _check_range(self, day: date) -> None:
        if not DATE_MIN <= day <= DATE_MAX:
            self.fail("date_range", min=DATE_MIN.isoformat(), max=DATE_MAX.isoformat())


class DateField(Bounded, _DateRange, serializers.DateField):
    def to_internal_value(self, value: Any) -> date:
        day = super().to_internal_value(value)
        self._check_range(day)
        return day


class DateTimeField(Bounded, _DateRange, serializers.DateTimeField):
    def to_internal_value(self, value: Any) -> datetime:
        # The date is checked before the zone is applied: at 0001-01-01 or 9999-12-31 that overflows.
        if isinstance(value, str):
            try:
                day = parse_date(value[:10])
            except ValueError:
                day = None
            if day is not None:
                self._check_range(day)
        try:
            moment = super().to_internal_value(value)
        except OverflowError:
            self.fail("date_range", min=DATE_MIN.isoformat(), max=DATE_MAX.isoformat())
        self._check_range(moment.date())
        return moment


class CharField(Bounded, serializers.CharField):
    """DRF's CharField already refuses NUL and lone surrogates; this one also needs a max_length."""

    def __init__(self, *, max_length: int, **kwargs: Any) -> None:
        if not max_length:
            raise ImproperlyConfigured("a CharField needs a max_length")
        super().__init__(max_length=max_length, **kwargs)


class RegexField(Bounded, serializers.RegexField):
    def __init__(self, regex: Any, *, max_length: int, **kwargs: Any) -> None:
        if not max_length:
            raise ImproperlyConfigured("a RegexField needs a max_length")
        super().__init__(regex, max_length=max_length, **kwargs)


class MonthField(RegexField):
    """A month as YYYY-MM, parsed to its first day."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(r"^\d{4}-(0[1-9]|1[0-2])$", max_length=7, **kwargs)

    def run_validation(self, data: Any = serializers.empty) -> date:
        text = super().run_validation(data)
        year = int(text[:4])
        # The pattern lets through year 0000 and years no period holds: the dates' own range refuses them.
        if not DATE_MIN.year <= year <= DATE_MAX.year:
            raise serializers.ValidationError(
                _("enter a date from {min} to {max}").format(min=DATE_MIN.isoformat(), max=DATE_MAX.isoformat())
            )
        return date(year, int(text[5:7]), 1)


class TimeField(Bounded, serializers.TimeField):
    """Times have no range to bound; the type is here so every input field comes from this module."""


@extend_schema_field({"type": "string", "format": "binary"})
class FileField(Bounded, serializers.FileField):
    """An uploaded file of at most `max_bytes` (the upload limits of settings bound the request)."""

    default_error_messages = {"too_large": _("the file can have at most {max_bytes} bytes")}

    def __init__(self, *, max_bytes: int, **kwargs: Any) -> None:
        if not max_bytes:
            raise ImproperlyConfigured("a FileField needs a max_bytes")
        self.max_bytes = max_bytes
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> Any:
        uploaded = super().to_internal_value(data)
        if uploaded.size > self.max_bytes:
            self.fail("too_large", max_bytes=self.max_bytes)
        return uploaded


class IdListField(Bounded, serializers.CharField):
    """Ids in one query parameter, comma-separated ("3,5,8"): at most `max_items`, each an id."""

    default_error_messages = {
        "id_list": _("enter ids separated by commas"),
        "id_list_length": _("at most {max_items} ids"),
    }

    def __init__(self, *, max_items: int, **kwargs: Any) -> None:
        self.max_items = max_items
        # Ten digits and a comma per id at most: longer text cannot be a valid list.
        super().__init__(max_length=max_items * 11, **kwargs)

    def to_internal_value(self, data: Any) -> list[int]:  # type: ignore[override]
        text = super().to_internal_value(data)
        if self.max_length is not None and len(text) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        parts = [part.strip() for part in text.split(",") if part.strip()]
        if len(parts) > self.max_items:
            self.fail("id_list_length", max_items=self.max_items)
        if not all(part.isascii() and part.isdigit() and 0 < int(part) <= PG_INTEGER_MAX for part in parts):
            self.fail("id_list")
        return [int(part) for part in parts]

    def run_validators(self, value: Any) -> None:
        # The text's validators (length, NUL) ran in to_internal_value, before it became a list.
        return None


def query_text(
    params: Mapping[str, Any],
    name: str,
    *,
    max_length: int,
    trim: bool = False,
    too_long: StrOrPromise | None = None,
) -> str:
    """A text query parameter read without a serializer (the hottest searches skip one): the bounds of
    CharField, at most `max_length` characters and no NUL, refused as a VALID-40000 on `name`.
    `trim` measures the text without its outer blanks, as CharField does by default; `too_long` is
    the message of a rule whose limit this is, so the input layer answers in the rule's words."""
    value = params.get(name) or ""
    if len(value.strip() if trim else value) > max_length:
        message = too_long or serializers.CharField.default_error_messages["max_length"].format(max_length=max_length)
        raise InvalidInput(message, field=name)
    if "\x00" in value:
        raise InvalidInput(ProhibitNullCharactersValidator.message, field=name)
    return value
