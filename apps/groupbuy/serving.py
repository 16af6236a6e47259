"""Serving a written-off coupon's member (`order/groupBuy`) and cancelling a write-off (issue 16).

**Serving** turns the write-off into a paid order of the store for its member: one line of the item
the coupon buys, sold as billing sells it (a project served by its staff; a project package, whose
sessions the payment banks on a package card the member holds, decision 0038; a stored-value card
type issued to the member as a card), at the deal's price (what the customer paid on the platform;
the platform's commission is a figure of the write-off, `commission`), committed by billing as any
order with the staff the desk chose and the reservation it was for (billed: done, off today's
lists), paid in full by a `groupBuy` tender that names the write-off. So the member's visit, the
staff's credits, the closing and the reports see it as a sale at the deal's price; the record links
to the order and shows "served" (spec §4). One transaction; the record's row lock makes a second
serve of it wait and then find it served (409 GB-40904).

**Cancelling** asks the platform to undo the write-off (within its window) and, when it was served,
refunds the whole order through billing (the package's sessions and the card go back as any refund
takes them back; the group-buy tender returns nothing, as the platform refunds the customer). What
billing would refuse (a card used since, a closed day) is found first, with nothing asked of the
platform; the record is claimed (`cancelling`) before the platform is asked, so two cancellations
never both ask it."""

from __future__ import annotations

import logging

from django.utils import timezone
from django.utils.translation import gettext as _

from apps.billing.choices import TenderMethod
from apps.billing.models import Order
from apps.billing.orders.lines import LineInput, StaffShare
from apps.billing.orders.services import order_commit
from apps.billing.refunds.services import LineAsked, order_refund, refund_quote
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.booking.selectors import todays_reservation_to_bill
from apps.core.audit import Actor, audit_record
from apps.core.errors import InvalidInput, NotFound
from apps.core.money import money_or_none_to_wire, money_to_wire
from apps.core.phones import mask_phone
from apps.core.transactions import use_case_atomic
from apps.groupbuy.choices import CANCEL_REASON_MAX_LENGTH, AuditAction, CommodityType, WriteOffStatus
from apps.groupbuy.errors import WriteOffNotInState
from apps.groupbuy.items import LINE_TYPES, store_item
from apps.groupbuy.models import WriteOff
from apps.groupbuy.platforms.base import Consumed, PlatformFailure
from apps.groupbuy.write_offs import platform_connection, refused_error
from apps.org.models import OrgUnit

logger = logging.getLogger(__name__)


def _tender_reference(record: WriteOff) -> str:
    return f"{record.platform.name} {mask_phone(record.code)} #{record.pk}"


def write_off_serve(
    *,
    actor: Actor,
    store: OrgUnit,
    record_id: int,
    staff: tuple[StaffShare, ...] | None = None,
    reservation_id: int | None = None,
    find_reservation: bool = False,
    commodity_type: str = "",
    commodity_id: int | None = None,
) -> WriteOff:
    """The write-off (of `store`) served: its order committed and paid by the coupon (see the
    module's doc). `commodity_type`/`commodity_id` name the item for a write-off made without one
    (a manual platform's). The reservation served is `reservation_id`, or with `find_reservation`
    and none named the member's one reservation of today still to be billed (booking's
    `todays_reservation_to_bill`); billing bills it. Errors: 404, 400 (no item), GB-40904 (not
    written off, or served), RES-40907 (the reservation billed already), and billing's (DAY-40901,
    staff 400, STOCK-40901)."""
    with use_case_atomic():
        record = _servable(store, record_id)
        if record.commodity_id is None:
            _item_chosen(record, store, commodity_type, commodity_id)
        if find_reservation and reservation_id is None:
            reservation_id = todays_reservation_to_bill(store_id=store.pk, member_id=record.member_id)
        order = _served_order(actor, store, record, staff, reservation_id)
        record.order = order
        record.served_at = timezone.now()
        record.save(
            update_fields=["order", "served_at", "commodity_type", "commodity_id", "commodity_name", "unified_code"]
        )
        audit_record(
            actor=actor,
            action=AuditAction.SERVED,
            target=record,
            detail={
                "orderId": order.pk,
                "orderNo": order.order_no,
                "payable": money_to_wire(order.payable),
                "dealPrice": money_or_none_to_wire(record.deal_price),
                "commission": money_or_none_to_wire(record.commission),
                "reservationId": order.reservation_id,
            },
        )
    return record


def _servable(store: OrgUnit, record_id: int) -> WriteOff:
    """The store's write-off under its row lock (a second serve waits, then finds it served)."""
    record = (
        WriteOff.objects.select_for_update(of=("self",)).select_related("platform").filter(pk=record_id, store=store)
    ).first()
    if record is None:
        raise NotFound()
    if record.status != WriteOffStatus.DONE or record.order_id is not None:
        raise WriteOffNotInState(_("only a written-off coupon that is not served yet can be served"))
    return record


def _item_chosen(record: WriteOff, store: OrgUnit, commodity_type: str, commodity_id: int | None) -> None:
    if commodity_id is None:
        raise InvalidInput(_("please select project package / project / card"), field="commodityId")
    item = store_item(store.pk, commodity_type, commodity_id)
    record.commodity_type, record.commodity_id = item.commodity_type, item.id
    record.commodity_name, record.unified_code = item.name, item.code


