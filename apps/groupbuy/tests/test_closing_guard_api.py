"""Group-buy and the daily closing (issue 28 §2): a coupon written off on the day and not served is an
open item of the day's closing (group-buy registers it with billing's closing), to serve or carry
over with a reason; once the day is closed, a write-off is refused before the platform is asked
(the coupon is never consumed without the order that serves it), and serving one is refused too,
both saying the day is closed and to ask the owner to reopen it."""

from __future__ import annotations

import pytest
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.catalog.tests.factories import ProjectFactory
from apps.core.models import ClosedDay
from apps.core.page_registry import code_of
from apps.core.phones import mask_phone
from apps.core.testing import assert_envelope
from apps.groupbuy.models import WriteOff

from .factories import DOUYIN, KUAISHOU
from .helpers import new_code

BOARD = code_of("/orderBoard")
CASHIER = code_of("/account")
DAILY = code_of("/dailyKnots")
CLOSED_DAY = "the day is closed; ask the owner to reopen it"


@pytest.fixture
def entry(store, make_entry):
    return make_entry(store, codes=[BOARD, CASHIER, DAILY])


def write_off(entry, platform_id, code, item=None):
    body = {"platformType": 1, "platformId": platform_id, "checkCode": code, "phone": "13912345678"}
    if item is not None:
        body |= {"commodityType": "project", "commodityId": item.pk}
    return api_client(entry=entry).post("/rest/groupPurchasing/writeOff", body, format="json")


def close(entry, *carried, status=201, errcode="0"):
    body = {
        "date": timezone.localdate().isoformat(),
        "cashCounted": "0",
        "carryOver": [{"kind": "groupBuy", "ref": str(pk), "reason": "served tomorrow"} for pk in carried],
    }
    answer = api_client(entry=entry).post("/rest/daily/close", body, format="json")
    return assert_envelope(answer, status=status, errcode=errcode)


@pytest.mark.django_db
def test_a_coupon_written_off_and_not_served_is_open_until_carried_over(entry, store, fixed_platforms):
    code = new_code()
    scalp = ProjectFactory(name="头皮清洁")
    record_id = assert_envelope(write_off(entry, KUAISHOU, code, scalp), status=201)["recordId"]
    preview = api_client(entry=entry).get("/rest/daily/preview")
    items = [item for item in assert_envelope(preview, status=200)["openItems"] if item["kind"] == "groupBuy"]
    assert [(item["ref"], item["carriable"], item["route"]) for item in items] == [(str(record_id), True, "")]
    assert items[0]["title"] == f"快手 {mask_phone(code)}"  # the code masked as the records mask it
    assert items[0]["detail"].startswith("头皮清洁 written off at ") and items[0]["detail"].endswith(", not served")

    refused = close(entry, status=409, errcode="DAY-40903")
    assert [(item["kind"], item["ref"]) for item in refused["openItems"]] == [("groupBuy", str(record_id))]
    closing = close(entry, record_id)
    assert [(row["kind"], row["ref"], row["reason"]) for row in closing["carriedOver"]] == [
        ("groupBuy", str(record_id), "served tomorrow")
    ]

    served = api_client(entry=entry).post("/rest/order/groupBuy", {"recordId": record_id}, format="json")
    assert_envelope(served, status=409, errcode="DAY-40901")
    assert served.json()["errmsg"] == CLOSED_DAY
    assert WriteOff.objects.get(pk=record_id).order_id is None


@pytest.mark.django_db(transaction=True)
def test_a_closed_day_refuses_a_write_off_before_the_platform_is_asked(
    entry, store, fixed_platforms, platform_accounts
):
    close(entry)
    code = new_code()
    refused = write_off(entry, DOUYIN, code)
    assert_envelope(refused, status=409, errcode="DAY-40901")
    assert refused.json()["errmsg"] == CLOSED_DAY
    assert refused.json()["data"] == {"storeId": store.pk, "date": timezone.localdate().isoformat()}
    assert not WriteOff.objects.filter(code=code).exists()
    assert platform_accounts["douyin"].book.of_code(code) == []  # never consumed

    ClosedDay.objects.all().delete()  # the owner reopened the day: the same code is written off
    assert_envelope(write_off(entry, DOUYIN, code), status=201)
