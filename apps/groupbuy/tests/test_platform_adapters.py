"""Every remote adapter (Meituan/Dianping, Douyin, WeChat Channels) against its fake platform server,
through the common interface and the settings the back-office reads (GROUPBUY_PLATFORMS): each
scenario a code's digits choose, cancel and its window, and the query after a consume that timed out.

The fakes check our signatures and tokens on their own (apps/groupbuy/fakes); nothing of ours is
patched."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import pytest

from apps.groupbuy.fakes import FAKE_PLATFORMS, FakePlatform
from apps.groupbuy.platforms import platform
from apps.groupbuy.platforms.accounts import account_for
from apps.groupbuy.platforms.base import (
    CancelWindowPassed,
    CodeExpired,
    CodeInvalid,
    CodeOtherStore,
    CodeUsed,
    Consumed,
    CountUnavailable,
    PlatformAccount,
    PlatformError,
    PlatformUnavailable,
)

from .helpers import EXPIRED, GATEWAY_502, OTHER_STORE, RISK, SLOW, THREE_UNITS, UNKNOWN, USED, new_code

FAMILIES = sorted(FAKE_PLATFORMS)
TIMEOUT = 1.0
SLOW_SECONDS = 2.0


@pytest.fixture(scope="module")
def fakes() -> Iterator[dict[str, FakePlatform]]:
    started = {name: cls(slow_seconds=SLOW_SECONDS).start() for name, cls in FAKE_PLATFORMS.items()}
    yield started
    for fake in started.values():
        fake.stop()


@pytest.fixture(params=FAMILIES)
def family(request, fakes, settings) -> tuple[str, FakePlatform, PlatformAccount]:
    settings.GROUPBUY_PLATFORMS = {
        name: {**fake.settings_entry(), "timeout_seconds": str(TIMEOUT)} for name, fake in fakes.items()
    }
    name = request.param
    fake = fakes[name]
    fake.book.cancel_window_seconds = 3600.0
    return name, fake, account_for(name, None)


def request_id() -> str:
    return uuid.uuid4().hex


def test_a_valid_code_is_prepared_consumed_and_then_used(family):
    name, _fake, account = family
    adapter = platform(name)
    code = new_code(deal="2")

    info = adapter.prepare(account, code)
    assert (info.code, info.deal_id, info.count) == (code, "100002", 1)
    assert info.title == "防脱养发套餐 3次"
    assert (info.price_cents, info.market_price_cents) == (39900, 88800)
    assert info.expires_at is not None

    done = adapter.consume(account, code, 1, request_id())
    assert (done.platform, done.code, done.count, done.deal_id, done.price_cents) == (name, code, 1, "100002", 39900)
    assert done.references and all(done.references)
    with pytest.raises(CodeUsed):
        adapter.prepare(account, code)
    with pytest.raises(CodeUsed):
        adapter.consume(account, code, 1, request_id())


# What each platform's answer to the write-off says the store is paid (Meituan's consume does; Douyin
# settles through its ledger an hour later, Channels does not say).
SETTLES_IN_ITS_ANSWER = {"meituan": 39900 - 3192, "douyin": None, "channels": None}


def test_the_settlement_is_read_where_the_platforms_answer_reports_it(family):
    name, _fake, account = family
    adapter = platform(name)
    code = new_code(deal="2")
    done = adapter.consume(account, code, 1, request_id())
    assert done.settlement_cents == SETTLES_IN_ITS_ANSWER[name]
    assert Consumed.from_json(done.to_json()) == done
    found = adapter.query(account, code, done.request_id)
    assert found is not None and found.settlement_cents == SETTLES_IN_ITS_ANSWER[name]


def test_a_code_with_several_units_is_consumed_in_part(family):
    name, _fake, account = family
    adapter = platform(name)
    code = new_code(THREE_UNITS)
    assert adapter.prepare(account, code).count == 3
    with pytest.raises(CountUnavailable):
        adapter.consume(account, code, 4, request_id())
    assert adapter.consume(account, code, 2, request_id()).count == 2
    assert adapter.prepare(account, code).count == 1


@pytest.mark.parametrize(
    ("tail", "error", "text"),
    [
        (USED, CodeUsed, "券码已使用"),
        (EXPIRED, CodeExpired, "券码已过期"),
        (OTHER_STORE, CodeOtherStore, "该券不适用于当前门店"),
        (UNKNOWN, CodeInvalid, "券码不存在"),
        (RISK, PlatformError, "系统风控拦截，请稍后再试"),
    ],
)
def test_a_refused_code_says_why_in_ours_and_the_platforms_words(family, tail, error, text):
    name, _fake, account = family
    adapter = platform(name)
    code = new_code(tail)
    with pytest.raises(error) as refused:
        adapter.prepare(account, code)
    assert refused.value.message == text and refused.value.code
    assert str(refused.value.user_message)
    with pytest.raises(error):
        adapter.consume(account, code, 1, request_id())


def test_a_gateways_error_page_is_unavailable_with_no_text_of_its_own_and_consumes_nothing(family, caplog):
    name, fake, account = family
    adapter = platform(name)
    code = new_code(GATEWAY_502)
    with pytest.raises(PlatformUnavailable) as failed:
        adapter.consume(account, code, 1, request_id())
    assert failed.value.code == "502" and failed.value.error_page and not failed.value.timed_out
    assert failed.value.message == "" and "<html>" not in str(failed.value)
    assert "502 Bad Gateway" in caplog.text
    assert fake.book.of_code(code) == []


def test_a_consume_that_timed_out_is_found_by_the_query(family):
    name, _fake, account = family
    adapter = platform(name)
    code = new_code(SLOW)
    ours = request_id()
    started = time.monotonic()
    with pytest.raises(PlatformUnavailable) as slow:
        adapter.consume(account, code, 1, ours)
    assert slow.value.timed_out
    assert time.monotonic() - started < SLOW_SECONDS
    time.sleep(SLOW_SECONDS - TIMEOUT + 0.3)  # the platform finishes its late answer
    account_patient = PlatformAccount(**{**account.__dict__, "extra": {"timeout_seconds": "5"}})
    found = adapter.query(account_patient, code, ours)
    assert found is not None and (found.code, found.count, found.request_id) == (code, 1, ours)
    adapter.cancel(account_patient, found)
    assert adapter.query(account_patient, code, ours) is None


def test_the_query_finds_nothing_for_a_code_never_consumed(family):
    name, _fake, account = family
    adapter = platform(name)
    code = new_code()
    adapter.prepare(account, code)
    assert adapter.query(account, code, request_id()) is None


def test_a_cancelled_write_off_makes_the_code_usable_again(family):
    name, _fake, account = family
    adapter = platform(name)
    code = new_code(THREE_UNITS)
    done = adapter.consume(account, code, 2, request_id())
    stored = Consumed.from_json(done.to_json())  # what the write-off record keeps
    assert stored == done
    adapter.cancel(account, stored)
    assert adapter.prepare(account, code).count == 3


def test_a_cancel_after_the_platforms_window_is_refused(family):
    name, fake, account = family
    adapter = platform(name)
    code = new_code()
    done = adapter.consume(account, code, 1, request_id())
    fake.book.cancel_window_seconds = 0.0
    time.sleep(0.05)
    with pytest.raises(CancelWindowPassed):
        adapter.cancel(account, done)


def test_an_unreachable_platform_is_unavailable(family):
    name, _fake, account = family
    closed = PlatformAccount(**{**account.__dict__, "base_url": "http://127.0.0.1:9"})
    with pytest.raises(PlatformUnavailable):
        platform(name).prepare(closed, new_code())


def test_a_wrong_secret_is_refused_by_the_platform(family):
    name, _fake, account = family
    forged = PlatformAccount(**{**account.__dict__, "app_secret": "not-the-secret", "base_url": account.base_url + "/"})
    with pytest.raises(PlatformError) as refused:
        platform(name).prepare(forged, new_code())
    assert refused.value.message
