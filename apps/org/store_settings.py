"""Settings with a chain-wide entry and per-store overrides: the payment providers' merchant
accounts (PAYMENT_PROVIDERS) and the group-buy platforms' accounts (GROUPBUY_PLATFORMS). An entry
may name stores (`"stores": {"<store id or code>": {...}}`) whose own values replace the chain's;
a secret is given as `<field>_file` (a file) or `<field>_env` (an environment variable), never
written in the settings or the repository."""

from __future__ import annotations

import os
from pathlib import Path

from apps.core.json_types import JsonObject
from apps.org.selectors import store_codes


def setting_value(entry: JsonObject, name: str, *, strip: bool = False) -> str | None:
    """A field of an entry, given plain, in a file or in an environment variable; None when the
    entry does not give it. `strip`: a file's surrounding white space is not part of the value
    (a token saved by an editor ends in a newline; a PEM key is read as written)."""
    if name in entry:
        return str(entry[name])
    if f"{name}_file" in entry:
        text = Path(entry[f"{name}_file"]).read_text(encoding="utf-8")
        return text.strip() if strip else text
    if f"{name}_env" in entry:
        return os.environ.get(entry[f"{name}_env"], "")
    return None


def store_override(entry: JsonObject | None, store_id: int | None) -> str:
    """The key of the store's own override in an entry's `stores` (its id, else its code), or ""
    when the store has none and the chain-wide entry holds."""
    stores = (entry or {}).get("stores") or {}
    if store_id is None or not stores:
        return ""
    if str(store_id) in stores:
        return str(store_id)
    code = store_codes(store_ids=[store_id]).get(store_id)
    return code if code and code in stores else ""
