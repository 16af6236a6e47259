"""A person's name where a reader needs to tell records apart but not to read the whole name (the
system log's objects): like a phone (apps.core.phones), the name is masked there and shown whole
only on the pages that are about the person."""

from __future__ import annotations

MASK_CHARACTER = "*"


def mask_name(name: str) -> str:
    """The first character and, from three characters on, the last one: 王* for 王静, 张*怡 for
    张佳怡, 欧**锋 for 欧阳晓锋. One character is left as it is: masking it would leave nothing."""
    name = name.strip()
    if len(name) <= 1:
        return name
    if len(name) == 2:
        return f"{name[0]}{MASK_CHARACTER}"
    return f"{name[0]}{MASK_CHARACTER * (len(name) - 2)}{name[-1]}"
