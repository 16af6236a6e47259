"""The settlement entries' export (settlement/entries/export): its columns, in the page's words."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from apps.core.excel import Column, Kind
from apps.settlement.choices import SettlementKind
from apps.settlement.models import SettlementEntry

ENTRY_COLUMNS = (
    Column("day", gettext_lazy("Day"), Kind.DATE),
    Column("kind", gettext_lazy("Kind")),
    Column("payer", gettext_lazy("Owes")),
    Column("payee", gettext_lazy("Is owed")),
    Column("amount", gettext_lazy("Amount"), Kind.MONEY),
    Column("value", gettext_lazy("Value"), Kind.MONEY),
    Column("sessions", gettext_lazy("Sessions"), Kind.NUMBER),
    Column("orderNo", gettext_lazy("Order")),
    Column("cardId", gettext_lazy("Card"), Kind.NUMBER),
    Column("ruleVersion", gettext_lazy("Rule version"), Kind.NUMBER),
    Column("reverses", gettext_lazy("Reverses entry"), Kind.NUMBER),
    Column("createdAt", gettext_lazy("Written"), Kind.DATETIME),
)


def entry_cells(entry: SettlementEntry) -> list[Any]:
    return [
        entry.day,
        str(SettlementKind(entry.kind).label),
        entry.payer.name,
        entry.payee.name,
        entry.amount,
        entry.value,
        entry.sessions,
        entry.order_no,
        entry.card_id,
        entry.rule_version_id,
        entry.reverses_id,
        entry.created_at,
    ]
