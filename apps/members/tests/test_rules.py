"""The member search form rules of spec §5 and the name bigrams, through the rules module."""

from __future__ import annotations

import pytest
from django.utils import translation

from apps.core.errors import InvalidInput
from apps.members.name_grams import name_grams
from apps.members.rules import check_fuzzy_form, check_phone, check_search_form


@pytest.fixture(autouse=True)
def _english():
    # These rules are read without a request, so no middleware picks the language: the tests state it.
    with translation.override("en"):
        yield


def _message(**form: str) -> str:
    with pytest.raises(InvalidInput) as refused:
        check_search_form(**form)
    return str(refused.value.message)


def test_search_needs_one_condition_with_the_spec_message():
    assert _message() == "please enter valid query conditions"
    assert _message(name="  ", phone=" ") == "please enter valid query conditions"


def test_search_messages_come_in_chinese_too():
    with translation.override("zh-hans"):
        assert _message() == "请输入有效的查询条件"
        assert _message(phone="13a") == "请输入正确的手机号"


@pytest.mark.parametrize(
    ("area_code", "phone"),
    [("0086", "1381234567"), ("0086", "61234567"), ("00852", "13812345678"), ("00853", "6123456"), ("", "12345")],
)
def test_a_phone_needs_its_area_codes_length(area_code, phone):
    assert _message(area_code=area_code, phone=phone) == "please enter a correct phone number"


def test_a_phone_must_be_digits():
    assert _message(area_code="0086", phone="1381234567x") == "please enter a correct phone number"


def test_type_is_two_only_for_a_whole_mobile_starting_with_1():
    assert check_search_form(area_code="0086", phone="13812345678").type == 2
    assert check_search_form(phone="13812345678").type == 2
    assert check_search_form(area_code="00852", phone="61234567").type == 1
    assert check_search_form(name="王芳").type == 1


def test_fields_are_trimmed():
    form = check_search_form(name=" 王芳 ", crm_code=" HY01 ", phone=" 13812345678 ")
    assert (form.name, form.crm_code, form.phone) == ("王芳", "HY01", "13812345678")


def test_fuzzy_phone_takes_four_to_eleven_digits():
    assert check_fuzzy_form(phone="5678").phone == "5678"
    with pytest.raises(InvalidInput):
        check_fuzzy_form(phone="567")
    with pytest.raises(InvalidInput):
        check_fuzzy_form()


@pytest.mark.parametrize(
    ("area_code", "phone", "ok"),
    [
        ("0086", "13812345678", True),
        ("0086", "12812345678", False),  # second digit 3 to 9
        ("00852", "61234567", True),
        ("00853", "612345678", False),
        ("0044", "61234567", False),
    ],
)
def test_member_phone_formats(area_code, phone, ok):
    if ok:
        assert check_phone(area_code, phone) == (area_code, phone)
    else:
        with pytest.raises(InvalidInput):
            check_phone(area_code, phone)


def test_name_grams_are_the_distinct_lower_case_bigrams():
    assert name_grams("张伟") == ["张伟"]
    assert name_grams("欧阳娜娜") == ["娜娜", "欧阳", "阳娜"]
    assert name_grams("Anna Li") == ["al", "an", "li", "na", "nn"]
    assert name_grams("王") == []
