"""Group-buy write-off under concurrency, over HTTP (issue 16 §3): requests released
together from threads (apps.core.testing.at_once), each on its own connection.

- the same code written off from two tills at once (two users, at one store or at two stores of the
  chain): one write-off, the other till 409 GB-40901, the platform consumed the code once;
- one record served from two tills at once: one order, the other 409 GB-40904;
- one record cancelled from two tills at once: the platform asked once, one refund;
- ten copies of one write-off with the same Idempotency-Key: one write-off, one consume."""

from __future__ import annotations

import queue
import threading

import pytest

from apps.accounts.testing import api_client
from apps.billing.models import Order, Refund
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.role_codes import WRITE_OFF_CANCEL
from apps.core.testing import assert_envelope, at_once
from apps.groupbuy.models import WriteOff

from .factories import MEITUAN, mapped_deal
from .helpers import new_code

DESK_CODES = [code_of("/orderBoard"), code_of("/account"), WRITE_OFF_CANCEL.code]
PHONE = "13912345678"


def form(code: str, project, phone: str = PHONE) -> dict:
    return {
        "platformType": 1,
        "platformId": MEITUAN,
        "checkCode": code,
        "areaCode": "0086",
        "phone": phone,
        "commodityType": "project",
        "commodityId": project.pk,
    }


def together(calls: list) -> list[tuple[int, str]]:
    """Each call (a function making one HTTP request) run from its own thread, released together;
    answers each response's (status, errcode), in the order they finished."""
    pending: queue.Queue = queue.Queue()
    for call in calls:
        pending.put(call)
    answers: list[tuple[int, str]] = []
    lock = threading.Lock()

    def action() -> None:
        response = pending.get_nowait()()
        with lock:
            answers.append((response.status_code, response.json()["errcode"]))

    outcomes = at_once(action, len(calls))
    assert outcomes == ["ok"] * len(calls), outcomes
    return answers


def tills(make_entry, *stores):
    """A client per store, each a different user working the desk there."""
    return [api_client(entry=make_entry(store, codes=DESK_CODES)) for store in stores]


def written_off(client, project, code: str | None = None) -> dict:
    code = code or new_code()
    return assert_envelope(
        client.post("/rest/groupPurchasing/writeOffReview", form(code, project), format="json"), status=201
    )


def served(client, record_id: int) -> dict:
    return assert_envelope(client.post("/rest/order/groupBuy", {"recordId": record_id}, format="json"), status=200)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("where", ["one store", "two stores"])
def test_one_code_written_off_from_two_tills_at_once_is_written_off_once(
    where, store, other_store, make_entry, fixed_platforms, platform_accounts
):
    _deal, project = mapped_deal(fixed_platforms[MEITUAN])  # mapped at every store of the chain
    first, second = tills(make_entry, store, store if where == "one store" else other_store)
    code = new_code()
    answers = together(
        [
            lambda: first.post("/rest/groupPurchasing/writeOffReview", form(code, project), format="json"),
            lambda: second.post("/rest/groupPurchasing/writeOffReview", form(code, project), format="json"),
        ]
    )
    assert sorted(answers) == [(201, "0"), (409, "GB-40901")]
    record = WriteOff.objects.get(code=code)
    assert record.status == "done"
    consumed = platform_accounts["meituan"].book.of_code(code)
    assert len(consumed) == 1 and consumed[0].request_id == record.request_id
    assert audit_all() == []


@pytest.mark.django_db(transaction=True)
def test_the_same_new_customer_written_off_from_two_tills_gets_one_member_file(
    store, make_entry, fixed_platforms, platform_accounts
):
    """Two codes of one new customer at once: both written off, and one member file for the phone."""
    from apps.members.models import Member

    _deal, project = mapped_deal(fixed_platforms[MEITUAN])
    first, second = tills(make_entry, store, store)
    codes = [new_code(), new_code()]
    answers = together(
        [
            lambda: first.post(
                "/rest/groupPurchasing/writeOffReview", form(codes[0], project, "13900001111"), format="json"
            ),
            lambda: second.post(
                "/rest/groupPurchasing/writeOffReview", form(codes[1], project, "13900001111"), format="json"
            ),
        ]
    )
    assert answers == [(201, "0"), (201, "0")]
    assert Member.objects.filter(phone="13900001111").count() == 1
    assert set(WriteOff.objects.values_list("status", flat=True)) == {"done"}


@pytest.mark.django_db(transaction=True)
def test_one_record_served_from_two_tills_at_once_gives_one_order(
    store, make_entry, fixed_platforms, platform_accounts
):
    _deal, project = mapped_deal(fixed_platforms[MEITUAN])
    first, second = tills(make_entry, store, store)
    record_id = written_off(first, project)["recordId"]
    answers = together(
        [
            lambda: first.post("/rest/order/groupBuy", {"recordId": record_id}, format="json"),
            lambda: second.post("/rest/order/groupBuy", {"recordId": record_id}, format="json"),
        ]
    )
    assert sorted(answers) == [(200, "0"), (409, "GB-40904")]
    record = WriteOff.objects.get(pk=record_id)
    assert record.order_id is not None
    assert Order.objects.filter(member_id=record.member_id).count() == 1
    assert audit_all() == []


@pytest.mark.django_db(transaction=True)
def test_one_record_cancelled_from_two_tills_at_once_asks_the_platform_once(
    store, make_entry, fixed_platforms, platform_accounts
):
    _deal, project = mapped_deal(fixed_platforms[MEITUAN])
    first, second = tills(make_entry, store, store)
    code = new_code()
    record_id = written_off(first, project, code)["recordId"]
    order_id = served(first, record_id)["orderId"]
    fake = platform_accounts["meituan"]
    asked_before = sum(path.endswith("/reverseconsume") for path in fake.requests)
    body = {"recordId": record_id, "reason": "顾客退款"}
    answers = together(
        [
            lambda: first.post("/rest/groupPurchasing/cancel", body, format="json"),
            lambda: second.post("/rest/groupPurchasing/cancel", body, format="json"),
        ]
    )
    assert sorted(answers) == [(200, "0"), (409, "GB-40904")]
    assert sum(path.endswith("/reverseconsume") for path in fake.requests) - asked_before == 1
    assert WriteOff.objects.get(pk=record_id).status == "cancelled"
    assert [c.cancelled for c in fake.book.of_code(code)] == [True]
    refund = Refund.objects.get(order_id=order_id)
    assert [(t.method, t.amount) for t in refund.tenders.all()] == [("groupBuy", Order.objects.get(pk=order_id).paid)]
    assert audit_all() == []


@pytest.mark.django_db(transaction=True)
def test_ten_copies_of_one_write_off_with_one_key_give_one_write_off(
    store, make_entry, fixed_platforms, platform_accounts
):
    _deal, project = mapped_deal(fixed_platforms[MEITUAN])
    entry = make_entry(store, codes=DESK_CODES)
    code = new_code()

    def call(till):
        return lambda: till.post(
            "/rest/groupPurchasing/writeOffReview", form(code, project), format="json", HTTP_IDEMPOTENCY_KEY="same-key"
        )

    answers = together([call(api_client(entry=entry)) for _ in range(10)])  # one user, a client per thread
    assert answers == [(201, "0")] * 10
    record = WriteOff.objects.get(code=code)
    assert record.status == "done"
    assert len(platform_accounts["meituan"].book.of_code(code)) == 1
    assert audit_all() == []
