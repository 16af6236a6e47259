"""Writing a group-buy coupon off (issue 16; contract §9; decision 0019 for the platforms' rules).

    pre_check(...)          what a review platform's code buys here: the three candidate lists (spec §7.5)
    write_off_start(...)    the write-off itself, recorded pending (inside the Idempotency-Key's
    write_off_finish(...)   transaction), then asked of the platform (after its commit)

A write-off is checked (the form's rules, the store sells the item, the code not already written off
here, the phone's frequency), then asked of the platform (`prepare`: what the code buys; nothing
consumed), then written **pending** in its own transaction (the database holds a code once per
platform: a second till loses here with GB-40901, before the platform is asked to consume), then
consumed at the platform with the record's `request_id`, and finished:

- consumed: done, with what the platform answered (`consumed`, which a cancellation needs);
- a definite no: failed, with the platform's message (409 GB-40902); nothing was consumed;
- no answer (timeout, 5xx): the platform is asked at once whether it has the write-off (`query`);
  yes finishes it, no fails it; still no answer leaves it pending (409 GB-40905) for
  `resolve_pending` (Celery beat, `manage.py poll_write_offs`).

The platform is never asked inside a database transaction: no row is locked while it answers."""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass, replace
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.accounts.store_master import store_master_check
from apps.booking.selectors import today_reserved
from apps.core.audit import Actor, audit_record
from apps.core.business_days import business_day, check_day_open
from apps.core.errors import InvalidInput
from apps.core.json_types import JsonObject
from apps.core.money import cents_to_wire, from_cents, money_or_none_to_wire, money_to_wire
from apps.core.phones import mask_phone
from apps.groupbuy.checks import Frequency, phone_frequency, price_check
from apps.groupbuy.choices import HOLDING_STATUSES, AuditAction, WriteOffStatus
from apps.groupbuy.errors import (
    CodeWrittenOff,
    FrequencyExceeded,
    PlatformPending,
    PlatformRefused,
    WriteOffMismatched,
)
from apps.groupbuy.form import WriteOffForm, checked_form, is_review_platform
from apps.groupbuy.items import Item, mapped_items, store_item, store_items
from apps.groupbuy.models import Deal, WriteOff
from apps.groupbuy.platforms import platform as adapter_of
from apps.groupbuy.platforms.accounts import account_for
from apps.groupbuy.platforms.base import (
    Consumed,
    CouponInfo,
    GroupBuyPlatform,
    PlatformAccount,
    PlatformFailure,
    PlatformUnavailable,
)
from apps.groupbuy.rows import (
    CodeCheckRow,
    CouponDealRow,
    PreCheckRow,
    PriceCheckRow,
    ReviewFrontCheckRow,
    WriteOffPlatformRow,
)
from apps.masterdata.choices import PRE_CHECK_PLATFORM_IDS, MasterType, PlatformAdapter
from apps.masterdata.models import Platform
from apps.masterdata.selectors import master_items, platforms
from apps.members.choices import MemberStatus
from apps.members.errors import PhoneTaken
from apps.members.models import Member
from apps.members.services import MemberFields, member_create
from apps.messaging.choices import TaskType
from apps.messaging.services import task_raise
from apps.messaging.system_texts import SystemText
from apps.org.models import OrgUnit

logger = logging.getLogger(__name__)

# A member file made for a coupon's customer records where they came from (master list MEMBER_SOURCE).
MEMBER_SOURCES = {19: "meituan", 21: "dianping", 13: "douyin"}
MISMATCH_PARTS = {"deal": gettext_lazy("deal"), "price": gettext_lazy("price")}
# The task a person settles with the platform (apps.messaging.system_texts).
WRITE_OFF_MISMATCH_TEXT = "groupbuy.write_off_mismatch"


def write_off_platforms(*, platform_type: int) -> list[WriteOffPlatformRow]:
    """The platforms of a write-off tab, each with whether its codes are pre-checked (19, 21) and
    whether a platform is asked at all (else written off by hand)."""
    adapters = dict(Platform.objects.filter(enabled=True).values_list("id", "adapter"))
    return [
        {
            **row,
            "preCheck": row["id"] in PRE_CHECK_PLATFORM_IDS,
            "remote": adapters.get(row["id"], PlatformAdapter.MANUAL) != PlatformAdapter.MANUAL,
        }
        for row in platforms(platform_type=platform_type)
    ]


