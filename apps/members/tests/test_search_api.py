"""The chain-wide member search through the API (spec §4, §5, §6; contract §1, §7)."""

from __future__ import annotations

import pytest

from apps.accounts.testing import api_client
from apps.core.testing import assert_envelope
from apps.members import selectors
from apps.members.choices import MemberStatus
from apps.members.rules import SearchForm
from apps.members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db

SEARCH = "/rest/member/search"
ROW_FIELDS = {"memId", "name", "phone", "areaCode", "crmCode", "dependencyStore", "dependencyStoreId", "myself"}


def _search(client, **params):
    return assert_envelope(client.get(SEARCH, params), status=200)


def test_a_whole_phone_finds_the_member_with_the_phone_masked(client, store):
    member = MemberFactory(home_store=store, name="王芳", phone="13812345678", crm_code="HY0001")
    rows = _search(client, areaCode="0086", phone="13812345678")
    assert rows == [
        {
            "memId": member.pk,
            "name": "王芳",
            "phone": "138****5678",
            "areaCode": "0086",
            "crmCode": "HY0001",
            "dependencyStore": "Store A",
            "dependencyStoreId": store.pk,
            "myself": True,
        }
    ]


def test_hong_kong_phones_are_masked_to_two_and_two(client, store):
    MemberFactory(home_store=store, area_code="00852", phone="61234567")
    rows = _search(client, areaCode="00852", phone="61234567")
    assert [row["phone"] for row in rows] == ["61****67"]


def test_search_is_chain_wide_and_marks_other_stores_members(client, other_store):
    MemberFactory(home_store=other_store, name="李娜", phone="13912340000")
    [row] = _search(client, phone="13912340000")
    assert row["myself"] is False and row["dependencyStore"] == "Store B"


def test_exact_search_falls_back_to_fuzzy(client, store):
    MemberFactory(home_store=store, name="欧阳娜娜")
    MemberFactory(home_store=store, name="娜娜")
    exact = _search(client, name="娜娜")
    assert [row["name"] for row in exact] == ["娜娜"]  # exact found one: no fuzzy step
    fuzzy = _search(client, name="阳娜")
    assert [row["name"] for row in fuzzy] == ["欧阳娜娜"]


def test_a_two_character_fragment_finds_longer_names(client, store):
    MemberFactory(home_store=store, name="张伟强")
    MemberFactory(home_store=store, name="李张伟")
    MemberFactory(home_store=store, name="张强伟")
    rows = _search(client, name="张伟")
    assert sorted(row["name"] for row in rows) == ["张伟强", "李张伟"]


def test_a_one_character_name_takes_no_fuzzy_step(client, store):
    MemberFactory(home_store=store, name="王芳")
    assert _search(client, name="王") == []


def test_card_number_results_are_merged_and_deduplicated(client, store):
    by_phone = MemberFactory(home_store=store, phone="13811112222", card_no="C-1")
    by_card = MemberFactory(home_store=store, phone="13833334444", card_no="C-2")
    rows = _search(client, phone="13811112222", cardNo="C-2")
    assert [row["memId"] for row in rows] == [by_phone.pk, by_card.pk]
    rows = _search(client, phone="13811112222", cardNo="C-1")
    assert [row["memId"] for row in rows] == [by_phone.pk]


def test_this_stores_members_come_first(client, store, other_store):
    theirs = MemberFactory(home_store=other_store, name="陈静")
    mine = MemberFactory(home_store=store, name="陈静")
    assert [row["memId"] for row in _search(client, name="陈静")] == [mine.pk, theirs.pk]


def test_cancelled_members_are_never_found(client, store):
    MemberFactory(
        home_store=store, name="已注销会员", phone="13800001111", status=MemberStatus.CANCELLED, crm_code="X1"
    )
    assert _search(client, crmCode="X1") == []
    assert _search(client, phone="13800001111") == []


def test_validation_messages_come_from_the_server_in_both_languages(store, manager):
    for language, message in (("en", "please enter valid query conditions"), ("zh-hans", "请输入有效的查询条件")):
        body = api_client(entry=manager, language=language).get(SEARCH).json()
        assert (body["errcode"], body["errmsg"]) == ("VALID-40000", message)
    body = api_client(entry=manager).get(SEARCH, {"areaCode": "0086", "phone": "1381234"}).json()
    assert body["errmsg"] == "please enter a correct phone number"
    assert body["data"]["fields"] == {"phone": ["please enter a correct phone number"]}


def test_exact_query_needs_every_condition(client, store):
    MemberFactory(home_store=store, name="赵敏", phone="13855556666", crm_code="HY9")
    found = assert_envelope(client.get("/rest/member/euqalQuery", {"name": "赵敏", "crmCode": "HY9"}), status=200)
    assert len(found) == 1
    missed = assert_envelope(client.get("/rest/member/euqalQuery", {"name": "赵敏", "crmCode": "HY8"}), status=200)
    assert missed == []


