"""Platform accounts from settings (chain-wide, per store by id or code, secrets from a file or the
environment) and the manual platform, which asks nobody."""

from __future__ import annotations

import pytest
from django.utils import translation

from apps.groupbuy.platforms import platform
from apps.groupbuy.platforms.accounts import account_for, configured_platforms
from apps.groupbuy.platforms.base import (
    CancelWindowPassed,
    CodeExpired,
    CodeInvalid,
    CodeOtherStore,
    CodeUsed,
    CountUnavailable,
    PlatformError,
    PlatformNotConfigured,
    PlatformUnavailable,
)
from apps.org.tests.factories import StoreFactory

CHAIN = {"base_url": "https://open.example.test", "app_key": "chain-key", "app_secret": "chain-secret", "shop_id": "C"}


def test_a_store_without_its_own_account_uses_the_chains(settings):
    settings.GROUPBUY_PLATFORMS = {"douyin": CHAIN}
    account = account_for("douyin", 42)
    assert (account.platform, account.app_key, account.shop_id) == ("douyin", "chain-key", "C")


@pytest.mark.django_db
def test_a_store_named_by_its_code_has_its_own_shop_and_secret_from_a_file(settings, tmp_path, monkeypatch):
    store = StoreFactory()
    secret = tmp_path / "meituan-session"
    secret.write_text("store-session\n", encoding="utf-8")
    monkeypatch.setenv("GB_TEST_SECRET", "secret-from-env")
    settings.GROUPBUY_PLATFORMS = {
        "meituan": {
            **{key: value for key, value in CHAIN.items() if key != "app_secret"},
            "app_secret_env": "GB_TEST_SECRET",
            "timeout_seconds": "3",
            "stores": {store.code: {"shop_id": "store-shop", "session_file": str(secret)}},
        }
    }
    mine = account_for("meituan", store.pk)
    assert (mine.shop_id, mine.session, mine.app_secret) == ("store-shop", "store-session", "secret-from-env")
    assert mine.timeout == 3.0
    assert account_for("meituan", None).shop_id == "C"


def test_an_unconfigured_platform_is_refused_but_manual_needs_nothing(settings):
    settings.GROUPBUY_PLATFORMS = {"douyin": {"base_url": "https://x.test", "app_key": "k"}}
    with pytest.raises(PlatformNotConfigured):
        account_for("douyin", None)
    with pytest.raises(PlatformNotConfigured):
        account_for("channels", None)
    with pytest.raises(PlatformNotConfigured):
        platform("koubei")
    assert configured_platforms() == ["douyin", "manual"]
    assert account_for("manual", 7).platform == "manual"


def test_the_manual_platform_records_the_code_as_given_and_asks_nobody():
    manual = platform("manual")
    account = account_for("manual", None)
    assert manual.remote is False
    info = manual.prepare(account, " ABC-123 ")
    assert (info.code, info.count, info.deal_id) == ("ABC-123", 1, "")
    done = manual.consume(account, "ABC-123", 1, "r1")
    assert (done.platform, done.code, done.request_id) == ("manual", "ABC-123", "r1")
    assert manual.query(account, "ABC-123", "r1") is None
    manual.cancel(account, done)
    for bad in ("", "   ", "x" * 65, "a\tb"):
        with pytest.raises(CodeInvalid):
            manual.prepare(account, bad)


@pytest.mark.parametrize(
    ("error", "english", "chinese"),
    [
        (CodeInvalid, "the platform does not know this coupon code", "平台查无此券码"),
        (CodeUsed, "this coupon code has already been used", "该券码已被使用"),
        (CodeExpired, "this coupon code has expired", "该券码已过期"),
        (CodeOtherStore, "this coupon code cannot be used at this store", "该券码不能在本门店使用"),
        (CountUnavailable, "the coupon code does not have that many uses left", "该券码剩余可用次数不足"),
        (
            CancelWindowPassed,
            "the platform no longer allows this write-off to be cancelled",
            "已超过平台允许的撤销时限，无法撤销该核销",
        ),
        (PlatformError, "the group-buy platform refused the request", "团购平台拒绝了该请求"),
        (
            PlatformUnavailable,
            "the group-buy platform did not answer: try again in a moment",
            "团购平台未响应，请稍后重试",
        ),
        (PlatformNotConfigured, "this group-buy platform is not set up for the store", "本门店未开通该团购平台"),
    ],
)
def test_every_platform_error_has_our_message_in_both_languages(error, english, chinese):
    failure = error("券码已使用", code="1002")
    with translation.override("en"):
        assert failure.user_message == english
    with translation.override("zh-hans"):
        assert failure.user_message == chinese
    assert failure.message == "券码已使用" and failure.code == "1002"