def platform_of(platform_id: int | None, platform_type: int | None = None) -> Platform:
    found = Platform.objects.filter(pk=platform_id, enabled=True).first() if platform_id else None
    if found is None or (platform_type is not None and found.platform_type != platform_type):
        raise InvalidInput(_("please select platform"), field="platformId")
    return found


def platform_connection(platform: Platform, store_id: int) -> tuple[GroupBuyPlatform, PlatformAccount]:
    try:
        return adapter_of(platform.adapter), account_for(platform.adapter, store_id)
    except PlatformFailure as error:
        raise refused_error(error) from error


def refused_error(error: PlatformFailure) -> PlatformRefused:
    """Ours in the user's language, then the platform's own text (spec §8: shown under the selection)."""
    message = error.user_message + (f" ({error.message})" if error.message else "")
    return PlatformRefused(
        message,
        data={"kind": type(error).__name__, "platformCode": error.code, "platformMessage": error.message},
    )


def _not_written_off(platform: Platform, code: str) -> None:
    held = WriteOff.objects.filter(platform=platform, code=code, status__in=HOLDING_STATUSES).first()
    if held is not None:
        raise CodeWrittenOff(data={"recordId": held.pk, "storeId": held.store_id, "at": held.created_at.isoformat()})


def deal_seen(platform: Platform, info: CouponInfo) -> Deal | None:
    """The platform's deal as last reported (created the first time it is seen), or None for a code
    that names no deal (the manual platform)."""
    if not info.deal_id:
        return None
    deal, _created = Deal.objects.update_or_create(
        platform=platform,
        deal_id=info.deal_id,
        defaults={
            "title": info.title[:200],
            "price": from_cents(info.price_cents),
            "market_price": from_cents(info.market_price_cents),
        },
    )
    return deal


def prepared(adapter: GroupBuyPlatform, account: PlatformAccount, code: str) -> CouponInfo:
    try:
        return adapter.prepare(account, code)
    except PlatformFailure as error:
        raise refused_error(error) from error


# -- pre-check ------------------------------------------------------------------------------------


def pre_check(*, platform_id: int | None, check_code: str, store_id: int) -> PreCheckRow:
    """What a review platform's code (19, 21) buys at the store: `{projects, packages, cards}` the
    deal is mapped to here (every item of the store when head office has not mapped the deal yet,
    with `mapped: false`), and the deal. Errors: 400 (not a review platform, no code), GB-40901,
    GB-40902 (the platform's refusal), nothing written but the deal seen."""
    if not is_review_platform(platform_id):
        raise InvalidInput(_("the pre-check is for the review platforms only"), field="platformId")
    code = (check_code or "").strip()
    if not code:
        raise InvalidInput(_("please enter coupon code"), field="checkCode")
    platform = platform_of(platform_id)
    _not_written_off(platform, code)
    adapter, account = platform_connection(platform, store_id)
    info = prepared(adapter, account, code)
    deal = deal_seen(platform, info)
    lists = mapped_items(deal, store_id) if deal else {}
    mapped = any(lists.values())
    if not mapped:
        lists = {kind: store_items(store_id, kind) for kind in ("project", "package", "card")}
    return {
        "projects": [item.to_wire() for item in lists["project"]],
        "packages": [item.to_wire() for item in lists["package"]],
        "cards": [item.to_wire() for item in lists["card"]],
        "mapped": mapped,
        "deal": _deal_wire(info),
    }


def _deal_wire(info: CouponInfo) -> CouponDealRow:
    return {
        "dealId": info.deal_id,
        "title": info.title,
        "price": cents_to_wire(info.price_cents),
        "marketPrice": cents_to_wire(info.market_price_cents),
        "count": info.count,
        "expiresAt": info.expires_at.isoformat() if info.expires_at else None,
    }


def code_check(*, platform_id: int | None, check_code: str, store_id: int) -> tuple[Platform, CouponInfo]:
    """`rzCheckFrequencyLimit/checkCode`: the code is not written off here and the platform would
    take it at the store (what it buys), nothing consumed. Errors: 400, GB-40901, GB-40902."""
    platform = platform_of(platform_id)
    code = (check_code or "").strip()
    if not code:
        raise InvalidInput(_("please enter coupon code"), field="checkCode")
    _not_written_off(platform, code)
    adapter, account = platform_connection(platform, store_id)
    info = prepared(adapter, account, code)
    deal_seen(platform, info)
    return platform, info


