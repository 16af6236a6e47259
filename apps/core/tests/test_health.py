import pytest
from django.test import override_settings

from apps.accounts.testing import api_client
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db


def test_health_reports_database_cache_and_broker():
    data = assert_envelope(api_client().get("/rest/health"), status=200)
    assert data["database"] == "ok" and data["cache"] == "ok"
    assert data["broker"] in {"ok", "eager"}


@override_settings(CELERY_TASK_ALWAYS_EAGER=False)
def test_health_answers_503_when_the_broker_is_down(monkeypatch):
    from erp.celery import app

    monkeypatch.setitem(app.conf, "broker_url", "redis://127.0.0.1:1/0")
    data = assert_envelope(api_client().get("/rest/health"), status=503, errcode="SYS-50300")
    assert data["broker"] == "down" and data["database"] == "ok"
