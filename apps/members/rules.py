"""Validation rules of member files and of the member search form (spec §5), raised as
InvalidInput with the field named. The member search dialog mirrors the search rules in
frontend/src/components/members/rules.ts with the same messages."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from django.utils.translation import gettext as _

from apps.core.errors import InvalidInput
from apps.members.choices import (
    CARD_NO_MAX_LENGTH,
    FUZZY_PHONE_MIN_DIGITS,
    MEMBER_CODE_MAX_LENGTH,
    MEMBER_NAME_MAX_LENGTH,
    OLDEST_BIRTHDAY_YEARS,
    PHONE_MAX_LENGTH,
    MemberAreaCode,
    SearchType,
)

# Spec §5 (write-off form, the same phone formats for members): a mainland mobile starts with 1, its
# second digit is 3 to 9, 11 digits; Hong Kong and Macao numbers have 8 digits.
MAINLAND_MOBILE = re.compile(r"^1[3-9]\d{9}$")
ANY_MOBILE = re.compile(r"^1\d{10}$")
HK_MACAO_PHONE = re.compile(r"^\d{8}$")
DIGITS = re.compile(r"^\d+$")
CODE = re.compile(r"^[A-Za-z0-9-]+$")


def check_name(name: str | None) -> str:
    name = (name or "").strip()
    if not name:
        raise InvalidInput(_("please enter the member's name"), field="name")
    if len(name) > MEMBER_NAME_MAX_LENGTH:
        raise InvalidInput(_("the name can have at most 20 characters"), field="name")
    return name


def check_phone(area_code: str | None, phone: str | None) -> tuple[str, str]:
    phone = (phone or "").strip()
    if area_code not in MemberAreaCode.values:
        raise InvalidInput(_("please choose an area code"), field="areaCode")
    if not phone:
        raise InvalidInput(_("please enter the member's phone"), field="phone")
    if area_code == MemberAreaCode.MAINLAND and not MAINLAND_MOBILE.match(phone):
        raise InvalidInput(_("please enter an 11-digit mobile number starting with 1"), field="phone")
    if area_code != MemberAreaCode.MAINLAND and not HK_MACAO_PHONE.match(phone):
        raise InvalidInput(_("please enter an 8-digit Hong Kong or Macao number"), field="phone")
    return area_code, phone


def check_code(value: str | None, field: str) -> str:
    value = (value or "").strip()
    limit = MEMBER_CODE_MAX_LENGTH if field == "crmCode" else CARD_NO_MAX_LENGTH
    if len(value) > limit:
        raise InvalidInput(_("at most 20 characters"), field=field)
    if value and not CODE.match(value):
        raise InvalidInput(_("only letters, digits and '-' are allowed"), field=field)
    return value


def check_birthday(birthday: date | None, today: date) -> date | None:
    if birthday is None:
        return None
    if birthday > today:
        raise InvalidInput(_("the birthday cannot be in the future"), field="birthday")
    if birthday.year < today.year - OLDEST_BIRTHDAY_YEARS:
        raise InvalidInput(_("please check the birthday"), field="birthday")
    return birthday


@dataclass(frozen=True)
class SearchForm:
    """The member search form of spec §3, cleaned: blanks are ''."""

    area_code: str = ""
    name: str = ""
    phone: str = ""
    card_no: str = ""
    crm_code: str = ""
    type: int = SearchType.GENERAL

    @property
    def has_exact_conditions(self) -> bool:
        return bool(self.phone or self.name or self.crm_code)


def search_type(phone: str) -> int:
    return SearchType.MOBILE if ANY_MOBILE.match(phone) else SearchType.GENERAL


def check_search_form(
    *, area_code: str = "", name: str = "", phone: str = "", card_no: str = "", crm_code: str = ""
) -> SearchForm:
    """Spec §5 member search: a condition is required; a phone is digits, with its area code's
    length (11 for 0086 and for no area code, 8 for 00852 and 00853)."""
    area_code, name, phone = (area_code or "").strip(), (name or "").strip(), (phone or "").strip()
    card_no, crm_code = (card_no or "").strip(), (crm_code or "").strip()
    if not (phone or name or card_no or crm_code):
        raise InvalidInput(_("please enter valid query conditions"))
    if len(name) > MEMBER_NAME_MAX_LENGTH:
        raise InvalidInput(_("the name can have at most 20 characters"), field="name")
    if len(crm_code) > MEMBER_CODE_MAX_LENGTH or len(card_no) > CARD_NO_MAX_LENGTH:
        raise InvalidInput(_("at most 20 characters"), field="crmCode" if len(crm_code) > 20 else "cardNo")
    if area_code and area_code not in MemberAreaCode.values:
        raise InvalidInput(_("please choose an area code"), field="areaCode")
    if phone:
        wanted = 8 if area_code in (MemberAreaCode.HONG_KONG, MemberAreaCode.MACAO) else PHONE_MAX_LENGTH
        if not DIGITS.match(phone) or len(phone) != wanted:
            raise InvalidInput(_("please enter a correct phone number"), field="phone")
    return SearchForm(
        area_code=area_code, name=name, phone=phone, card_no=card_no, crm_code=crm_code, type=search_type(phone)
    )


def check_fuzzy_form(*, area_code: str = "", name: str = "", phone: str = "", crm_code: str = "") -> SearchForm:
    """likeQuery: the phone is a fragment of 4 to 11 digits; otherwise the search form's rules."""
    area_code, name, phone, crm_code = (v.strip() for v in (area_code or "", name or "", phone or "", crm_code or ""))
    if not (phone or name or crm_code):
        raise InvalidInput(_("please enter valid query conditions"))
    if phone and (not DIGITS.match(phone) or not FUZZY_PHONE_MIN_DIGITS <= len(phone) <= PHONE_MAX_LENGTH):
        raise InvalidInput(_("please enter 4 to 11 digits of the phone"), field="phone")
    form = check_search_form(area_code=area_code, name=name, crm_code=crm_code) if name or crm_code else None
    return SearchForm(
        area_code=area_code if area_code in MemberAreaCode.values else "",
        name=form.name if form else "",
        phone=phone,
        crm_code=form.crm_code if form else "",
    )