def code_check_answer(*, platform_id: int | None, check_code: str, store_id: int) -> CodeCheckRow:
    _platform, info = code_check(platform_id=platform_id, check_code=check_code, store_id=store_id)
    return {"ok": True, "deal": _deal_wire(info)}


def online_price_check(
    *, platform_id: int | None, check_code: str, store_id: int, commodity_type: str, commodity_id: int
) -> PriceCheckRow:
    """`rzCheckFrequencyLimit/onlinePriceCheck`: the deal's prices against the store's price of the
    item (apps.groupbuy.checks): warnings, never a refusal."""
    _platform, info = code_check(platform_id=platform_id, check_code=check_code, store_id=store_id)
    item = store_item(store_id, commodity_type, commodity_id)
    return price_check(
        deal_price=from_cents(info.price_cents),
        market_price=from_cents(info.market_price_cents),
        store_price=item.price,
    ).to_wire()


def review_front_check(*, form: WriteOffForm) -> ReviewFrontCheckRow:
    """`rzCheckFrequencyLimit/reviewFrontCheck`: before a review platform's write-off, everything the
    write-off will check, at once and with nothing written: the form's rules, the code (here and at
    the platform), the phone's frequency and the online price. Errors: as the write-off's first step."""
    form = checked_form(form)
    if not is_review_platform(form.platform_id):
        raise InvalidInput(_("this call is for the review platforms"), field="platformId")
    _platform, info = code_check(platform_id=form.platform_id, check_code=form.check_code, store_id=form.store_id)
    price = None
    if form.commodity_id is not None:
        item = store_item(form.store_id, form.commodity_type, form.commodity_id)
        price = price_check(
            deal_price=from_cents(info.price_cents),
            market_price=from_cents(info.market_price_cents),
            store_price=item.price,
        ).to_wire()
    return {
        "deal": _deal_wire(info),
        "frequency": phone_frequency(area_code=form.area_code, phone=form.phone).to_wire(),
        "price": price,
    }


# -- the write-off --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Confirmation:
    """How a phone over its frequency limit was confirmed: by a principal acting (holding the
    button code) or by a store owner's authorization code typed in."""

    by_principal: bool = False
    authorization_code: str = ""


def _frequency_passed(
    actor: Actor, session: Any, store: OrgUnit, form: WriteOffForm, confirmation: Confirmation
) -> tuple[Frequency, str]:
    frequency = phone_frequency(area_code=form.area_code, phone=form.phone)
    if not frequency.exceeded:
        return frequency, ""
    confirmed_by = ""
    if confirmation.by_principal:
        confirmed_by = actor.login_name
    elif confirmation.authorization_code:
        owner = store_master_check(
            actor=actor, session=session, store_id=store.pk, code=confirmation.authorization_code
        )
        confirmed_by = str(owner["ownerName"])
    if not confirmed_by:
        raise FrequencyExceeded(
            FrequencyExceeded.default_message % {"count": frequency.count, "days": frequency.period_days},
            data=frequency.to_wire(),
        )
    audit_record(
        actor=actor,
        action=AuditAction.FREQUENCY_CONFIRMED,
        target=store,
        detail={"phone": mask_phone(form.phone), **frequency.to_wire(), "confirmedBy": confirmed_by},
    )
    return frequency, confirmed_by


def _reserved_member(member_id: int | None, store_id: int) -> Member:
    """The member picked from the store's reservations of today (booking's `todayReserved`): only such
    a member skips the phone's format check."""
    reserved = {row["memId"] for row in today_reserved(store_id)}
    member = (
        Member.objects.filter(pk=member_id).exclude(status=MemberStatus.CANCELLED).first()
        if member_id is not None and member_id in reserved
        else None
    )
    if member is None:
        raise InvalidInput(_("please pick the member from today's reservations"), field="memId")
    return member


