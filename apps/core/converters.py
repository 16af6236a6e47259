"""Path converters of the /rest/ URLs. `<id:...>` is a record id that fits PostgreSQL's integer;
`<signed_id:...>` also takes a minus sign (-1 names the store-employee login's entry); `<code:...>`
is a code of at most 32 letters, digits, `_` or `-`; `<flag:...>` is 0 or 1. A number
outside the integer range matches no route and answers the 404 envelope, never an overflow in a
query. Their schemas are SPECTACULAR_SETTINGS["PATH_CONVERTER_OVERRIDES"]."""

from __future__ import annotations

from django.urls import register_converter

from apps.core.fields import PG_INTEGER_MAX, PG_INTEGER_MIN


class IdConverter:
    regex = "[0-9]{1,10}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > PG_INTEGER_MAX:
            raise ValueError("not an id")  # Django takes it as "no match"
        return number

    def to_url(self, value: int) -> str:
        return str(value)


class SignedIdConverter(IdConverter):
    regex = "-?[0-9]{1,10}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not PG_INTEGER_MIN <= number <= PG_INTEGER_MAX:
            raise ValueError("not an id")
        return number


class CodeConverter:
    """`<code:...>`: a short code of master data (a type name, a region code), never a long text."""

    regex = "[0-9A-Za-z_-]{1,32}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class FlagConverter:
    """`<flag:...>`: 0 or 1 (a receipt printed with or without its amounts)."""

    regex = "[01]"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class TokenConverter(CodeConverter):
    """`<token:...>`: a signed token in an address (Django's signing: base64url and `:`), e.g. a
    member's evaluation link; a bounded length, so no address carries an arbitrary text."""

    regex = "[0-9A-Za-z_:-]{1,200}"


register_converter(IdConverter, "id")
register_converter(SignedIdConverter, "signed_id")
register_converter(CodeConverter, "code")
register_converter(FlagConverter, "flag")
register_converter(TokenConverter, "token")
