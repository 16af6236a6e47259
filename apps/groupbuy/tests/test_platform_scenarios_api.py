"""Each fake platform's scenarios through the write-off calls (fakes/book.py: a code's last two digits
choose): Meituan through writeOffReview, Douyin (13) and WeChat Channels (15) through writeOff, each
against its own fake server. A refusal answers 409 GB-40902 with our sentence and the platform's own
text (errmsg and `data.platformMessage`), leaves the record failed and nothing consumed; a slow
platform's consume is found by the query after the adapter's 1 s timeout; Kuaishou (14) is written
off by hand, with no platform asked."""

from __future__ import annotations

import pytest

from apps.accounts.testing import api_client
from apps.catalog.tests.factories import ProjectFactory
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope
from apps.groupbuy.fakes.book import MESSAGES
from apps.groupbuy.models import WriteOff

from .factories import CHANNELS, DOUYIN, KUAISHOU, MEITUAN
from .helpers import EXPIRED, GATEWAY_502, OTHER_STORE, RISK, SLOW, THREE_UNITS, UNKNOWN, USED, new_code

BOARD = code_of("/orderBoard")
CASHIER = code_of("/account")
# platform id -> (its call, its tab, its fake's family)
PLATFORMS = {
    MEITUAN: ("/rest/groupPurchasing/writeOffReview", 1, "meituan"),
    DOUYIN: ("/rest/groupPurchasing/writeOff", 1, "douyin"),
    CHANNELS: ("/rest/groupPurchasing/writeOff", 3, "channels"),
}


@pytest.fixture
def entry(store, make_entry):
    return make_entry(store, codes=[BOARD, CASHIER])


def write_off(entry, platform_id, code, *, language="en", key=None):
    call, tab, _family = PLATFORMS.get(platform_id, ("/rest/groupPurchasing/writeOff", 1, ""))
    body = {"platformType": tab, "platformId": platform_id, "checkCode": code, "phone": "13912345678"}
    if platform_id == MEITUAN:
        body |= {"commodityType": "project", "commodityId": ProjectFactory().pk}
    extra = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return api_client(entry=entry, language=language).post(call, body, format="json", **extra)


