"""A real task through Redis: the test starts a worker thread, sends the task over the broker, waits
for its result in the result backend, and stops the worker.

The worker runs a fresh Celery app configured exactly like erp.celery (Django settings, namespace
CELERY) and pointed at Redis, on a queue of its own: the shared app may already hold an in-memory
broker pool from eager tasks earlier in the run, and another test run on the same Redis must not
take our task.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
import redis
from celery import Celery, current_app
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.utils import timezone
from rest_framework_simplejwt.token_blacklist.models import OutstandingToken

from apps.accounts.tests.factories import UserFactory

# settings.REDIS_URL, not the environment's: under pytest-xdist it is this worker's Redis database.
REDIS_URL = settings.REDIS_URL or "redis://127.0.0.1:6379/15"
TASK = "apps.accounts.tasks.flush_expired_tokens"


@pytest.fixture
def redis_app():
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.exceptions.ConnectionError:
        pytest.skip(f"no Redis at {REDIS_URL}")
    app = Celery("erp", set_as_current=False)
    app.config_from_object("django.conf:settings", namespace="CELERY")
    app.conf.update(
        broker_url=REDIS_URL,
        result_backend=REDIS_URL,
        task_always_eager=False,
        task_default_queue=f"test-{uuid.uuid4().hex}",
    )
    app.autodiscover_tasks(force=True)
    # start_worker makes its app the current and default one, and shared tasks follow the current app:
    # left so, every later test's .delay() would go to this closed app, not the project's eager one.
    project_app = current_app._get_current_object()
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10, loglevel="WARNING"):
            yield app
    finally:
        project_app.set_current()
        project_app.set_default()
        app.close()


@pytest.mark.django_db(transaction=True)
def test_flush_expired_tokens_runs_on_a_worker_through_redis(redis_app):
    user = UserFactory()
    now = timezone.now()
    expired = OutstandingToken.objects.create(
        user=user, jti="expired-jti", token="x", created_at=now - timedelta(days=3), expires_at=now - timedelta(days=2)
    )
    live = OutstandingToken.objects.create(
        user=user, jti="live-jti", token="y", created_at=now, expires_at=now + timedelta(days=1)
    )

    result = redis_app.tasks[TASK].delay()

    with redis_app.connection_for_write() as connection:
        assert connection.transport.driver_type == "redis"
    assert type(result.backend).__name__ == "RedisBackend"
    assert result.get(timeout=30) == 1
    assert result.successful()
    assert not OutstandingToken.objects.filter(pk=expired.pk).exists()
    assert OutstandingToken.objects.filter(pk=live.pk).exists()
