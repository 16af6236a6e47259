#!/bin/sh
# The image's entrypoint: brings the database to this release's schema, then runs the command (by
# default gunicorn; Celery's worker and beat set MIGRATE=0, so that only the web container migrates).
set -eu

if [ "${MIGRATE:-1}" = "1" ]; then
    python manage.py migrate --no-input
fi

exec "$@"