def _served_order(
    actor: Actor, store: OrgUnit, record: WriteOff, staff: tuple[StaffShare, ...] | None, reservation_id: int | None
) -> Order:
    """The order of the coupon's item, committed and paid by the coupon. A platform's deal sells at its
    price (the sale counts for what the customer paid on the platform, not the store's price); a
    manual platform's code names no price, so its item sells at the store's. A package is sold as
    billing sells a project package: that is where its sessions are banked, not here."""
    line = LineInput(
        type=LINE_TYPES[CommodityType(record.commodity_type)],
        item_id=record.commodity_id,
        staff=staff,
        group_buy_price=record.deal_price,
    )
    order = order_commit(
        actor=actor, store=store, lines=[line], member_id=record.member_id, reservation_id=reservation_id
    )
    tenders = (
        [TenderAsked(method=TenderMethod.GROUP_BUY, amount=order.payable, reference=_tender_reference(record))]
        if order.payable > 0
        else []
    )
    order_pay(actor=actor, order_id=order.pk, tenders=tenders, group_buy=True)
    return order


def _checked_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput(_("please give the reason for cancelling"), field="reason")
    if len(reason) > CANCEL_REASON_MAX_LENGTH:
        raise InvalidInput(_("at most 200 characters"), field="reason")
    return reason


def _whole_order(order: Order | None) -> list[LineAsked]:
    assert order is not None  # a served write-off names its order
    return [LineAsked(order_line_id=line.pk) for line in order.lines.all()]


def write_off_cancel(*, actor: Actor, store: OrgUnit, record_id: int, reason: str) -> WriteOff:
    """Cancels a done write-off of `store` (see the module's doc). Errors: 400 (no reason), 404,
    GB-40904 (not done, or already being cancelled), GB-40902 (the platform refused: its window
    passed), and billing's refusals of the order's refund (ORD-40901, CARD-40903, DAY-40901)."""
    reason = _checked_reason(reason)
    record = _claimed_for_cancelling(store=store, record_id=record_id)
    _platform_cancel(record, store=store, reason=reason)
    try:
        return _cancel_written(actor=actor, record_id=record.pk, reason=reason)
    except Exception:
        # The platform undid it but the order could not be refunded (it changed since the quote): the
        # record stays `cancelling` for head office to settle, never shown as still written off.
        logger.exception("group-buy write-off %s cancelled at the platform, its order not refunded", record.pk)
        raise


def _claimed_for_cancelling(*, store: OrgUnit, record_id: int) -> WriteOff:
    """The done write-off of `store`, moved to `cancelling` by a conditional update: of two
    cancellations at once, only one claims it."""
    record = WriteOff.objects.select_related("platform").filter(pk=record_id, store=store).first()
    if record is None:
        raise NotFound()
    if record.status != WriteOffStatus.DONE:
        raise WriteOffNotInState(_("only a written-off coupon can be cancelled"))
    # The claim comes before the refund's quote: a second till that read the record as done while the
    # first was cancelling it must hear "already being cancelled", not the refund's "nothing left".
    claimed = WriteOff.objects.filter(pk=record.pk, status=WriteOffStatus.DONE).update(status=WriteOffStatus.CANCELLING)
    if not claimed:
        raise WriteOffNotInState(_("only a written-off coupon can be cancelled"))
    return record


def _platform_cancel(record: WriteOff, *, store: OrgUnit, reason: str) -> None:
    """Checks that billing would refund a served record's order (its quote), then asks the platform to
    undo the write-off. Either refusing puts the claimed record back to done."""
    try:
        if record.order_id is not None:
            refund_quote(
                order_id=record.order_id,
                lines=_whole_order(record.order),
                reason=reason,
                approved=True,
                group_buy_back=True,
            )
        adapter, account = platform_connection(record.platform, store.pk)
        if adapter.remote and record.consumed:
            adapter.cancel(account, Consumed.from_json(record.consumed))
    except Exception as error:
        WriteOff.objects.filter(pk=record.pk, status=WriteOffStatus.CANCELLING).update(status=WriteOffStatus.DONE)
        if isinstance(error, PlatformFailure):
            raise refused_error(error) from error
        raise


def _cancel_written(*, actor: Actor, record_id: int, reason: str) -> WriteOff:
    """In one transaction, under the record's row lock: its order refunded in full (when served), the
    record cancelled, the system log."""
    with use_case_atomic():
        record = WriteOff.objects.select_for_update(of=("self",)).select_related("order").get(pk=record_id)
        refund = None
        if record.order_id is not None:
            refund = order_refund(
                actor=actor,
                order_id=record.order_id,
                lines=_whole_order(record.order),
                reason=reason,
                approved=True,
                group_buy_back=True,
            )
        record.status = WriteOffStatus.CANCELLED
        record.cancelled_at = timezone.now()
        record.cancel_reason = reason
        record.cancelled_by = actor.login_name[:40]
        record.save(update_fields=["status", "cancelled_at", "cancel_reason", "cancelled_by"])
        audit_record(
            actor=actor,
            action=AuditAction.CANCELLED,
            target=record,
            detail={
                "platformId": record.platform_id,
                "code": record.code,
                "reason": reason,
                "orderId": record.order_id,
                "refundId": refund.pk if refund else None,
            },
        )
    return record
