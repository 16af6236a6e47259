"""Group-buy write-offs named as the system log shows them (apps.core.object_names): the platform's
name and the coupon code, as the write-off records list shows them."""

from __future__ import annotations

from collections.abc import Collection

from apps.groupbuy.models import WriteOff


def write_off_names(ids: Collection[int]) -> dict[int, str]:
    """美团 123456789000."""
    rows = WriteOff.objects.filter(pk__in=ids).values_list("pk", "platform__name", "code")
    return {pk: f"{platform} {code}" for pk, platform, code in rows}
