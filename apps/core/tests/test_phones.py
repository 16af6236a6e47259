import pytest

from apps.core.phones import fragment_is_shown, mask_phone, mask_phones_in, mask_phones_in_text


@pytest.mark.parametrize(
    ("phone", "masked"),
    [
        ("13812345678", "138****5678"),
        ("91234567", "91****67"),
        ("", ""),
        (None, ""),
        ("12345", "***45"),
    ],
)
def test_phone_masking_keeps_only_the_allowed_digits(phone, masked):
    assert mask_phone(phone) == masked


@pytest.mark.parametrize("phone", ["13558885838", "91234567", "12345", "12"])
def test_a_fragment_is_shown_exactly_when_the_mask_shows_it_or_it_is_the_whole_number(phone):
    masked = mask_phone(phone)
    for start in range(len(phone)):
        for end in range(start + 1, len(phone) + 1):
            fragment = phone[start:end]
            shown = fragment == phone or masked.startswith(fragment) or masked.endswith(fragment)
            assert fragment_is_shown(phone, fragment) is shown, fragment


def test_a_fragment_with_a_hidden_digit_is_not_shown():
    assert fragment_is_shown("13558885838", "5838")
    assert fragment_is_shown("13558885838", "135")
    assert not fragment_is_shown("13558885838", "1355")
    assert not fragment_is_shown("13558885838", "85838")


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("Li 13812345678", "Li 138****5678"),
        ("tel:91234567;", "tel:91****67;"),
        ("order 202611240001 of 2026-11-24", "order 202611240001 of 2026-11-24"),
        ("12812345678", "12812345678"),
        ("13812345678/13900001111", "138****5678/139****1111"),
    ],
)
def test_phones_inside_text_are_masked_and_longer_numbers_left_alone(text, masked):
    assert mask_phones_in_text(text) == masked


def test_phones_in_a_json_detail_are_masked_in_values_keys_and_numbers():
    detail = {"phone": "13812345678", "13900001111": [91234567, "a 61234567 b"], "count": 3, "paid": True}
    assert mask_phones_in(detail) == {
        "phone": "138****5678",
        "139****1111": ["91****67", "a 61****67 b"],
        "count": 3,
        "paid": True,
    }