def _member(actor: Actor, store: OrgUnit, form: WriteOffForm, platform: Platform) -> Member:
    if form.from_reservation:
        return _reserved_member(form.member_id, store.pk)
    member = (
        Member.objects.filter(area_code=form.area_code, phone=form.phone).exclude(status=MemberStatus.CANCELLED).first()
    )
    if member is not None:
        return member
    source = MEMBER_SOURCES.get(platform.pk, "")
    if source not in {row["code"] for row in master_items(type=MasterType.MEMBER_SOURCE)}:
        source = ""  # a chain that switched the source off files the member without one
    # A name the desk can change later: the platform and the phone's last digits (美团顾客5678), in the
    # chain's language whatever the operator's (a member file is data, not interface).
    fields = MemberFields(name=f"{platform.name[:10]}顾客{form.phone[-4:]}", area_code=form.area_code, phone=form.phone)
    if source:
        fields["source"] = source
    try:
        return member_create(actor=actor, store=store, **fields)
    except PhoneTaken:
        # Another till filed the same new customer meanwhile (it committed first; its savepoint kept
        # this transaction usable): write off for that member file.
        member = (
            Member.objects.filter(area_code=form.area_code, phone=form.phone)
            .exclude(status=MemberStatus.CANCELLED)
            .first()
        )
        if member is None:
            raise
        return member


def _item_allowed(deal: Deal | None, store_id: int, item: Item | None) -> None:
    """A mapped deal buys only what it is mapped to (an unmapped one: anything the store sells)."""
    if deal is None or item is None:
        return
    lists = mapped_items(deal, store_id)
    if any(lists.values()) and item.id not in {mapped.id for mapped in lists[item.commodity_type]}:
        raise InvalidInput(_("this coupon does not buy the chosen item"), field="commodityId")


def write_off_start(
    *,
    actor: Actor,
    session: Any,
    store: OrgUnit,
    form: WriteOffForm,
    review: bool,
    confirmation: Confirmation = Confirmation(),
) -> WriteOff:
    """The write-off's first step, with no platform asked: the form's rules, the item, the code not
    held here, the phone's frequency, the member (found by phone or filed at the store), and the
    record written **pending** (the code now held). `review`: the review platforms' call
    (writeOffReview) takes only platforms 19 and 21, the other call none of them. Errors: 400
    VALID-40000 (the spec's sentences), GB-40901, GB-40903, 403 AUTH-40300 (a wrong authorization code),
    409 DAY-40901 (the store's day is closed: the platform is not asked)."""
    form = replace(form, store_id=store.pk)
    if form.from_reservation:  # the phone is the reserved member's (the list shows it masked)
        reserved = _reserved_member(form.member_id, store.pk)
        form = replace(form, area_code=reserved.area_code, phone=reserved.phone)
    form = checked_form(form)
    if review != is_review_platform(form.platform_id):
        raise InvalidInput(
            _("write off the review platforms' codes with their own call")
            if not review
            else _("this call is for the review platforms"),
            field="platformId",
        )
    platform = platform_of(form.platform_id, form.platform_type)
    item = store_item(store.pk, form.commodity_type, form.commodity_id) if form.commodity_id is not None else None
    _not_written_off(platform, form.check_code)
    platform_connection(platform, store.pk)  # a platform the store has no account for: refused now
    frequency, confirmed_by = _frequency_passed(actor, session, store, form, confirmation)
    try:
        with transaction.atomic():
            check_day_open(store_id=store.pk, day=business_day())  # a closed day's coupon could not be served
            member = _member(actor, store, form, platform)
            return WriteOff.objects.create(
                platform=platform,
                code=form.check_code,
                store=store,
                member=member,
                area_code=form.area_code,
                phone=form.phone,
                from_reservation=form.from_reservation,
                commodity_type=item.commodity_type if item else "",
                commodity_id=item.id if item else None,
                commodity_name=item.name if item else "",
                unified_code=item.code if item else "",
                store_price=item.price if item else None,
                frequency_count=frequency.count,
                frequency_confirmed_by=confirmed_by[:40],
                status=WriteOffStatus.PENDING,
                request_id=uuid.uuid4().hex,
                operator_id=actor.user_id,
                operator_name=actor.login_name[:40],
            )
    except IntegrityError as error:
        if "groupbuy_code_written_off_once" in str(error):
            raise CodeWrittenOff() from error
        raise


