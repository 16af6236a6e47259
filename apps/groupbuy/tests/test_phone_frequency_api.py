"""A phone's write-off frequency (issue 16 "Fraud and mistakes"; rzCheckFrequencyLimit): the phone's
write-offs across the chain in the last GROUPBUY_PHONE_PERIOD_DAYS days; at GROUPBUY_PHONE_LIMIT the
next one answers 409 GB-40903 with the counts until a principal confirms it (frequencyConfirmed with
BTN-TGHX-FREQUENCY-CONFIRM) or a store owner types their authorization code; each confirmation is in
the system log. Written off by hand (Kuaishou): no platform is asked."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.accounts.store_master import authorization_code_set
from apps.accounts.testing import api_client
from apps.core.audit import SYSTEM_ACTOR
from apps.core.models import SystemLog
from apps.core.page_registry import code_of
from apps.core.role_codes import WRITE_OFF_FREQUENCY_CONFIRM
from apps.core.testing import assert_envelope
from apps.groupbuy.models import WriteOff

from .factories import KUAISHOU
from .helpers import new_code

pytestmark = pytest.mark.django_db

BOARD = code_of("/orderBoard")
WRITE_OFF = "/rest/groupPurchasing/writeOff"
FREQUENCY = "/rest/rzCheckFrequencyLimit/queryPhoneCheckFrequencyStatistics"
PHONE = "13912345678"


def body(**extra):
    return {"platformType": 1, "platformId": KUAISHOU, "checkCode": new_code(), "phone": PHONE, **extra}


@pytest.fixture
def desk(store, make_entry):
    return make_entry(store, codes=[BOARD])


@pytest.fixture
def principal(store, make_entry):
    return make_entry(store, codes=[BOARD, WRITE_OFF_FREQUENCY_CONFIRM.code])


@pytest.fixture
def three_written_off(store, other_store, make_entry, fixed_platforms):
    """Three write-offs of the phone this month, one of them at the chain's other store."""
    here = api_client(entry=make_entry(store, codes=[BOARD]))
    there = api_client(entry=make_entry(other_store, codes=[BOARD]))
    for client in (here, here, there):
        assert_envelope(client.post(WRITE_OFF, body(), format="json"), status=201)
    return WriteOff.objects.all()


def test_the_fourth_write_off_of_a_phone_in_thirty_days_needs_a_confirmation(desk, three_written_off):
    response = api_client(entry=desk).post(WRITE_OFF, body(), format="json")
    data = assert_envelope(response, status=409, errcode="GB-40903")
    assert data == {"count": 3, "limit": 3, "periodDays": 30, "exceeded": True}
    assert response.json()["errmsg"] == (
        "this phone has written off 3 coupons in the last 30 days: a principal must confirm"
    )
    chinese = api_client(entry=desk, language="zh-hans").post(WRITE_OFF, body(), format="json")
    assert_envelope(chinese, status=409, errcode="GB-40903")
    assert chinese.json()["errmsg"] == "该手机号近 30 天已核销 3 张券，需店长确认后才能继续核销"
    assert WriteOff.objects.count() == 3


def test_another_phone_and_old_or_refused_write_offs_do_not_count(desk, three_written_off, settings):
    assert_envelope(api_client(entry=desk).post(WRITE_OFF, body(phone="13912345679"), format="json"), status=201)
    first = three_written_off.order_by("id").first()
    WriteOff.objects.filter(pk=first.pk).update(created_at=timezone.now() - timedelta(days=31))
    assert_envelope(api_client(entry=desk).post(WRITE_OFF, body(), format="json"), status=201)
    settings.GROUPBUY_PHONE_LIMIT = 5
    WriteOff.objects.filter(phone=PHONE).exclude(pk=first.pk).update(status="failed")
    answer = api_client(entry=desk).get(FREQUENCY, {"phone": PHONE})
    assert assert_envelope(answer, status=200) == {"count": 0, "limit": 5, "periodDays": 30, "exceeded": False}


def test_a_principal_confirms_and_the_confirmation_is_logged(principal, three_written_off):
    response = api_client(entry=principal).post(WRITE_OFF, body(frequencyConfirmed=True), format="json")
    record = WriteOff.objects.get(pk=assert_envelope(response, status=201)["recordId"])
    assert record.frequency_count == 3
    assert record.frequency_confirmed_by == principal.user.login_name
    log = SystemLog.objects.get(action="groupbuy.frequency_confirmed")
    assert log.detail["confirmedBy"] == principal.user.login_name
    assert log.detail["count"] == 3 and log.detail["phone"] == "139****5678"


def test_confirming_without_the_button_code_is_refused(desk, three_written_off):
    response = api_client(entry=desk).post(WRITE_OFF, body(frequencyConfirmed=True), format="json")
    assert_envelope(response, status=403, errcode="AUTH-40300")
    assert response.json()["errmsg"] == "only a principal can confirm a phone over its write-off limit"
    assert WriteOff.objects.count() == 3
    assert not SystemLog.objects.filter(action="groupbuy.frequency_confirmed").exists()


@pytest.fixture
def owner(chain, make_entry):
    entry = make_entry(chain["region"], kind="owner")
    authorization_code_set(actor=SYSTEM_ACTOR, user=entry.user, code="24680")
    return entry.user


def test_a_store_owners_authorization_code_confirms(desk, owner, three_written_off):
    response = api_client(entry=desk).post(WRITE_OFF, body(authorizationCode="24680"), format="json")
    record = WriteOff.objects.get(pk=assert_envelope(response, status=201)["recordId"])
    assert record.frequency_confirmed_by == (owner.nickname or owner.login_name)
    assert SystemLog.objects.filter(action="account.store_master_checked", detail__passed=True).exists()
    assert SystemLog.objects.get(action="groupbuy.frequency_confirmed").detail["confirmedBy"] == (
        owner.nickname or owner.login_name
    )


def test_a_wrong_authorization_code_is_refused(desk, owner, three_written_off):
    response = api_client(entry=desk).post(WRITE_OFF, body(authorizationCode="13579"), format="json")
    assert_envelope(response, status=400, errcode="ACCT-40003")
    assert WriteOff.objects.count() == 3
    assert SystemLog.objects.filter(action="account.store_master_checked", detail__passed=False).exists()
    assert not SystemLog.objects.filter(action="groupbuy.frequency_confirmed").exists()


def test_under_the_limit_no_confirmation_is_asked_or_logged(desk, owner, fixed_platforms):
    response = api_client(entry=desk).post(WRITE_OFF, body(authorizationCode="13579"), format="json")
    record = WriteOff.objects.get(pk=assert_envelope(response, status=201)["recordId"])
    assert record.frequency_confirmed_by == "" and record.frequency_count == 0
    assert not SystemLog.objects.filter(action="account.store_master_checked").exists()


def test_the_frequency_statistics_answer_the_counts(desk, three_written_off):
    answer = api_client(entry=desk).get(FREQUENCY, {"areaCode": "0086", "phone": PHONE})
    assert assert_envelope(answer, status=200) == {"count": 3, "limit": 3, "periodDays": 30, "exceeded": True}
    other_area = api_client(entry=desk).get(FREQUENCY, {"areaCode": "00852", "phone": PHONE})
    assert assert_envelope(other_area, status=200)["count"] == 0
