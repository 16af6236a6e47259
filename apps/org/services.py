"""Writes of store information. Each service runs in one transaction, locks the row it
changes and writes the system log with the fields it changed."""

from __future__ import annotations

from datetime import time
from decimal import Decimal
from typing import Any, TypedDict, Unpack

from django.db import transaction
from django.utils.translation import gettext as _

from apps.core.audit import Actor, audit_record, field_changes
from apps.core.errors import InvalidInput, PermissionRefused
from apps.org import rules
from apps.org.choices import AuditAction, StoreStatus
from apps.org.models import OrgUnit
from apps.org.selectors import borrow_out_candidates


class StoreChanges(TypedDict, total=False):
    """The store information a store may edit (spec §2.2 /storeBasicInfo), by model field."""

    name: str
    province_code: str
    city_code: str
    district_code: str
    address: str
    phone: str
    open_time: time | None
    close_time: time | None
    seats: int | None
    status: str
    front_desk_check_required: bool
    signature_required: bool
    refund_approval_above: Decimal | None
    negative_stock_allowed: bool
    card_transfer_approval: bool
    borrow_out_target_ids: list[int]


# Model field → the page's name for it, in the system log and in a rule's error.
STORE_FIELDS = {
    "name": "name",
    "province_code": "provinceCode",
    "city_code": "cityCode",
    "district_code": "districtCode",
    "address": "address",
    "phone": "phone",
    "open_time": "openTime",
    "close_time": "closeTime",
    "seats": "seats",
    "status": "status",
    "front_desk_check_required": "frontDeskCheckRequired",
    "signature_required": "signatureRequired",
    "refund_approval_above": "refundApprovalAbove",
    "negative_stock_allowed": "negativeStockAllowed",
    "card_transfer_approval": "cardTransferApproval",
}


# Who may change each store setting (issue 25; decision 0024, "the store's controls are the
# owner's"). The owner's: the settings that govern approvals, money or stock, which a principal could
# otherwise switch off to pass the owner's check on themself. Needs BTN-MDGL-STORE-CONTROLS.
OWNER_ONLY_SETTINGS = frozenset(
    {
        "refund_approval_above",  # approvals: what a refund gives back without the owner
        "card_transfer_approval",  # approvals: card transfers wait for the owner
        "negative_stock_allowed",  # stock: moves below 0 refused or not
        "signature_required",  # money: package sessions spent only with the member's signature
        "borrow_out_target_ids",  # stock: the stores this store's stock may be lent to
    }
)
# The store's description and opening, the principal's to keep right (the page code is enough).
PRINCIPAL_SETTINGS = frozenset(
    {
        "name",
        "province_code",
        "city_code",
        "district_code",
        "address",
        "phone",
        "open_time",
        "close_time",
        "seats",
        "status",  # shown on the page and in lists; nothing is refused by it
        "front_desk_check_required",  # shows the group-buy check button at the desk; writes nothing
    }
)


def _check_regions(province: str, city: str, district: str) -> None:
    """Either no region at all, or a province, one of its cities and one of that city's districts
    (GB/T 2260 codes of apps.masterdata)."""
    from apps.masterdata.models import Region  # masterdata sits beside org; read-only use

    codes = {"provinceCode": province, "cityCode": city, "districtCode": district}
    if not any(codes.values()):
        return
    for field, code in codes.items():
        if not code or not rules.REGION_CODE.match(code):
            raise InvalidInput(_("please choose the province, city and district"), field=field)
    parents = dict(Region.objects.filter(code__in=codes.values()).values_list("code", "parent_id"))
    if province not in parents or parents[province] is not None:
        raise InvalidInput(_("unknown province"), field="provinceCode")
    if parents.get(city, "") != province:
        raise InvalidInput(_("the city is not in that province"), field="cityCode")
    if parents.get(district, "") != city:
        raise InvalidInput(_("the district is not in that city"), field="districtCode")


def _controls_changed(store: OrgUnit, before: dict[str, Any], after: dict[str, Any], sent: dict[str, Any]) -> list[str]:
    """The owner-only settings (their page names) that this edit would change: one sent with its
    current value is no change, so the whole form may be sent back as it was read."""
    changed = [
        STORE_FIELDS[field]
        for field in sorted(OWNER_ONLY_SETTINGS & STORE_FIELDS.keys())
        if before[field] != after[field]
    ]
    if "borrow_out_target_ids" in sent:
        current = set(store.borrow_out_targets.values_list("id", flat=True))
        if set(sent["borrow_out_target_ids"] or []) != current:
            changed.append("borrowOutTargetIds")
    return changed


def store_update(
    *, actor: Actor, store: OrgUnit, may_change_controls: bool = False, **changes: Unpack[StoreChanges]
) -> OrgUnit:
    """Spec §7.2 UpdateErpStore: edits the store information; only the fields sent change. Rules:
    phone format, opening before closing, seats or beds not negative, a consistent region, borrow-out
    targets among the other active stores. The settings that govern approvals, money or stock
    (OWNER_ONLY_SETTINGS) change only for a caller that `may_change_controls` (the owner's
    BTN-MDGL-STORE-CONTROLS): otherwise an edit that would change one is refused whole (403
    AUTH-40300), nothing of it saved. The system log records each changed field, old and new."""
    sent: dict[str, Any] = dict(changes)
    with transaction.atomic():
        store = OrgUnit.objects.stores().select_for_update(no_key=True).get(pk=store.pk)
        before = {field: getattr(store, field) for field in STORE_FIELDS}
        after = {**before, **{field: sent[field] for field in STORE_FIELDS if field in sent}}
        if not may_change_controls:
            refused = _controls_changed(store, before, after, sent)
            if refused:
                raise PermissionRefused(
                    _("only the owner may change the store's approval, money and stock settings"),
                    data={"fields": refused},
                )
        after["name"] = (after["name"] or "").strip()
        if not after["name"]:
            raise InvalidInput(_("please enter the store name"), field="name")
        for field in ("province_code", "city_code", "district_code", "address", "phone"):
            after[field] = (after[field] or "").strip()
        rules.check_store_phone(after["phone"])
        rules.check_opening_hours(after["open_time"], after["close_time"])
        rules.check_seats(after["seats"])
        if after["refund_approval_above"] is not None and after["refund_approval_above"] < 0:
            raise InvalidInput(_("the amount cannot be negative"), field="refundApprovalAbove")
        if after["status"] not in StoreStatus.values:
            raise InvalidInput(_("unknown store status"), field="status")
        _check_regions(after["province_code"], after["city_code"], after["district_code"])
        changed = field_changes(before, after, STORE_FIELDS)
        for field in STORE_FIELDS:
            if before[field] != after[field]:
                setattr(store, field, after[field])
        if "borrow_out_target_ids" in sent:
            wanted = set(sent["borrow_out_target_ids"] or [])
            if store.pk in wanted:
                raise InvalidInput(_("a store cannot lend to itself"), field="borrowOutTargetIds")
            if not wanted <= {candidate.pk for candidate in borrow_out_candidates(store)}:
                raise InvalidInput(_("unknown store among the borrow-out targets"), field="borrowOutTargetIds")
            current = set(store.borrow_out_targets.values_list("id", flat=True))
            if current != wanted:
                store.borrow_out_targets.set(sorted(wanted))
                changed["borrowOutTargetIds"] = [sorted(current), sorted(wanted)]
        if changed:
            store.save()
            audit_record(actor=actor, action=AuditAction.STORE_UPDATED, target=store, detail={"changed": changed})
    return store
