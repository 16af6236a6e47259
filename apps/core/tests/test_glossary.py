"""The server catalogue follows docs/glossary.md: no variant the glossary forbids, 已注销 only for a
member file, and no Chinese entry left equal to its English text (issue 12 §5)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = ROOT / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"
GLOSSARY = ROOT / "docs" / "glossary.md"

# Names, codes and formats that read the same in both languages.
SAME_IN_BOTH = {"#RRGGBB", "English"}
# 已注销 is the status of a closed member file; anywhere else a cancellation is 已取消.
MEMBER_FILE_ONLY = "已注销"


def _entries() -> list[tuple[str, str, str]]:
    """(context, msgid, msgstr) of every translated entry; obsolete and header entries left out."""
    entries = []
    for block in CATALOGUE.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        current = None
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            match = re.match(r"(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) (\".*\")$", line)
            if match:
                current = match.group(1)
                fields[current] = ast.literal_eval(match.group(2))
            elif line.startswith('"') and current:
                fields[current] += ast.literal_eval(line)
        if fields.get("msgid"):
            entries.append(
                (fields.get("msgctxt", ""), fields["msgid"], fields.get("msgstr", fields.get("msgstr[0]", "")))
            )
    return entries


def forbidden_variants() -> dict[str, str]:
    """Each variant the glossary's "not" column lists, mapped to the word to use instead."""
    variants = {}
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("English", "---") or not cells[2]:
            continue
        for variant in cells[2].split(","):
            word = variant.strip().split(" ")[0]
            if word and word != MEMBER_FILE_ONLY:
                variants[word] = cells[1]
    return variants


def test_the_glossary_forbids_some_variants():
    variants = forbidden_variants()
    assert {"取消了", "未到店", "客户", "产品套装", "优惠券"} <= set(variants)


def test_no_catalogue_entry_uses_a_variant_the_glossary_forbids():
    variants = forbidden_variants()
    found = [
        (msgid, msgstr, variant) for _context, msgid, msgstr in _entries() for variant in variants if variant in msgstr
    ]
    assert found == []


def test_closed_is_said_only_of_a_member_file():
    found = [
        (context, msgid, msgstr)
        for context, msgid, msgstr in _entries()
        if MEMBER_FILE_ONLY in msgstr and "member" not in f"{context} {msgid}".lower()
    ]
    assert found == []


def test_a_reservation_and_a_member_file_are_cancelled_in_different_words():
    """The reservation status says "cancelled" plainly; the member file's says it in its context
    (apps.booking.choices, apps.members.choices: their own tests read the labels)."""
    from django.utils.translation import gettext, override, pgettext

    with override("zh-hans"):
        assert gettext("cancelled") == "已取消"
        assert pgettext("member file", "cancelled") == "已注销"
        assert pgettext("operator", "System") == "系统"


def test_no_chinese_entry_is_left_equal_to_its_english():
    def is_format_only(text: str) -> bool:
        return re.fullmatch(r"[\s\W\d]*(%\(\w+\)[sd][\s\W\d]*)*", text) is not None

    same = [
        msgid
        for _context, msgid, msgstr in _entries()
        if msgstr == msgid and msgid not in SAME_IN_BOTH and not is_format_only(msgid)
    ]
    untranslated = [msgid for _context, msgid, msgstr in _entries() if not msgstr]
    assert same == [] and untranslated == []
