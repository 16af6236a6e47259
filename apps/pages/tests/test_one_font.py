"""One font everywhere (issue 28 §9): the theme's (frontend/src/islands/theme.ts, set on every page's
body by CssBaseline) is the only font a page's stylesheet or a server template names; the 404 page
once had its own."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
THEME = ROOT / "frontend" / "src" / "islands" / "theme.ts"
FONT_DECLARATION = re.compile(r"font-family:\s*([^;}]+)")


def _theme_font() -> str:
    found = re.search(r"export const FONT_FAMILY =\s*'([^']+)'", THEME.read_text(encoding="utf-8"))
    assert found, "theme.ts names its font in FONT_FAMILY"
    return found.group(1)


def _styled_files() -> list[Path]:
    templates = [*ROOT.joinpath("templates").rglob("*.html"), *ROOT.joinpath("apps").glob("*/templates/**/*.html")]
    return [*templates, *ROOT.joinpath("frontend", "src").rglob("*.css")]


def test_every_font_a_page_names_is_the_themes():
    font = _theme_font()
    named = {
        str(path.relative_to(ROOT)): " ".join(declared.split())
        for path in _styled_files()
        for declared in FONT_DECLARATION.findall(path.read_text(encoding="utf-8"))
    }
    assert named, "the server's own pages name the font"
    assert {path: declared for path, declared in named.items() if declared != font} == {}
