"""Searching by a fragment of a phone (issue 10): a role without the phone-view code finds a member
only by what the mask shows (the last 4 digits of 135****5838, or the whole number), so fragments
cannot rebuild the hidden digits; with the code any fragment finds. Every fragment search spends a
per-user budget (429 SYS-42900 when spent) and is written to the system log."""

from __future__ import annotations

import pytest

from apps.core.api.phone_fragments import PHONE_FRAGMENT_SEARCHED
from apps.core.models import SystemLog
from apps.core.phones import fragment_is_shown, mask_phone, shown_fragment_q
from apps.core.testing import assert_envelope
from apps.members.models import Member
from apps.members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db

PHONE = "13558885838"  # shown as 135****5838

# Every call that finds members by a fragment of their phone: (path, the fragment's parameter).
FRAGMENT_SEARCHES = [
    ("/rest/member/likeQuery", "phone"),
    ("/rest/member/searchIntro", "keyword"),
    ("/rest/member/findStoLstByCondition", "phone"),
    ("/rest/member/findStoCntByCondition", "phone"),
]


@pytest.fixture
def member(store):
    return MemberFactory(home_store=store, name="林小雨", phone=PHONE)


def _found(client, path: str, param: str, fragment: str) -> int:
    data = assert_envelope(client.get(path, {param: fragment}), status=200)
    if isinstance(data, list):
        return len(data)
    return data["total"]


@pytest.mark.parametrize(("path", "param"), FRAGMENT_SEARCHES)
@pytest.mark.parametrize(
    "fragment",
    [
        "1355",  # the first three digits and the hidden fourth
        "3558",  # hidden digits only
        "8885",  # the hidden digits and the first shown one of the end
        "85838",  # the hidden seventh digit and the shown end
        "1355888",  # the start and every hidden digit
        "3558885838",  # all but the first digit
    ],
)
def test_without_the_phone_view_code_a_fragment_cannot_learn_a_hidden_digit(
    member, clerk_client, client, path, param, fragment
):
    assert _found(clerk_client, path, param, fragment) == 0
    assert _found(client, path, param, fragment) == 1  # the code's holder finds the member by it


@pytest.mark.parametrize(("path", "param"), FRAGMENT_SEARCHES)
@pytest.mark.parametrize("fragment", ["5838", PHONE])
def test_without_the_code_the_shown_end_or_the_whole_number_still_finds_the_member(
    member, clerk_client, path, param, fragment
):
    assert _found(clerk_client, path, param, fragment) == 1


def test_with_the_code_the_fragment_search_finds_any_part_of_the_phone(member, client, other_store):
    chain_wide = MemberFactory(home_store=other_store, phone="13912355870")
    rows = assert_envelope(client.get("/rest/member/likeQuery", {"phone": "1235"}), status=200)
    assert [row["memId"] for row in rows] == [chain_wide.pk]
    assert rows[0]["phone"] == "139****5870"  # still masked in the answer
    rows = assert_envelope(client.get("/rest/member/likeQuery", {"phone": "5888"}), status=200)
    assert [row["memId"] for row in rows] == [member.pk]


def test_a_role_without_the_code_finds_other_stores_members_only_by_what_the_mask_shows(clerk_client, other_store):
    elsewhere = MemberFactory(home_store=other_store, phone="13912355870")
    assert assert_envelope(clerk_client.get("/rest/member/likeQuery", {"phone": "1235"}), status=200) == []
    rows = assert_envelope(clerk_client.get("/rest/member/likeQuery", {"phone": "5870"}), status=200)
    assert [row["memId"] for row in rows] == [elsewhere.pk]


def test_fragment_searches_answer_429_once_the_users_budget_is_spent(member, clerk_client, client, settings):
    settings.PHONE_FRAGMENT_SEARCH_RATE = "3/minute"
    for path, param in FRAGMENT_SEARCHES[:3]:
        assert_envelope(clerk_client.get(path, {param: "5838"}), status=200)
    # One budget across every fragment search, whichever the call.
    refused = clerk_client.get("/rest/member/findStoCntByCondition", {"phone": "5838"})
    assert_envelope(refused, status=429, errcode="SYS-42900")
    assert int(refused["Retry-After"]) > 0
    # Searches without a phone fragment do not spend it; another user has a budget of their own.
    assert_envelope(clerk_client.get("/rest/member/likeQuery", {"name": "小雨"}), status=200)
    assert_envelope(clerk_client.get("/rest/member/findStoLstByCondition"), status=200)
    assert_envelope(clerk_client.get("/rest/member/searchIntro", {"keyword": "林小雨"}), status=200)
    assert_envelope(client.get("/rest/member/likeQuery", {"phone": "5838"}), status=200)


def test_every_fragment_search_writes_who_searched_which_fragment_to_the_system_log(member, clerk_client, manager):
    for path, param in FRAGMENT_SEARCHES:
        clerk_client.get(path, {param: "1355"})
    logs = SystemLog.objects.filter(action=PHONE_FRAGMENT_SEARCHED).order_by("id")
    assert [(log.detail["path"], log.detail["fragment"], log.detail["phoneView"]) for log in logs] == [
        (path, "1355", False) for path, _param in FRAGMENT_SEARCHES
    ]
    assert {log.store_id for log in logs} == {manager.hier_id}
    assert all(log.user_id and log.login_name for log in logs)


def test_searches_without_a_phone_fragment_are_not_logged(member, clerk_client):
    clerk_client.get("/rest/member/likeQuery", {"name": "小雨"})
    clerk_client.get("/rest/member/searchIntro", {"keyword": "林小雨"})
    clerk_client.get("/rest/member/findStoLstByCondition")
    clerk_client.get("/rest/member/search", {"areaCode": "0086", "phone": PHONE})  # the whole number
    clerk_client.get("/rest/member/findLstByConditionWholePhone", {"phone": PHONE})
    assert not SystemLog.objects.filter(action=PHONE_FRAGMENT_SEARCHED).exists()


def test_the_database_rule_finds_exactly_the_members_whose_mask_shows_the_fragment(store):
    phones = ["13558885838", "13900005838", "91235838", "98765432", "12345838", "5838", "138"]
    for phone in phones:
        MemberFactory(home_store=store, phone=phone)
    fragments = {phone[i:j] for phone in phones for i in range(len(phone)) for j in range(i + 1, len(phone) + 1)}
    for fragment in sorted(fragments):
        found = set(Member.objects.filter(shown_fragment_q(fragment)).values_list("phone", flat=True))
        assert found == {phone for phone in phones if fragment_is_shown(phone, fragment)}, fragment
        for phone in found:
            masked = mask_phone(phone)
            assert fragment == phone or masked.startswith(fragment) or masked.endswith(fragment), (fragment, phone)