def write_off_finish(*, actor: Actor, record: WriteOff) -> WriteOff:
    """The write-off's second step, with no transaction open: the platform asked what the code buys
    (a mapped deal buys only its items; the online-price check noted), then to consume it, and the
    record finished (see the module's doc). Errors: GB-40902, GB-40905, 400 (an item the deal does
    not buy; the record then failed)."""
    adapter, account = platform_connection(record.platform, record.store_id)
    try:
        info = adapter.prepare(account, record.code)
    except PlatformFailure as error:
        _failed(actor, record, error)
        raise refused_error(error) from error
    deal = deal_seen(record.platform, info)
    item = (
        Item(
            record.commodity_type,
            record.commodity_id,
            record.commodity_name,
            record.unified_code,
            record.store_price or Decimal(0),
        )
        if record.commodity_id is not None
        else None
    )
    try:
        _item_allowed(deal, record.store_id, item)
    except InvalidInput as error:
        _failed(actor, record, PlatformFailure(str(error.message)))
        raise
    if adapter.remote:
        record.deal = deal
        record.deal_price = from_cents(info.price_cents)
        if item is not None:
            checked = price_check(
                deal_price=record.deal_price, market_price=from_cents(info.market_price_cents), store_price=item.price
            )
            record.price_warning = checked.warning[:200]
        record.save(update_fields=["deal", "deal_price", "price_warning"])
    return _consumed(actor, record, adapter, account)


def _consumed(actor: Actor, record: WriteOff, adapter: GroupBuyPlatform, account: PlatformAccount) -> WriteOff:
    try:
        done = adapter.consume(account, record.code, 1, record.request_id)
    except PlatformUnavailable as error:
        logger.warning("group-buy consume of write-off %s unanswered: %s", record.pk, error)
        return _asked_again(actor, record, adapter, account)
    except PlatformFailure as error:
        _failed(actor, record, error)
        raise refused_error(error) from error
    return _done(actor, record, done)


def _asked_again(actor: Actor, record: WriteOff, adapter: GroupBuyPlatform, account: PlatformAccount) -> WriteOff:
    """After an unanswered consume: the platform's word on it, if it gives one now."""
    try:
        found = adapter.query(account, record.code, record.request_id)
    except PlatformFailure as error:
        logger.warning("group-buy query of write-off %s unanswered: %s", record.pk, error)
        raise PlatformPending(data={"recordId": record.pk}) from error
    if found is None:
        missing = PlatformUnavailable(_("the platform did not answer and has no write-off of the code"))
        _failed(actor, record, missing)
        raise refused_error(missing)
    return _done(actor, record, found)


def _differences(record: WriteOff, done: Consumed) -> list[tuple[str, str, str]]:
    """What the platform's word on the write-off names that is not what it offered for the code (the
    deal and the price its `prepare` reported, kept on the record): (part, offered, reported)."""
    found: list[tuple[str, str, str]] = []
    offered = record.deal.deal_id if record.deal is not None else ""
    if offered and done.deal_id != offered:
        found.append(("deal", offered, done.deal_id or "-"))
    if record.deal_price is not None and from_cents(done.price_cents) != record.deal_price:
        found.append(("price", money_to_wire(record.deal_price), cents_to_wire(done.price_cents)))
    return found


def _said(differences: list[tuple[str, str, str]]) -> str:
    return "; ".join(
        _("%(part)s: offered %(offered)s, written off %(reported)s")
        % {"part": MISMATCH_PARTS[part], "offered": offered, "reported": reported}
        for part, offered, reported in differences
    )


def write_off_mismatch_text(params: JsonObject) -> SystemText:
    """The task's words in the reader's language: {platform, code, record, differences} as
    _mismatched kept them, the differences as (part, offered, written off)."""
    differences = [(str(part), str(offered), str(reported)) for part, offered, reported in params["differences"]]
    words = {**params, "said": _said(differences)}
    return SystemText(
        title=_("Group-buy write-off to check: %(platform)s %(code)s") % words,
        content=_(
            "%(platform)s wrote off coupon code %(code)s (write-off record %(record)s) for another deal "
            "or price than it offered: %(said)s. The write-off was not taken and no order was made. "
            "Check it with the platform: cancel the write-off there, or settle the difference."
        )
        % words,
    )


