"""Reads of the settlement (issue 30): a day's statements of the caller's stores, one statement with
its entries, the month's matrix between every pair of stores, the rules, the months' settlements,
and a store's clearing figure of a day (its daily closing shows it)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal

from django.db.models import Count, F, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from apps.cards.names import card_numbers
from apps.core.audit import operator_name
from apps.core.money import money_to_wire
from apps.core.time_ranges import month_bounds
from apps.org.selectors import stores
from apps.settlement.choices import RULE_KINDS, MonthStatus, SettlementKind, StatementStatus
from apps.settlement.models import MonthSettlement, RuleVersion, SettlementEntry, Statement
from apps.settlement.rows import (
    CallerStoresRow,
    ConfirmationRow,
    DayClearingRow,
    MatrixCellRow,
    MatrixRow,
    MonthSettlementRow,
    RuleKindRow,
    RulesRow,
    RuleVersionRow,
    StatementDetailRow,
    StatementEntryRow,
    StatementHeadRow,
    StatementRow,
)
from apps.settlement.rules import earliest_new_version

ZERO = Decimal("0")


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def statements_of(*, day: date, store_ids: Iterable[int]) -> QuerySet[Statement]:
    ids = list(store_ids)
    return (
        Statement.objects.filter(Q(store_low_id__in=ids) | Q(store_high_id__in=ids), day=day)
        .select_related("from_store", "to_store", "store_low", "store_high")
        .order_by("from_store_id", "to_store_id")
    )


def statement_in_scope(statement_id: int, store_ids: Iterable[int] | None) -> Statement | None:
    rows = Statement.objects.select_related("from_store", "to_store", "store_low", "store_high").filter(pk=statement_id)
    if store_ids is not None:
        ids = list(store_ids)
        rows = rows.filter(Q(store_low_id__in=ids) | Q(store_high_id__in=ids))
    return rows.first()


def _head(statement: Statement, acting_store_id: int | None) -> StatementHeadRow:
    open_ = statement.status in (StatementStatus.OPEN, StatementStatus.CONFIRMED)
    side = statement.side_of(acting_store_id) if acting_store_id is not None else None
    confirmations: list[ConfirmationRow] = [
        {
            "storeId": store.pk,
            "storeName": store.name,
            "confirmedBy": operator_name(by),
            "confirmedAt": _when(at),
        }
        for store, by, at in (
            (statement.store_low, statement.low_confirmed_by_name, statement.low_confirmed_at),
            (statement.store_high, statement.high_confirmed_by_name, statement.high_confirmed_at),
        )
    ]
    own_confirmed = side is not None and getattr(statement, f"{side}_confirmed_at") is not None
    return {
        "statementId": statement.pk,
        "date": statement.day.isoformat(),
        "fromStoreId": statement.from_store_id,
        "fromStoreName": statement.from_store.name,
        "toStoreId": statement.to_store_id,
        "toStoreName": statement.to_store.name,
        "amount": money_to_wire(statement.amount),
        "status": statement.status,
        "statusName": str(StatementStatus(statement.status).label),
        "confirmations": confirmations,
        "lockedBy": operator_name(statement.locked_by_name),
        "lockedAt": _when(statement.locked_at),
        "disputeId": statement.dispute_id,
        "monthSettlementId": statement.month_settlement_id,
        # Head office locks; a store confirms its own side once.
        "canConfirm": open_
        and statement.dispute_id is None
        and (acting_store_id is None or (side is not None and not own_confirmed)),
        "canDispute": open_ and statement.dispute_id is None and side is not None,
    }


def statement_rows(window: Iterable[Statement], acting_store_id: int | None) -> list[StatementRow]:
    return [{**_head(statement, acting_store_id), "entries": statement.entries} for statement in window]


def statement_entries(statement: Statement) -> QuerySet[SettlementEntry]:
    return (
        SettlementEntry.objects.filter(
            day=statement.day, store_low=statement.store_low_id, store_high=statement.store_high_id
        )
        .select_related("rule_version", "payee")
        .order_by("id")
    )


def _entry_row(entry: SettlementEntry, from_store_id: int, numbers: dict[int, str]) -> StatementEntryRow:
    rule = entry.rule_version
    amount = entry.amount if entry.payer_id == from_store_id else -entry.amount
    return {
        "entryId": entry.pk,
        "kind": entry.kind,
        "kindName": str(SettlementKind(entry.kind).label),
        "orderId": entry.order_id,
        "orderNo": entry.order_no,
        "cardId": entry.card_id,
        "cardNo": numbers.get(entry.card_id) or "" if entry.card_id else "",
        "amount": money_to_wire(amount),
        "value": money_to_wire(entry.value),
        "share": f"{rule.share:.2f}" if rule else None,
        "giftRatio": f"{rule.gift_ratio:.2f}" if rule else None,
        "sessions": entry.sessions,
        "ruleVersion": entry.rule_version_id,
        "reversesEntryId": entry.reverses_id,
        "servedStoreName": entry.payee.name,
        "note": entry.note,
        "createdAt": entry.created_at.isoformat(),
    }


def entry_rows(entries: Iterable[SettlementEntry], from_store_id: int) -> list[StatementEntryRow]:
    rows = list(entries)
    card_numbers_map = card_numbers({entry.card_id for entry in rows if entry.card_id})
    return [_entry_row(entry, from_store_id, card_numbers_map) for entry in rows]


def statement_detail(statement: Statement, acting_store_id: int | None) -> StatementDetailRow:
    return {
        **_head(statement, acting_store_id),
        "entryCount": statement.entries,
        "entries": entry_rows(statement_entries(statement), statement.from_store_id),
    }


def matrix(*, month: date, store_ids: Iterable[int] | None) -> MatrixRow:
    """The month's entries netted per pair of stores (the days without statements yet included), of
    the pairs one of whose stores is in `store_ids` (every pair when None: head office's chain)."""
    first, last = month_bounds(month)
    rows = SettlementEntry.objects.filter(day__gte=first, day__lte=last)
    if store_ids is not None:
        ids = list(store_ids)
        rows = rows.filter(Q(payer_id__in=ids) | Q(payee_id__in=ids))
    sums = (
        rows.values("store_low", "store_high")
        .annotate(
            net=Coalesce(Sum("amount", filter=Q(payer_id=F("store_low"))), ZERO)
            - Coalesce(Sum("amount", filter=~Q(payer_id=F("store_low"))), ZERO)
        )
        .order_by("store_low", "store_high")
    )
    cells: list[MatrixCellRow] = []
    seen: set[int] = set()
    for row in sums:
        low, high, net = row["store_low"], row["store_high"], row["net"]
        seen.update((low, high))
        if net == 0:
            continue
        cells.append(
            {
                "fromStoreId": low if net > 0 else high,
                "toStoreId": high if net > 0 else low,
                "amount": money_to_wire(abs(net)),
            }
        )
    names = dict(stores().filter(pk__in=seen).values_list("pk", "name"))
    return {
        "month": f"{first:%Y-%m}",
        "stores": [{"id": pk, "name": names.get(pk, "")} for pk in sorted(seen)],
        "cells": cells,
    }


def month_entries(*, month: date, store_ids: Iterable[int] | None) -> QuerySet[SettlementEntry]:
    """The month's entries (of the caller's stores), oldest first, for the export."""
    first, last = month_bounds(month)
    rows = SettlementEntry.objects.filter(day__gte=first, day__lte=last)
    if store_ids is not None:
        ids = list(store_ids)
        rows = rows.filter(Q(payer_id__in=ids) | Q(payee_id__in=ids))
    return rows.select_related("payer", "payee").order_by("day", "id")


def _version_row(version: RuleVersion, in_force_id: int | None) -> RuleVersionRow:
    return {
        "versionId": version.pk,
        "kind": version.kind,
        "kindName": str(SettlementKind(version.kind).label),
        "effectiveFrom": version.effective_from.isoformat(),
        "share": f"{version.share:.2f}",
        "giftRatio": f"{version.gift_ratio:.2f}",
        "note": version.note,
        "createdBy": operator_name(version.created_by_name),
        "createdAt": version.created_at.isoformat(),
        "inForce": version.pk == in_force_id,
    }


def rules(today: date) -> RulesRow:
    versions = list(RuleVersion.objects.order_by("kind", "-effective_from", "-id"))
    kinds: list[RuleKindRow] = []
    for kind in RULE_KINDS:
        of_kind = [version for version in versions if version.kind == kind]
        in_force = next((version for version in of_kind if version.effective_from <= today), None)
        if in_force is None:
            continue
        rows = [_version_row(version, in_force.pk) for version in of_kind]
        kinds.append(
            {
                "kind": kind,
                "kindName": str(SettlementKind(kind).label),
                "current": _version_row(in_force, in_force.pk),
                "versions": rows,
            }
        )
    return {"kinds": kinds, "earliestNewVersion": earliest_new_version().isoformat()}


def month_settlements(*, month: date, store_ids: Iterable[int] | None) -> QuerySet[MonthSettlement]:
    rows = MonthSettlement.objects.filter(month=month.replace(day=1)).select_related("from_store", "to_store")
    if store_ids is not None:
        ids = list(store_ids)
        rows = rows.filter(Q(store_low_id__in=ids) | Q(store_high_id__in=ids))
    return rows.order_by("from_store_id", "to_store_id")


def month_settlement_rows(window: Iterable[MonthSettlement]) -> list[MonthSettlementRow]:
    return [
        {
            "settlementId": row.pk,
            "month": f"{row.month:%Y-%m}",
            "fromStoreId": row.from_store_id,
            "fromStoreName": row.from_store.name,
            "toStoreId": row.to_store_id,
            "toStoreName": row.to_store.name,
            "amount": money_to_wire(row.amount),
            "statements": row.statements,
            "status": row.status,
            "statusName": str(MonthStatus(row.status).label),
            "reference": row.reference,
            "paidAt": _when(row.paid_at),
            "paidBy": operator_name(row.paid_by_name),
        }
        for row in window
    ]


def day_clearing(*, store_id: int, day: date) -> DayClearingRow:
    """What the store is owed by the others and owes them, of the entries dated `day`."""
    sums = SettlementEntry.objects.filter(Q(payer_id=store_id) | Q(payee_id=store_id), day=day).aggregate(
        owed_to=Coalesce(Sum("amount", filter=Q(payee_id=store_id)), ZERO),
        owed_by=Coalesce(Sum("amount", filter=Q(payer_id=store_id)), ZERO),
        entries=Count("id"),
    )
    return {
        "date": day.isoformat(),
        "net": money_to_wire(sums["owed_to"] - sums["owed_by"]),
        "owedToStore": money_to_wire(sums["owed_to"]),
        "owedByStore": money_to_wire(sums["owed_by"]),
        "entries": sums["entries"],
    }


def caller_stores(store_ids: Iterable[int], *, head_office: bool) -> CallerStoresRow:
    """The stores the caller's filters offer: the role's stores, by name."""
    rows = stores().filter(pk__in=list(store_ids)).order_by("name", "pk").values_list("pk", "name")
    return {"stores": [{"id": pk, "name": name} for pk, name in rows], "headOffice": head_office}
