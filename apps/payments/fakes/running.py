"""What `run_fake_providers` and `run_fake_platforms` (group-buy) share once their fakes run: the
settings file that points the back-office at them, and waiting until the command is stopped."""

from __future__ import annotations

import json
import signal
import threading
from pathlib import Path

from django.core.management.base import OutputWrapper

from apps.core.json_types import JsonObject


def write_settings_and_wait(out: OutputWrapper, file: Path, setting: str, entries: JsonObject) -> None:
    """Writes `entries` (each fake's settings entry) to `file`, says `setting=file` and waits for
    Ctrl-C or SIGTERM; the caller stops its fakes after."""
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(json.dumps(entries, indent=2), encoding="utf-8")
    file.chmod(0o600)  # the fakes' keys: throw-away, but keys all the same
    out.write(f"{setting}={file}")
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    try:
        done.wait()
    except KeyboardInterrupt:
        pass
