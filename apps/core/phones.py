"""Phone masking (spec §6): a member's phone is shown masked in every search and list answer."""

from __future__ import annotations

MASK = "****"


def mask_phone(phone: str | None) -> str:
    """11 digits keep the first 3 and last 4 (138****5678); 8 digits keep the first 2 and last 2
    (91****78). Any other length keeps only the last 2, so no unexpected format leaks whole."""
    if not phone:
        return ""
    digits = phone.strip()
    if len(digits) == 11:
        return f"{digits[:3]}{MASK}{digits[-4:]}"
    if len(digits) == 8:
        return f"{digits[:2]}{MASK}{digits[-2:]}"
    if len(digits) <= 2:
        return "*" * len(digits)
    return "*" * (len(digits) - 2) + digits[-2:]
