"""Every message the server code marks for translation has its Chinese in the catalogue: a new
gettext("...") without a .po entry would reach a Chinese page in English (found once: the
idempotency refusals and the billing log actions)."""

from __future__ import annotations

import ast
from pathlib import Path

from django.conf import settings
from django.utils import translation

APPS = Path(settings.BASE_DIR) / "apps"
PLAIN = {"_", "gettext", "gettext_lazy"}
WITH_CONTEXT = {"pgettext", "pgettext_lazy"}
# Texts that read the same in every language (a format, not words).
SAME_IN_EVERY_LANGUAGE = {"#RRGGBB"}


def _marked() -> list[tuple[str, str | None, str]]:
    """(message, context, where) for each call of a translation function with literal text."""
    found: list[tuple[str, str | None, str]] = []
    for path in sorted(APPS.rglob("*.py")):
        if "tests" in path.parts or "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            texts = [arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
            where = f"{path.relative_to(APPS)}:{node.lineno}"
            if node.func.id in PLAIN and len(texts) == 1 and len(node.args) == 1:
                found.append((texts[0], None, where))
            elif node.func.id in WITH_CONTEXT and len(texts) == 2:
                found.append((texts[1], texts[0], where))
    return found


def test_every_marked_message_has_its_chinese():
    assert len(_marked()) > 500  # the walk finds the project's messages at all
    with translation.override("zh-hans"):
        missing = [
            (where, text)
            for text, context, where in _marked()
            if text not in SAME_IN_EVERY_LANGUAGE
            and (translation.pgettext(context, text) if context else translation.gettext(text)) == text
        ]
    assert missing == []