def test_like_query_finds_phone_fragments(client, store):
    member = MemberFactory(home_store=store, phone="13855556789")
    MemberFactory(home_store=store, phone="13800001234")
    rows = assert_envelope(client.get("/rest/member/likeQuery", {"phone": "6789"}), status=200)
    assert [row["memId"] for row in rows] == [member.pk]
    assert rows[0]["phone"] == "138****6789"
    refused = client.get("/rest/member/likeQuery", {"phone": "678"})
    assert_envelope(refused, status=400, errcode="VALID-40000")


def test_like_query_matches_member_code_prefixes(client, store):
    member = MemberFactory(home_store=store, crm_code="HY0107")
    rows = assert_envelope(client.get("/rest/member/likeQuery", {"crmCode": "HY01"}), status=200)
    assert [row["memId"] for row in rows] == [member.pk]


def test_card_no_query(client, store):
    member = MemberFactory(home_store=store, card_no="860001000001")
    rows = assert_envelope(client.get("/rest/member/cardNoQuery", {"cardNo": "860001000001"}), status=200)
    assert [row["memId"] for row in rows] == [member.pk]


def test_every_answer_row_has_the_contract_fields_and_at_most_fifty(client, store):
    for n in range(55):
        MemberFactory(home_store=store, name=f"林{n:02d}雪")
    rows = _search(client, name="林0")  # exact misses, fuzzy finds 10
    assert len(rows) == 10 and all(set(row) == ROW_FIELDS for row in rows)
    rows = assert_envelope(client.get("/rest/member/likeQuery", {"name": "雪"}), status=200)
    assert rows == []  # one character: no fuzzy step
    rows = assert_envelope(client.get("/rest/member/likeQuery", {"phone": "13800"}), status=200)
    assert len(rows) == 50


def test_introducer_search_by_phone_digits_or_name(client, store):
    member = MemberFactory(home_store=store, name="周婷", phone="13866667777", crm_code="HY77")
    for keyword in ("7777", "周婷", "HY77"):
        rows = assert_envelope(client.get("/rest/member/searchIntro", {"keyword": keyword}), status=200)
        assert [row["memId"] for row in rows] == [member.pk], keyword


def test_search_needs_a_chosen_role(chain):
    from apps.accounts.tests.factories import UserFactory

    body = api_client(user=UserFactory()).get(SEARCH, {"name": "王芳"}).json()
    assert body["errcode"] == "FILTER_LOGIN_NO_ROLE"


def test_a_phone_longer_than_the_rules_accept_answers_the_rules_message(store, manager):
    client = api_client(entry=manager)
    for phone in ("138000011112", "1" * 30, "1" * 31):
        body = client.get(SEARCH, {"areaCode": "0086", "phone": phone}).json()
        assert body["data"]["fields"] == {"phone": ["please enter a correct phone number"]}
        body = client.get("/rest/member/likeQuery", {"phone": phone}).json()
        assert body["data"]["fields"] == {"phone": ["please enter 4 to 11 digits of the phone"]}
    # Blanks around a whole phone are not counted, as the rules strip them.
    assert client.get(SEARCH, {"areaCode": "0086", "phone": " 13800001111 "}).json()["errcode"] == "0"


def test_a_unique_lookups_statement_is_built_once_per_shape_and_takes_each_ones_values(
    store, django_assert_num_queries
):
    """Phone, phone and name, member code, card number: each shape's SQL is built by the ORM once and
    then run with the new values (apps.members.selectors._unique_rows)."""
    first = MemberFactory(home_store=store, name="王芳", phone="13912340001", crm_code="C-1", card_no="K-1")
    second = MemberFactory(home_store=store, name="李娜", phone="13912340002", crm_code="C-2", card_no="K-2")
    for member in (first, second, first):
        forms = [
            SearchForm(phone=member.phone),
            SearchForm(phone=member.phone, name=member.name),
            SearchForm(crm_code=member.crm_code),
        ]
        for form in forms:
            with django_assert_num_queries(1):
                assert [row["memId"] for row in selectors.exact_query(form, store.pk)] == [member.pk]
        with django_assert_num_queries(1):
            assert [row["memId"] for row in selectors.card_no_query(SearchForm(card_no=member.card_no), store.pk)] == [
                member.pk
            ]
    assert selectors.exact_query(SearchForm(phone=first.phone, name=second.name), store.pk) == []
    assert {("area_code", "phone"), ("area_code", "name", "phone"), ("crm_code",), ("card_no",)} <= set(
        selectors._unique_sql
    )
