from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.api.base import ErpApi
from apps.core.envelope import EnvelopedResponse, EnvelopeResponse, envelope
from apps.core.role_codes import PUBLIC

logger = logging.getLogger(__name__)

OK = "ok"


def _check(name: str, probe: Any) -> str:
    try:
        probe()
    except Exception:
        logger.exception("health check of %s failed", name)
        return "down"
    return OK


def _probe_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _probe_cache() -> None:
    cache.set("health:probe", "1", 10)
    if cache.get("health:probe") != "1":
        raise RuntimeError("cache did not keep a value")


def _probe_broker() -> None:
    from erp.celery import app

    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)


HEALTH_REPORT = inline_serializer(
    "Health",
    {
        "database": serializers.ChoiceField(["ok", "down"]),
        "cache": serializers.ChoiceField(["ok", "down"]),
        "broker": serializers.ChoiceField(["ok", "down", "eager"]),
    },
)


class HealthApi(ErpApi):
    """Database, cache and broker; 503 when one is down, so a load balancer takes the process out."""

    required_codes = PUBLIC
    authentication_classes: list[type[BaseAuthentication]] = []

    @extend_schema(
        summary="Health of the database, cache and broker",
        # 503 (SYS-50300) carries the same report: the one 5xx the schema declares (test_schema).
        responses={200: HEALTH_REPORT, 503: HEALTH_REPORT},
    )
    def get(self, request: Request) -> Response:
        report = {
            "database": _check("database", _probe_database),
            "cache": _check("cache", _probe_cache),
            "broker": "eager" if settings.CELERY_TASK_ALWAYS_EAGER else _check("broker", _probe_broker),
        }
        if "down" in report.values():
            return EnvelopedResponse(
                envelope("SYS-50300", _("a service the back-office needs is down"), report), status=503
            )
        return EnvelopeResponse(report)
