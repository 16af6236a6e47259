"""Settlement rules (issue 30): per kind of clearing, versions in force from a date. Head office
starts a version from tomorrow at the earliest, so a day already (or being) settled keeps the
version its entries were written at: each entry names its version, and nothing is recalculated."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.utils.translation import gettext as _

from apps.core.audit import SYSTEM_ACTOR, Actor, audit_record
from apps.core.business_days import business_day
from apps.core.errors import InvalidInput
from apps.core.transactions import use_case_atomic
from apps.settlement.choices import DEFAULT_SHARES, NOTE_MAX_LENGTH, RULE_KINDS, AuditAction
from apps.settlement.errors import RuleVersionInThePast
from apps.settlement.models import RuleVersion

HUNDRED = Decimal("100")


FIRST_DAY = date(2000, 1, 1)


def first_version(kind: str) -> RuleVersion:
    """The kind's first version, from DEFAULT_SHARES: migration 0001 writes them, and a database
    emptied since (a test's flush) gets them back when first needed."""
    share, gift_ratio = DEFAULT_SHARES[kind]
    return RuleVersion.objects.create(
        kind=kind,
        effective_from=FIRST_DAY,
        share=share,
        gift_ratio=gift_ratio,
        created_by_name=SYSTEM_ACTOR.login_name,
    )


def first_versions_ensured() -> None:
    """Every kind has its first version (migration 0001 wrote them; a database emptied since gets
    them back here, before the rules are read)."""
    have = set(RuleVersion.objects.filter(effective_from=FIRST_DAY).values_list("kind", flat=True))
    for kind in RULE_KINDS:
        if kind not in have:
            first_version(kind)


def rule_in_force(kind: str, day: date) -> RuleVersion:
    """The version of `kind` in force on `day`."""
    version = RuleVersion.objects.filter(kind=kind, effective_from__lte=day).order_by("-effective_from", "-id").first()
    return version or first_version(kind)


@dataclass(frozen=True)
class RuleInput:
    kind: str
    effective_from: date
    share: Decimal
    gift_ratio: Decimal
    note: str = ""


def _percent(value: Decimal, field: str) -> Decimal:
    if value < 0 or value > HUNDRED:
        raise InvalidInput(_("a percentage is from 0 to 100"), field=field)
    return value.quantize(Decimal("0.01"))


def rule_version_create(*, actor: Actor, rule: RuleInput) -> RuleVersion:
    if rule.kind not in RULE_KINDS:
        raise InvalidInput(_("unknown kind of settlement"), field="kind")
    if rule.effective_from <= business_day():
        raise RuleVersionInThePast()
    with use_case_atomic():
        version = RuleVersion.objects.create(
            kind=rule.kind,
            effective_from=rule.effective_from,
            share=_percent(rule.share, "share"),
            gift_ratio=_percent(rule.gift_ratio, "giftRatio"),
            note=rule.note.strip()[:NOTE_MAX_LENGTH],
            created_by_id=actor.user_id,
            created_by_name=actor.login_name,
        )
        audit_record(
            actor=actor,
            action=AuditAction.RULE_VERSION_CREATED,
            target=version,
            detail={
                "kind": version.kind,
                "effectiveFrom": version.effective_from.isoformat(),
                "share": str(version.share),
                "giftRatio": str(version.gift_ratio),
            },
        )
    return version


def earliest_new_version() -> date:
    return business_day() + timedelta(days=1)
