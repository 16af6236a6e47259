import pytest

from apps.core.phones import fragment_is_shown, mask_phone


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
