"""Group-buy's part of the daily closing (issue 28 §2): the coupons the store wrote off on the day and
has not served. The platform consumed them, so the customer paid for a service the store has not
rung up yet: the closing lists each, to serve or to carry over with a reason. Billing's closing sits
below group-buy and hears of them through its registry (apps.billing.closing.open_items), filled in
GroupbuyConfig.ready()."""

from __future__ import annotations

from datetime import date

from django.utils.translation import gettext as _

from apps.billing.choices import OpenItemKind
from apps.billing.closing.open_items import clock, open_item
from apps.billing.closing.rows import OpenItemRow
from apps.booking.selectors import day_bounds
from apps.core.phones import mask_phone
from apps.groupbuy.choices import WriteOffStatus
from apps.groupbuy.models import WriteOff


def unserved_of_day(store_id: int, day: date) -> list[OpenItemRow]:
    """The store's write-offs done on `day` with no order yet: one query."""
    start, end = day_bounds(day)
    rows = (
        WriteOff.objects.filter(
            store_id=store_id, status=WriteOffStatus.DONE, order__isnull=True, done_at__gte=start, done_at__lt=end
        )
        .select_related("platform")
        .order_by("done_at", "id")
    )
    return [
        open_item(
            OpenItemKind.GROUP_BUY,
            record.pk,
            f"{record.platform.name} {mask_phone(record.code)}",
            _("%(item)s written off at %(time)s, not served")
            % {"item": record.commodity_name or _("no item chosen"), "time": clock(record.done_at)},
        )
        for record in rows
    ]
