"""Character bigrams of a member's name, the index behind name-fragment search.

Most Chinese names have two or three characters, and a trigram index cannot find a two-character
fragment (pg_trgm also skips CJK characters under the C locale). So each member keeps the set of
its name's two-character pieces in `Member.name_grams`; a GIN index over
`string_to_array(name_grams, ' ')` finds the members whose pieces contain all of a fragment's pieces,
and a LIKE on the name rechecks the order (migration 0002)."""

from __future__ import annotations


def normalised(text: str) -> str:
    return "".join((text or "").split()).lower()


def name_grams(text: str) -> list[str]:
    """The distinct bigrams of `text`, lower-cased and without spaces, sorted; [] under 2 characters."""
    value = normalised(text)
    return sorted({value[i : i + 2] for i in range(len(value) - 1)})


def name_grams_text(text: str) -> str:
    return " ".join(name_grams(text))
