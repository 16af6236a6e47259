"""Gunicorn's settings, read from the working directory (the image's /app); docs/operations.md."""

import gc
import os

bind = [f"0.0.0.0:{os.environ.get('PORT', '8000')}"]

# Without Redis each process has its own cache, so a token revoked in one is still accepted by
# another: then one process, whose threads share that cache. With Redis, WEB_CONCURRENCY processes.
workers = int(os.environ.get("WEB_CONCURRENCY") or (3 if os.environ.get("REDIS_URL") else 1))
threads = int(os.environ.get("WEB_THREADS", "4"))

# The image's user may not write its home: no control socket (gunicorn 25.1+ makes one there by
# default), and the workers' heartbeat files in memory rather than on the container's disk.
control_socket_disable = True
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None

# Requests in the standard error log beside the application's.
accesslog = "-"


def post_worker_init(worker: object) -> None:
    """Once the worker has loaded Django: import the URL patterns, and with them every view, now
    rather than in the first request; then take everything loaded so far out of the garbage
    collector's rounds (gc.freeze). It lives as long as the process, and a full collection walked all
    of it: 110 ms, about once every 200 checkouts (docs/performance.md, issue 31, fourth round)."""
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 (the property imports the URLconf)
    gc.freeze()
