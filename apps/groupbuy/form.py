"""The write-off form and its rules (spec §3 "Group-buy write-off form", §5 "Write-off form";
contract §9). The client checks the same rules in the same order (frontend groupBuy/writeOffForm.ts)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from apps.core.errors import InvalidInput
from apps.groupbuy.choices import CODE_MAX_LENGTH, CommodityType
from apps.masterdata.choices import PRE_CHECK_PLATFORM_IDS

# Spec §5: 0086 a mainland mobile (1, then 3-9, 11 digits); 00852 and 00853 exactly 8 digits.
PHONE_FORMATS = {"0086": re.compile(r"^1[3-9]\d{9}$"), "00852": re.compile(r"^\d{8}$"), "00853": re.compile(r"^\d{8}$")}
PHONE_MAX_LENGTH = 11
# A code is what the customer's app shows: letters and digits (Douyin's may carry dashes).
CODE_FORMAT = re.compile(r"^[0-9A-Za-z-]+$")


@dataclass(frozen=True)
class WriteOffForm:
    platform_type: int | None
    platform_id: int | None
    store_id: int
    check_code: str
    area_code: str
    phone: str
    commodity_type: str = ""
    commodity_id: int | None = None
    from_reservation: bool = False
    member_id: int | None = None  # the reserved member picked (fromReservation)


def is_review_platform(platform_id: int | None) -> bool:
    return platform_id in PRE_CHECK_PLATFORM_IDS


def checked_form(form: WriteOffForm) -> WriteOffForm:
    """The form with its code and phone trimmed, or the first rule it breaks (400 VALID-40000 with
    the spec's sentence, on the field), in the spec's order."""
    if not form.platform_id:
        raise InvalidInput(_("please select platform"), field="platformId")
    code = (form.check_code or "").strip()
    if not code:
        raise InvalidInput(_("please enter coupon code"), field="checkCode")
    if len(code) > CODE_MAX_LENGTH or not CODE_FORMAT.match(code):
        raise InvalidInput(_("the coupon code has letters, digits and dashes only"), field="checkCode")
    phone = (form.phone or "").strip()
    if not phone:
        raise InvalidInput(_("please enter customer phone"), field="phone")
    if len(phone) > PHONE_MAX_LENGTH:
        raise InvalidInput(_("phone format incorrect, cannot write off"), field="phone")
    if not form.from_reservation:
        pattern = PHONE_FORMATS.get(form.area_code)
        if pattern is None or not pattern.match(phone):
            raise InvalidInput(_("phone format incorrect, cannot write off"), field="phone")
    has_item = form.commodity_type in CommodityType.values and form.commodity_id is not None
    if is_review_platform(form.platform_id) and not has_item:
        raise InvalidInput(_("please select project package / project / card"), field="commodityId")
    if form.commodity_type and form.commodity_type not in CommodityType.values:
        raise InvalidInput(_("please select project package / project / card"), field="commodityType")
    if form.from_reservation and form.member_id is None:
        raise InvalidInput(_("please pick the member from today's reservations"), field="memId")
    return WriteOffForm(
        platform_type=form.platform_type,
        platform_id=form.platform_id,
        store_id=form.store_id,
        check_code=code,
        area_code=form.area_code,
        phone=phone,
        commodity_type=form.commodity_type if has_item else "",
        commodity_id=form.commodity_id if has_item else None,
        from_reservation=form.from_reservation,
        member_id=form.member_id,
    )
