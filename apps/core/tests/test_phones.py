import pytest

from apps.core.phones import mask_phone


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
