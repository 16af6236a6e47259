"""Members and the records about them named as the system log shows them (apps.core.object_names):
by the member code and the masked name, never the whole name or the phone."""

from __future__ import annotations

from collections.abc import Collection

from apps.core.person_names import mask_name
from apps.members.models import CancellationRequest, Examination, Member, MoveIn


def member_label(code: str, name: str) -> str:
    """A member as the log reads one; an anonymised member has no name left: the code alone."""
    return " ".join(part for part in (code, mask_name(name)) if part)


def member_names(ids: Collection[int]) -> dict[int, str]:
    """HY0100021 王*: the member code and the masked name."""
    rows = Member.objects.filter(pk__in=ids).values_list("pk", "crm_code", "name")
    return {pk: member_label(code, name) for pk, code, name in rows}


def cancellation_names(ids: Collection[int]) -> dict[int, str]:
    """A cancellation request by its member."""
    rows = CancellationRequest.objects.filter(pk__in=ids).values_list("pk", "member__crm_code", "member__name")
    return {pk: member_label(code, name) for pk, code, name in rows}


def examination_names(ids: Collection[int]) -> dict[int, str]:
    """An examination by its member and its day."""
    rows = Examination.objects.filter(pk__in=ids).values_list("pk", "member__crm_code", "member__name", "examined_on")
    return {pk: f"{member_label(code, name)} {day.isoformat()}" for pk, code, name, day in rows}


def move_in_names(ids: Collection[int]) -> dict[int, str]:
    """A move-in by its member, found or still to be filed (the masked name it was filled in with)."""
    rows = MoveIn.objects.filter(pk__in=ids).values_list("pk", "member__crm_code", "name")
    return {pk: member_label(code or "", name) for pk, code, name in rows}
