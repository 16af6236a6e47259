# syntax=docker/dockerfile:1

# The two base images are build arguments, so that a machine with no registry can build on local
# stand-ins (docker/standins.sh, `make image-check`); the official images are the defaults.
ARG NODE_IMAGE=node:20-bookworm-slim
ARG PYTHON_IMAGE=python:3.11-slim-bookworm

# --- Stage 1: build the React pages (Vite) -------------------------------
FROM ${NODE_IMAGE} AS frontend

WORKDIR /app/frontend

# Dependencies first, so this layer is reused while only sources change.
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund

COPY frontend/ ./
# The build checks the generated API types against the committed schema (frontend/scripts/types.mjs).
COPY docs/openapi.yaml /app/docs/openapi.yaml
# outDir is ../static/dist, so the bundles and manifest.json land in /app/static/dist.
RUN npm run build


# --- Stage 2: what the application runs on: Python and its packages ------
FROM ${PYTHON_IMAGE} AS runtime

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Runtime dependencies only (requirements-dev.txt is not installed).
COPY requirements.txt ./
RUN pip install -r requirements.txt


# --- Stage 3: translations and static files -------------------------------
# Made with GNU gettext (msgfmt), which the running image does not need: about 130 MB left behind.
FROM runtime AS assets

RUN apt-get update \
    && apt-get install -y --no-install-recommends gettext \
    && rm -rf /var/lib/apt/lists/*

COPY . .
# outDir is ../static/dist, so the bundles and manifest.json land in /app/static/dist.
COPY --from=frontend /app/static/dist ./static/dist

# Settings refuse to load without SECRET_KEY when DEBUG is off, or without a PostgreSQL
# DATABASE_URL; these values exist only for these two build commands (which connect to no database)
# and are not kept in the image.
RUN DEBUG=0 SECRET_KEY=build-only-not-secret HANDOVER_KEY=YnVpbGQtb25seS1ub3Qtc2VjcmV0LWJ1aWxkLW9ubHk= DATABASE_URL=postgres://build@localhost/build \
        python manage.py compilemessages \
    && DEBUG=0 SECRET_KEY=build-only-not-secret HANDOVER_KEY=YnVpbGQtb25seS1ub3Qtc2VjcmV0LWJ1aWxkLW9ubHk= DATABASE_URL=postgres://build@localhost/build \
        python manage.py collectstatic --noinput


# --- Stage 4: the image ---------------------------------------------------
FROM runtime

COPY . .
# django-vite reads static/dist/manifest.json; whitenoise serves the collected, compressed copies.
COPY --from=assets /app/static/dist ./static/dist
COPY --from=assets /app/staticfiles ./staticfiles
COPY --from=assets /app/locale ./locale

# Unprivileged user, whose home (/app) it may not write. /app/data is the one writable directory,
# for uploaded files (members' signatures; compose keeps /app/data/media on a volume). The database
# is PostgreSQL at DATABASE_URL, which the container is given.
RUN groupadd --system --gid 10001 app \
    && useradd --system --uid 10001 --gid app --home-dir /app --no-create-home app \
    && mkdir -p /app/data/media \
    && chown -R app:app /app/data

ENV MEDIA_ROOT=/app/data/media

USER 10001:10001

EXPOSE 8000

# /rest/health checks the database, the cache and the broker (docker/healthcheck.py sends a host
# from ALLOWED_HOSTS). The start period covers the migrations the entrypoint runs first.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "docker/healthcheck.py"]

# Migrations first (MIGRATE=0 skips them: Celery's containers), then the command.
ENTRYPOINT ["/app/docker/entrypoint.sh"]
# Workers, threads, no control socket: gunicorn.conf.py.
CMD ["gunicorn", "--config", "gunicorn.conf.py", "erp.wsgi:application"]
