"""Reads of group-buy write-off: the record list (contract §9 `records`) and its rows."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from apps.core.audit import operator_name
from apps.core.money import money_or_none_to_wire
from apps.core.phones import mask_phone, shown_fragment_q
from apps.groupbuy.choices import WriteOffStatus
from apps.groupbuy.models import WriteOff
from apps.groupbuy.rows import WriteOffRecordRow

# The list shows what holds or held a code; a refused attempt is only in the system log.
LISTED_STATUSES = (WriteOffStatus.PENDING, WriteOffStatus.DONE, WriteOffStatus.CANCELLING, WriteOffStatus.CANCELLED)


def records(
    *,
    store_id: int,
    platform_id: int | None = None,
    platform_type: int | None = None,
    check_code: str = "",
    unified_code: str = "",
    phone: str = "",
    phone_view: bool = False,
) -> QuerySet[WriteOff]:
    """A store's write-offs, newest first; code and item code match exactly. The phone matches by its
    start for a role that may see phones whole, otherwise only by what the mask shows (the whole
    number, or its shown head or tail: apps.core.phones), so searches cannot rebuild hidden digits."""
    rows = WriteOff.objects.filter(store_id=store_id, status__in=LISTED_STATUSES)
    if platform_id:
        rows = rows.filter(platform_id=platform_id)
    if platform_type:
        rows = rows.filter(platform__platform_type=platform_type)
    if check_code:
        rows = rows.filter(code=check_code.strip())
    if unified_code:
        rows = rows.filter(unified_code=unified_code.strip())
    phone = phone.strip()
    if phone:
        rows = rows.filter(phone__startswith=phone) if phone_view else rows.filter(shown_fragment_q(phone))
    return rows.select_related("platform", "order").order_by("-id")


def status_label(record: WriteOff) -> str:
    """Spec §4: "served" when the record has an order, otherwise "written off, not served"."""
    if record.status == WriteOffStatus.DONE:
        return _("served") if record.order_id else _("written off, not served")
    return str(WriteOffStatus(record.status).label)


def record_row(record: WriteOff) -> WriteOffRecordRow:
    """The record as the list shows it: the phone masked for every role, as everywhere else (a whole
    phone is read one at a time through members' `wholePhone`, budgeted and logged: decision 0030)."""
    order = record.order if record.order_id else None
    return {
        "id": record.pk,
        "masterValue": {"id": record.platform_id, "name": record.platform.name},
        "platformType": record.platform.platform_type,
        "checkCode": record.code,
        "commodity": {
            "type": record.commodity_type or None,
            "id": record.commodity_id,
            "name": record.commodity_name,
            "unifiedCode": record.unified_code,
        },
        "orderCode": order.order_no if order else None,
        "orderId": record.order_id,
        "memId": record.member_id,
        "areaCode": record.area_code,
        "phone": mask_phone(record.phone),
        "status": record.status,
        "statusLabel": status_label(record),
        "served": record.order_id is not None,
        "dealPrice": money_or_none_to_wire(record.deal_price),
        "settlement": money_or_none_to_wire(record.settlement),
        "commission": money_or_none_to_wire(record.commission),
        "storePrice": money_or_none_to_wire(record.store_price),
        "priceWarning": record.price_warning,
        "message": record.message,
        "operatorName": operator_name(record.operator_name),
        "createdAt": record.created_at,
        "servedAt": record.served_at,
        "cancelledAt": record.cancelled_at,
        "cancelReason": record.cancel_reason,
    }


def record_rows(window: Iterable[WriteOff]) -> list[WriteOffRecordRow]:
    return [record_row(record) for record in window]


def record_as_listed(record: WriteOff) -> WriteOff:
    """A write-off just made or changed, read again as the store's records list shows it."""
    return records(store_id=record.store_id).get(pk=record.pk)
