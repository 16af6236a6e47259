"""Reservations named as the system log shows them (apps.core.object_names): the customer's masked
name and the start in the store's time, whatever zone the server writes in."""

from __future__ import annotations

from collections.abc import Collection

from django.utils import timezone

from apps.booking.models import Reservation
from apps.core.person_names import mask_name


def reservation_names(ids: Collection[int]) -> dict[int, str]:
    """王* 2026-12-06 14:00."""
    rows = Reservation.objects.filter(pk__in=ids).values_list("pk", "name", "start")
    return {pk: f"{mask_name(name)} {timezone.localtime(start):%Y-%m-%d %H:%M}" for pk, name, start in rows}
