"""The one place rich text is made safe (nh3, the Ammonia sanitiser). Message services call it on
every save, so what the database holds can be shown as HTML as it is."""

from __future__ import annotations

import nh3

from apps.messaging.choices import (
    RICH_TEXT_ATTRIBUTES,
    RICH_TEXT_STYLE_PROPERTIES,
    RICH_TEXT_TAGS,
    RICH_TEXT_URL_SCHEMES,
)

_CLEANER = nh3.Cleaner(
    tags=set(RICH_TEXT_TAGS),
    clean_content_tags={"script", "style"},
    attributes={tag: set(names) for tag, names in RICH_TEXT_ATTRIBUTES.items()},
    url_schemes=set(RICH_TEXT_URL_SCHEMES),
    filter_style_properties=set(RICH_TEXT_STYLE_PROPERTIES),
    link_rel="noopener noreferrer",
    strip_comments=True,
)


def sanitize_rich_text(html: str) -> str:
    """Keeps formatting, safe links and images; drops scripts, event handlers, `javascript:` URLs,
    and tags and styles outside the lists of apps.messaging.choices."""
    return _CLEANER.clean(html or "")