def _mismatched(actor: Actor, record: WriteOff, done: Consumed, differences: list[tuple[str, str, str]]) -> None:
    """Not taken: the record fails (keeping the platform's answer, which a cancellation at the platform
    needs), the system log has it and a task asks a person to settle it with the platform."""
    with translation.override(settings.LANGUAGE_CODE):  # stored text, in the chain's language
        message = _("the platform wrote it off for another deal or price (%(said)s): not taken") % {
            "said": _said(differences)
        }
    with transaction.atomic():
        changed = WriteOff.objects.filter(pk=record.pk, status=WriteOffStatus.PENDING).update(
            status=WriteOffStatus.FAILED, consumed=done.to_json(), message=message[:255]
        )
        if not changed:
            return
        record.refresh_from_db()
        audit_record(
            actor=actor,
            action=AuditAction.WRITE_OFF_MISMATCHED,
            target=record,
            detail={
                "platformId": record.platform_id,
                "code": record.code,
                "storeId": record.store_id,
                "differences": [list(difference) for difference in differences],
                "consumed": done.to_json(),
            },
        )
        task_raise(
            actor=actor,
            store=record.store,
            task_type=TaskType.GROUP_BUY_MISMATCH,
            text_code=WRITE_OFF_MISMATCH_TEXT,
            text_params={
                "platform": record.platform.name,
                "code": record.code,
                "record": record.pk,
                "differences": [list(difference) for difference in differences],
            },
        )


def _settled(record: WriteOff, done: Consumed) -> tuple[Decimal | None, Decimal | None]:
    """The platform's settlement of the write-off and its commission (the deal's price less it),
    where it reported one for a deal whose price we know; (None, None) otherwise."""
    if done.settlement_cents is None or record.deal_price is None:
        return None, None
    settlement = from_cents(done.settlement_cents)
    return settlement, record.deal_price - settlement


def _done(actor: Actor, record: WriteOff, done: Consumed) -> WriteOff:
    differences = _differences(record, done)
    if differences:
        logger.error("group-buy write-off %s: the platform wrote off something else: %s", record.pk, differences)
        _mismatched(actor, record, done, differences)
        raise WriteOffMismatched(data={"recordId": record.pk, "differences": [list(d) for d in differences]})
    settlement, commission = _settled(record, done)
    with transaction.atomic():
        changed = WriteOff.objects.filter(pk=record.pk, status=WriteOffStatus.PENDING).update(
            status=WriteOffStatus.DONE,
            consumed=done.to_json(),
            done_at=timezone.now(),
            message="",
            settlement=settlement,
            commission=commission,
        )
        record.refresh_from_db()
        if changed:
            audit_record(
                actor=actor,
                action=AuditAction.WRITTEN_OFF,
                target=record,
                detail={
                    "platformId": record.platform_id,
                    "code": record.code,
                    "storeId": record.store_id,
                    "memberId": record.member_id,
                    "phone": mask_phone(record.phone),
                    "item": [record.commodity_type, record.commodity_id],
                    "dealPrice": money_or_none_to_wire(record.deal_price),
                    "settlement": money_or_none_to_wire(record.settlement),
                    "commission": money_or_none_to_wire(record.commission),
                    "priceWarning": record.price_warning,
                    "frequencyConfirmedBy": record.frequency_confirmed_by,
                },
            )
    return record


def _failed(actor: Actor, record: WriteOff, error: PlatformFailure) -> None:
    """The record failed (nothing consumed at the platform): the code is free again."""
    with transaction.atomic():
        changed = WriteOff.objects.filter(pk=record.pk, status=WriteOffStatus.PENDING).update(
            status=WriteOffStatus.FAILED, message=(error.message or error.user_message)[:255]
        )
        if changed:
            audit_record(
                actor=actor,
                action=AuditAction.WRITE_OFF_REFUSED,
                target=record,
                detail={
                    "platformId": record.platform_id,
                    "code": record.code,
                    "kind": type(error).__name__,
                    "platformCode": error.code,
                    "platformMessage": error.message,
                },
            )


def resolve_pending(*, actor: Actor, older_than_seconds: float = 120.0) -> int:
    """Asks the platforms about every write-off still pending a while after it was written: each
    is finished as done or failed by the platform's word, or left pending if it still does not answer.
    Answers how many were finished."""
    since = timezone.now() - timedelta(seconds=older_than_seconds)
    finished = 0
    for record in WriteOff.objects.filter(status=WriteOffStatus.PENDING, created_at__lte=since).select_related(
        "platform"
    )[:200]:
        try:
            adapter, account = platform_connection(record.platform, record.store_id)
            _asked_again(actor, record, adapter, account)
            finished += 1
        except PlatformPending:
            continue
        except (PlatformRefused, WriteOffMismatched):
            finished += 1
    return finished
