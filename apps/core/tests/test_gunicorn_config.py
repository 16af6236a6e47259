"""gunicorn.conf.py, as the image and the benches run it: after a worker loads Django it has the URL
patterns imported and what it loaded frozen out of the garbage collector's rounds."""

from __future__ import annotations

import gc
import runpy
from pathlib import Path

from django.conf import settings


def test_a_worker_imports_the_urls_and_freezes_what_it_loaded():
    config = runpy.run_path(str(Path(settings.BASE_DIR) / "gunicorn.conf.py"))
    gc.unfreeze()
    try:
        config["post_worker_init"](worker=None)

        assert gc.get_freeze_count() > 10_000  # Django, the apps, their views and serializers
    finally:
        gc.unfreeze()
