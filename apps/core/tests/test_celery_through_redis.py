"""A real task through Redis: the test starts a worker thread on our Celery app, sends the task over
the broker, waits for its result in the result backend, and stops the worker."""

from __future__ import annotations

import os
import uuid
from datetime import timedelta

import pytest
import redis
from celery.contrib.testing.worker import start_worker
from django.utils import timezone
from rest_framework_simplejwt.token_blacklist.models import OutstandingToken

from apps.accounts.tasks import flush_expired_tokens
from apps.accounts.tests.factories import UserFactory
from erp.celery import app

REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/15"


@pytest.fixture
def worker_on_redis():
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.exceptions.ConnectionError:
        pytest.skip(f"no Redis at {REDIS_URL}")
    keys = ("broker_url", "result_backend", "task_always_eager", "task_default_queue")
    previous = {key: app.conf[key] for key in keys}
    # A queue of its own, so a worker of another test run on the same Redis cannot take the task.
    app.conf.update(
        broker_url=REDIS_URL,
        result_backend=REDIS_URL,
        task_always_eager=False,
        task_default_queue=f"test-{uuid.uuid4().hex}",
    )
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10, loglevel="WARNING"):
            yield
    finally:
        app.conf.update(previous)


@pytest.mark.django_db(transaction=True)
def test_flush_expired_tokens_runs_on_a_worker_through_redis(worker_on_redis):
    user = UserFactory()
    now = timezone.now()
    expired = OutstandingToken.objects.create(
        user=user, jti="expired-jti", token="x", created_at=now - timedelta(days=3), expires_at=now - timedelta(days=2)
    )
    live = OutstandingToken.objects.create(
        user=user, jti="live-jti", token="y", created_at=now, expires_at=now + timedelta(days=1)
    )

    result = flush_expired_tokens.delay()

    with app.connection_for_write() as connection:
        assert connection.transport.driver_type == "redis"
    assert type(result.backend).__name__ == "RedisBackend"

    assert result.get(timeout=30) == 1
    assert result.successful()
    assert not OutstandingToken.objects.filter(pk=expired.pk).exists()
    assert OutstandingToken.objects.filter(pk=live.pk).exists()