REFUSALS = [
    # (tail, our sentence, the fake's own text)
    (USED, "this coupon code has already been used", MESSAGES["used"]),
    (EXPIRED, "this coupon code has expired", MESSAGES["expired"]),
    (OTHER_STORE, "this coupon code cannot be used at this store", MESSAGES["other_store"]),
    (UNKNOWN, "the platform does not know this coupon code", MESSAGES["invalid"]),
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("platform_id", list(PLATFORMS))
@pytest.mark.parametrize(("tail", "ours", "theirs"), REFUSALS, ids=["used", "expired", "other-store", "unknown"])
def test_a_refused_code_answers_the_platforms_message_and_consumes_nothing(
    entry, store, fixed_platforms, platform_accounts, platform_id, tail, ours, theirs
):
    code = new_code(tail)
    body = assert_envelope(write_off(entry, platform_id, code), status=409, errcode="GB-40902")
    record = WriteOff.objects.get(code=code)
    assert record.status == "failed" and record.message == theirs
    assert body["platformMessage"] == theirs
    fake = platform_accounts[PLATFORMS[platform_id][2]]
    assert all(c.request_id == "earlier-request" for c in fake.book.of_code(code))  # only the fake's own


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("platform_id", list(PLATFORMS))
def test_risk_control_shows_the_platforms_text_in_both_languages(
    entry, store, fixed_platforms, platform_accounts, platform_id
):
    response = write_off(entry, platform_id, new_code(RISK))
    body = assert_envelope(response, status=409, errcode="GB-40902")
    assert body["platformMessage"] == MESSAGES["risk"] == "系统风控拦截，请稍后再试"
    assert body["kind"] == "PlatformError" and body["platformCode"]
    assert response.json()["errmsg"] == f"the group-buy platform refused the request ({MESSAGES['risk']})"
    chinese = write_off(entry, platform_id, new_code(RISK), language="zh-hans")
    assert_envelope(chinese, status=409, errcode="GB-40902")
    assert chinese.json()["errmsg"] == f"团购平台拒绝了该请求 ({MESSAGES['risk']})"
    assert set(WriteOff.objects.values_list("status", flat=True)) == {"failed"}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("platform_id", list(PLATFORMS))
def test_refused_messages_name_our_reason_first(entry, store, fixed_platforms, platform_accounts, platform_id):
    response = write_off(entry, platform_id, new_code(USED), language="zh-hans")
    assert_envelope(response, status=409, errcode="GB-40902")
    assert response.json()["errmsg"] == f"该券码已被使用 ({MESSAGES['used']})"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("platform_id", list(PLATFORMS))
def test_a_platform_behind_a_failing_gateway_writes_nothing_off_and_says_so_in_our_words(
    entry, store, fixed_platforms, platform_accounts, platform_id, caplog
):
    """The fakes' gateway answers an HTML "502 Bad Gateway" page to every call of such a code: the
    platform is not reached before the consume (its pre-check fails), so the write-off fails with
    nothing consumed and the code is free. Staff read our sentence in their language; the page is
    only in the log."""
    code = new_code(GATEWAY_502)
    answer = write_off(entry, platform_id, code, language="zh-hans")
    body = assert_envelope(answer, status=409, errcode="GB-40902")
    assert answer.json()["errmsg"] == "团购平台暂时无法服务（平台返回 HTTP 502），请稍后再试"
    assert body == {"kind": "PlatformUnavailable", "platformCode": "502", "platformMessage": ""}
    assert "Bad Gateway" in caplog.text
    record = WriteOff.objects.get(code=code)
    assert record.status == "failed" and "<" not in record.message
    english = write_off(entry, platform_id, new_code(GATEWAY_502))
    assert english.json()["errmsg"] == (
        "the group-buy platform is out of order for the moment (it answered HTTP 502): try again in a moment"
    )
    assert platform_accounts[PLATFORMS[platform_id][2]].book.of_code(code) == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("platform_id", list(PLATFORMS))
def test_a_slow_consume_is_found_by_the_query_and_done(entry, store, fixed_platforms, platform_accounts, platform_id):
    """The fake answers the consume after 2 s, the adapter gives up after 1 s and asks: the platform
    has the write-off, so the record is done with the platform's references."""
    code = new_code(SLOW)
    data = assert_envelope(write_off(entry, platform_id, code, key="slow"), status=201)
    record = WriteOff.objects.get(pk=data["recordId"])
    assert data["status"] == record.status == "done"
    assert record.consumed["code"] == code and record.consumed["count"] == 1
    live = [c for c in platform_accounts[PLATFORMS[platform_id][2]].book.of_code(code) if not c.cancelled]
    assert len(live) == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("platform_id", list(PLATFORMS))
def test_a_code_of_three_units_is_written_off_once(entry, store, fixed_platforms, platform_accounts, platform_id):
    code = new_code(THREE_UNITS)
    data = assert_envelope(write_off(entry, platform_id, code), status=201)
    record = WriteOff.objects.get(pk=data["recordId"])
    assert record.status == "done" and record.consumed["count"] == 1
    coupon = platform_accounts[PLATFORMS[platform_id][2]].book.coupons[code]
    assert (len(coupon.units), len(coupon.left())) == (3, 2)
    again = write_off(entry, platform_id, code)
    assert_envelope(again, status=409, errcode="GB-40901")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("platform_id", list(PLATFORMS))
def test_a_valid_code_is_done_with_the_deals_price(entry, store, fixed_platforms, platform_accounts, platform_id):
    code = new_code()
    data = assert_envelope(write_off(entry, platform_id, code), status=201)
    record = WriteOff.objects.get(pk=data["recordId"])
    assert record.status == "done" and f"{record.deal_price}" == "99.00"
    assert record.deal.deal_id == "100001"
    assert data["record"]["statusLabel"] == "written off, not served"


@pytest.mark.django_db(transaction=True)
def test_the_manual_platform_writes_off_without_asking_any_platform(entry, store, fixed_platforms, platform_accounts):
    asked = {name: len(fake.requests) for name, fake in platform_accounts.items()}
    code = "KS" + new_code()
    data = assert_envelope(write_off(entry, KUAISHOU, code), status=201)
    record = WriteOff.objects.get(pk=data["recordId"])
    assert (record.status, record.deal_id, record.consumed["platform"]) == ("done", None, "manual")
    assert {name: len(fake.requests) for name, fake in platform_accounts.items()} == asked
    again = write_off(entry, KUAISHOU, code, language="zh-hans")
    assert_envelope(again, status=409, errcode="GB-40901")
    assert again.json()["errmsg"] == "该券码已核销"
    assert WriteOff.objects.count() == 1
