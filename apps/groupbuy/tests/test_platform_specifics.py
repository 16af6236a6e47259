"""What one platform does that the others do not, against its fake: Meituan's signature, session and
repeated requestid; Douyin's and WeChat's tokens bought again when the platform says they expired;
WeChat Channels' idempotency key."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator

import pytest

from apps.groupbuy.fakes.channels import FakeChannels
from apps.groupbuy.fakes.douyin import FakeDouyin
from apps.groupbuy.fakes.meituan import FakeMeituan
from apps.groupbuy.platforms.base import CodeOtherStore, CodeUsed, PlatformAccount, PlatformError
from apps.groupbuy.platforms.channels import ChannelsPlatform
from apps.groupbuy.platforms.douyin import DouyinPlatform
from apps.groupbuy.platforms.meituan import MeituanPlatform, sign

from .helpers import THREE_UNITS, new_code


def account_of(name: str, fake) -> PlatformAccount:
    return PlatformAccount(platform=name, **fake.settings_entry(), extra={"timeout_seconds": "2"})


@pytest.fixture(scope="module")
def meituan() -> Iterator[FakeMeituan]:
    fake = FakeMeituan().start()
    yield fake
    fake.stop()


@pytest.fixture(scope="module")
def douyin() -> Iterator[FakeDouyin]:
    fake = FakeDouyin().start()
    yield fake
    fake.stop()


@pytest.fixture(scope="module")
def channels() -> Iterator[FakeChannels]:
    fake = FakeChannels().start()
    yield fake
    fake.stop()


def test_the_meituan_signature_is_md5_over_the_sorted_parameters_between_the_secret():
    params = {"v": "1", "app_key": "k", "sign": "old", "empty": "", "count": "2"}
    import hashlib

    assert sign("s", params) == hashlib.md5(b"sapp_keykcount2v1s").hexdigest()


def test_meituan_refuses_a_request_signed_with_another_secret(meituan):
    forged = dataclasses.replace(account_of("meituan", meituan), app_secret="another")
    with pytest.raises(PlatformError) as refused:
        MeituanPlatform().prepare(forged, new_code())
    assert (refused.value.code, refused.value.message) == ("1101", "签名验证失败")


def test_meituan_refuses_another_stores_session(meituan):
    other = dataclasses.replace(account_of("meituan", meituan), session="someone-elses")
    with pytest.raises(PlatformError) as refused:
        MeituanPlatform().prepare(other, new_code())
    assert refused.value.code == "1103"


def test_meituan_answers_a_repeated_requestid_with_the_same_write_off(meituan):
    account = account_of("meituan", meituan)
    code = new_code(THREE_UNITS)
    ours = uuid.uuid4().hex
    first = MeituanPlatform().consume(account, code, 1, ours)
    again = MeituanPlatform().consume(account, code, 1, ours)
    assert again.count == first.count == 1
    assert MeituanPlatform().prepare(account, code).count == 2


def test_a_douyin_token_that_expired_is_bought_again_once(douyin):
    account = account_of("douyin", douyin)
    adapter = DouyinPlatform()
    adapter.prepare(account, new_code())
    bought = len(douyin.tokens)
    douyin.expire_tokens()
    assert adapter.prepare(account, new_code()).count == 1
    assert len(douyin.tokens) == 1 and bought == 1


def test_douyin_refuses_a_verify_at_a_poi_the_deal_is_not_for(douyin):
    account = dataclasses.replace(account_of("douyin", douyin), shop_id="7000000000000000001")
    with pytest.raises(CodeOtherStore):
        DouyinPlatform().consume(account, new_code(), 1, uuid.uuid4().hex)


def test_a_channels_write_off_repeated_with_its_key_consumes_once(channels):
    account = account_of("channels", channels)
    adapter = ChannelsPlatform()
    code = new_code(THREE_UNITS)
    key = uuid.uuid4().hex
    first = adapter.consume(account, code, 2, key)
    again = adapter.consume(account, code, 2, key)
    assert again == first
    assert adapter.prepare(account, code).count == 1


def test_a_channels_key_used_for_another_code_is_refused(channels):
    account = account_of("channels", channels)
    adapter = ChannelsPlatform()
    key = uuid.uuid4().hex
    adapter.consume(account, new_code(), 1, key)
    with pytest.raises(PlatformError) as refused:
        adapter.consume(account, new_code(), 1, key)
    assert refused.value.code == "10408"


def test_a_channels_token_that_expired_is_bought_again_once(channels):
    account = account_of("channels", channels)
    adapter = ChannelsPlatform()
    code = new_code()
    adapter.prepare(account, code)
    channels.expire_tokens()
    adapter.consume(account, code, 1, uuid.uuid4().hex)
    with pytest.raises(CodeUsed):
        adapter.prepare(account, code)
