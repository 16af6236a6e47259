"""The closed-day check (apps.core.business_days): refused in a closed day of the store only, asked
once per transaction for a store and day, and asked again after this connection closes the day."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from apps.core.business_days import check_day_open, mark_day_closed, mark_day_open
from apps.core.errors import DayClosed

pytestmark = pytest.mark.django_db

DAY = date(2026, 11, 24)


def test_only_the_closed_day_of_the_store_is_refused():
    mark_day_closed(store_id=1, day=DAY)
    with pytest.raises(DayClosed) as refused:
        check_day_open(store_id=1, day=DAY)
    assert refused.value.errcode == "DAY-40901" and refused.value.data == {"storeId": 1, "date": "2026-11-24"}
    check_day_open(store_id=2, day=DAY)
    check_day_open(store_id=1, day=DAY + timedelta(days=1))
    check_day_open(store_id=None, day=DAY)
    mark_day_open(store_id=1, day=DAY)
    check_day_open(store_id=1, day=DAY)


def test_a_transaction_asks_once_per_store_and_day_until_it_closes_the_day_itself():
    with transaction.atomic():
        check_day_open(store_id=1, day=DAY)
        with CaptureQueriesContext(connection) as again:
            check_day_open(store_id=1, day=DAY)
        assert again.captured_queries == []
        with CaptureQueriesContext(connection) as other_day:
            check_day_open(store_id=1, day=DAY + timedelta(days=1))
        assert other_day.captured_queries
        mark_day_closed(store_id=1, day=DAY)
        with pytest.raises(DayClosed):
            check_day_open(store_id=1, day=DAY)
