"""Promotions (KCXG-0001) and time periods (DWGL-0003) through the API: store scoping, status,
validation, overlap, and another store's data answering 404."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.catalog.models import PromotionLine, TimePeriod
from apps.catalog.tests.factories import ProductFactory, PromotionFactory, PromotionLineFactory
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope, assert_list_queries_constant

pytestmark = pytest.mark.django_db


def test_promotions_of_the_store_or_of_every_store(client, chain):
    everywhere = PromotionFactory(name="全店促销")
    ours = PromotionFactory(name="静安店促销")
    ours.stores.add(chain["store"].pk)
    theirs = PromotionFactory(name="徐汇店促销")
    theirs.stores.add(chain["other_store"].pk)
    data = assert_envelope(client.get("/rest/promotion/list"), status=200)
    assert {row["id"] for row in data["list"]} == {everywhere.pk, ours.pk}
    assert data["total"] == 2
    assert_envelope(client.get(f"/rest/promotion/detail/{theirs.pk}"), status=404, errcode="SYS-40400")
    detail = assert_envelope(client.get(f"/rest/promotion/detail/{ours.pk}"), status=200)
    assert detail["allStores"] is False and detail["stores"] == [{"id": chain["store"].pk, "name": "Store A"}]


def test_promotion_status_keyword_and_lines(client):
    now = timezone.now()
    current = PromotionFactory(name="头皮养护季")
    PromotionFactory(name="国庆", start=now + timedelta(days=3), end=now + timedelta(days=10))
    PromotionFactory(name="春节", start=now - timedelta(days=30), end=now - timedelta(days=20))
    product = ProductFactory(price=Decimal("168.00"))
    PromotionLineFactory(promotion=current, product=product, promo_price=Decimal("138"))

    def names(**params):
        return [row["name"] for row in assert_envelope(client.get("/rest/promotion/list", params), status=200)["list"]]

    assert names(status="current") == ["头皮养护季"]
    assert names(status="upcoming") == ["国庆"]
    assert names(status="ended") == ["春节"]
    assert names(keyword="养护") == ["头皮养护季"]
    line = assert_envelope(client.get(f"/rest/promotion/detail/{current.pk}"), status=200)["lines"][0]
    assert line == {
        "id": line["id"], "itemType": "product", "itemId": product.pk, "itemCode": product.code,
        "itemName": product.name, "price": "168.00", "promoPrice": "138.00", "discountRate": None,
    }  # fmt: skip


def test_promotion_list_queries_constant(client, chain):
    def add(n):
        for _ in range(n):
            promotion = PromotionLineFactory().promotion
            promotion.stores.add(chain["store"].pk)

    assert_list_queries_constant(client, "/rest/promotion/list", add, params={"pageSize": 100})


def test_promotion_validation():
    now = timezone.now()
    promotion = PromotionFactory.build(start=now, end=now - timedelta(hours=1))
    with pytest.raises(ValidationError):
        promotion.full_clean()
    with pytest.raises(IntegrityError), transaction.atomic():
        promotion.save()
    saved = PromotionFactory()
    for fields in ({"discount_rate": Decimal("1")}, {"discount_rate": Decimal("0")}, {"promo_price": Decimal("-1")}):
        line = PromotionLine(promotion=saved, product=ProductFactory(), **fields)
        with pytest.raises(ValidationError):
            line.full_clean()
        with pytest.raises(IntegrityError), transaction.atomic():
            line.save()
    ok = PromotionLine(promotion=saved, product=ProductFactory(), discount_rate=Decimal("0.8"))
    ok.full_clean()


# -- time periods --------------------------------------------------------------------------------

SAVE = "/rest/timePeriod/save"


def _period(start, end, weekday=None, capacity=2):
    return {"weekday": weekday, "start": start, "end": end, "capacity": capacity}


def test_time_periods_replace_the_set(client, chain):
    body = {"periods": [_period("10:00", "11:00"), _period("11:00", "12:00", capacity=3), _period("20:00", "21:00", 5)]}
    assert_envelope(client.post(SAVE, body, format="json"), status=200)
    body = {"periods": [_period("10:00", "11:00"), _period("11:00", "12:00", capacity=3)]}
    saved = assert_envelope(client.post(SAVE, body, format="json"), status=200)
    assert [(row["start"], row["end"], row["capacity"]) for row in saved] == [
        ("10:00", "11:00", 2),
        ("11:00", "12:00", 3),
    ]
    listed = assert_envelope(client.get("/rest/timePeriod/list"), status=200)
    assert listed == saved
    assert TimePeriod.objects.filter(store=chain["store"]).count() == 2
    assert SystemLog.objects.filter(action="catalog.time_periods_saved").count() == 2


@pytest.mark.parametrize(
    "periods",
    [
        [_period("11:00", "10:00")],
        [_period("10:00", "10:00")],
        [_period("10:00", "11:00", capacity=0)],
        [_period("10:00", "11:00", weekday=7)],
        [_period("10:00", "11:00"), _period("10:30", "11:30")],
        [_period("10:00", "11:00", weekday=1), _period("10:30", "11:30", weekday=1)],
        [_period("10:00", "11:00"), _period("10:59", "12:00", weekday=3)],
        [_period("25:00", "26:00")],
    ],
)
def test_time_periods_refused(client, chain, periods):
    TimePeriod.objects.create(store=chain["store"], start="09:00", end="10:00", capacity=1)
    assert_envelope(client.post(SAVE, {"periods": periods}, format="json"), status=400, errcode="VALID-40000")
    assert TimePeriod.objects.filter(store=chain["store"]).count() == 1  # untouched


def test_time_periods_on_different_weekdays_may_share_hours(client):
    body = {"periods": [_period("10:00", "11:00", weekday=1), _period("10:00", "11:00", weekday=2)]}
    assert len(assert_envelope(client.post(SAVE, body, format="json"), status=200)) == 2


def test_time_periods_of_another_store_answer_404(client, chain):
    TimePeriod.objects.create(store=chain["other_store"], start="09:00", end="10:00", capacity=1)
    other = chain["other_store"].pk
    assert_envelope(client.get("/rest/timePeriod/list", {"storeId": other}), status=404, errcode="SYS-40400")
    body = {"storeId": other, "periods": [_period("10:00", "11:00")]}
    assert_envelope(client.post(SAVE, body, format="json"), status=404, errcode="SYS-40400")
    assert TimePeriod.objects.filter(store_id=other).count() == 1
    assert assert_envelope(client.get("/rest/timePeriod/list"), status=200) == []


def test_head_office_edits_a_stores_periods(hq_client, chain):
    body = {"storeId": chain["other_store"].pk, "periods": [_period("10:00", "11:00")]}
    assert_envelope(hq_client.post(SAVE, body, format="json"), status=200)
    assert TimePeriod.objects.filter(store=chain["other_store"]).count() == 1
    assert_envelope(hq_client.get("/rest/timePeriod/list"), status=400, errcode="VALID-40000")
