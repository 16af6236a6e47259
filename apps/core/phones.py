"""Phone masking (spec §6): a member's phone is shown masked in every search and list answer, and a
search by a fragment of a phone finds, for a role that may not see phones whole, only what the mask
shows (issue 10): otherwise a handful of fragment searches would rebuild the hidden digits."""

from __future__ import annotations

import re

from django.db.models import Q

MASK = "****"

# The digits the mask shows at the start and at the end, by the phone's length: 11 digits keep the
# first 3 and the last 4 (138****5678), 8 digits the first 2 and the last 2 (91****78).
SHOWN_DIGITS = {11: (3, 4), 8: (2, 2)}
# Any other length keeps only its last 2 (or nothing, at 2 digits or fewer), so no unexpected format
# leaks whole.
OTHER_SHOWN_TAIL = 2


def shown_digits(length: int) -> tuple[int, int]:
    """How many leading and trailing digits the mask shows of a phone of `length` characters."""
    if length in SHOWN_DIGITS:
        return SHOWN_DIGITS[length]
    return (0, OTHER_SHOWN_TAIL) if length > OTHER_SHOWN_TAIL else (0, 0)


def mask_phone(phone: str | None) -> str:
    """The phone with its hidden digits as stars (SHOWN_DIGITS)."""
    if not phone:
        return ""
    digits = phone.strip()
    head, tail = shown_digits(len(digits))
    if len(digits) in SHOWN_DIGITS:
        return f"{digits[:head]}{MASK}{digits[len(digits) - tail :]}"
    return "*" * (len(digits) - tail) + digits[len(digits) - tail :]


def fragment_is_shown(phone: str, fragment: str) -> bool:
    """Whether the masked phone shows `fragment` in the clear: it is the whole number, or a start
    within the shown head, or an end within the shown tail."""
    head, tail = shown_digits(len(phone))
    size = len(fragment)
    return phone == fragment or (
        0 < size < len(phone)
        and ((size <= head and phone.startswith(fragment)) or (size <= tail and phone.endswith(fragment)))
    )


def shown_fragment_q(fragment: str, field: str = "phone") -> Q:
    """The database form of `fragment_is_shown`: the rows whose masked `field` shows `fragment`.
    A fragment of 4 or more digits (what every fragment search asks for) is an end of an 11-digit
    number or the whole number; the regular expressions pin the number's length, and pg_trgm's
    index serves them as it serves LIKE."""
    size = len(fragment)
    found = Q(**{field: fragment})
    if not size:
        return found
    text = re.escape(fragment)
    for length, (head, tail) in SHOWN_DIGITS.items():
        if size < length and size <= head:
            found |= Q(**{f"{field}__regex": f"^{text}.{{{length - size}}}$"})
        if size < length and size <= tail:
            found |= Q(**{f"{field}__regex": f"^.{{{length - size}}}{text}$"})
    if size <= OTHER_SHOWN_TAIL:
        other_lengths = "|".join(f".{{{length}}}" for length in SHOWN_DIGITS)
        found |= (
            Q(**{f"{field}__endswith": fragment})
            & Q(**{f"{field}__regex": f"^.{{{OTHER_SHOWN_TAIL + 1},}}$"})
            & ~Q(**{f"{field}__regex": f"^({other_lengths})$"})
        )
    return found


# A phone inside free text (a log entry's detail or object name): a mainland mobile (1, then 3 to 9,
# 11 digits; spec §5) or an 8-digit Hong Kong / Macau number, standing alone, i.e. not part of a
# longer run of digits (an order number, a timestamp). An 8-digit run that is something else (an id)
# is masked too: showing a phone whole is the worse mistake.
_PHONE_IN_TEXT = re.compile(r"(?<!\d)(?:1[3-9]\d{9}|\d{8})(?!\d)")


def mask_phones_in_text(text: str) -> str:
    """`text` with every phone in it masked as `mask_phone` masks it."""
    return _PHONE_IN_TEXT.sub(lambda found: mask_phone(found.group()), text)


def mask_phones_in(value: object) -> object:
    """A JSON value (a log entry's detail) with the phones in its texts and keys masked; numbers
    written as JSON numbers are masked when they read as a phone."""
    if isinstance(value, str):
        return mask_phones_in_text(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        masked = mask_phones_in_text(str(value))
        return value if masked == str(value) else masked
    if isinstance(value, dict):
        return {mask_phones_in_text(str(key)): mask_phones_in(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [mask_phones_in(item) for item in value]
    return value
