"""Gunicorn's settings, read from the working directory (the image's /app); docs/operations.md."""

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
