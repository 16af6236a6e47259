"""Static files as WhiteNoise serves them in production (docs/decisions/0006-whitenoise.md)."""

from __future__ import annotations

from typing import Any

from whitenoise.storage import CompressedManifestStaticFilesStorage

# Vite's output: every script is named `<name>-<content hash>.js` (frontend/vite.config.ts).
VITE_OUTPUT = "dist/"


class StaticStorage(CompressedManifestStaticFilesStorage):
    """Compressed files with a content hash in their names, except Vite's output: it is already
    hashed, and its scripts import each other by those names, so a second hash would send the browser
    to other files than the modulepreload links django-vite writes."""

    def hashed_name(self, name: str, content: Any = None, filename: str | None = None) -> str:
        if name.startswith(VITE_OUTPUT):
            return name
        return super().hashed_name(name, content, filename)
