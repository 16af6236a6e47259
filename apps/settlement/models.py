"""The settlement between stores (issue 30; decision 0051).

- A rule (per kind of clearing) is in its versions, each in force from a date until the next; a
  version is written once (append-only, in the model and by a trigger), so a new one never
  recalculates a day already settled.
- The ledger (`SettlementEntry`, append-only) has one entry per clearing: what `payer` owes `payee`
  for one cross-store card use, its refund (a reversal, negative, pointing to what it reverses), a
  card's value moved, a loan of goods received. It is written in the transaction of what it clears.
- A day's statement nets the entries of one pair of stores of that day; it is made once the day has
  ended and equals its entries for ever: from then on an entry of that pair is dated on the next day
  (the trigger `settlement_entry_day`), and a locked statement refuses any change of its figures (the
  trigger `settlement_statement_locked`).
- A month's settlement nets a pair's locked statements of the month, paid outside the system and
  marked paid with the bank's reference."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import Q
from django.db.models.functions import Greatest, Least
from django.utils.translation import gettext_lazy as _

from apps.core.append_only import AppendOnlyModel
from apps.core.lazy_text import StrOrPromise
from apps.core.model_fields import created_at_field, money_field, user_field, user_name_field
from apps.settlement.choices import (
    NOTE_MAX_LENGTH,
    ORDER_NO_MAX_LENGTH,
    PERCENT_DIGITS,
    REFERENCE_MAX_LENGTH,
    MonthStatus,
    SettlementKind,
    StatementStatus,
)


def _store(verbose_name: StrOrPromise, **options: Any) -> models.ForeignKey[Any, Any]:
    return models.ForeignKey(
        "org.OrgUnit", verbose_name=verbose_name, on_delete=models.PROTECT, related_name="+", **options
    )


class RuleVersion(AppendOnlyModel):
    """How one kind of clearing is valued from `effective_from` on (chain-wide, set by head office)."""

    kind = models.CharField(_("kind"), max_length=24, choices=SettlementKind.choices)
    effective_from = models.DateField(_("effective from"))
    share = models.DecimalField(
        _("share cleared (%)"),
        max_digits=PERCENT_DIGITS,
        decimal_places=2,
        help_text=_("of the value, what goes to the store that served (or took the money, received the card or goods)"),
    )
    gift_ratio = models.DecimalField(
        _("gift part counted (%)"),
        max_digits=PERCENT_DIGITS,
        decimal_places=2,
        help_text=_("how much of a stored-value card's gift part counts in the value"),
    )
    note = models.CharField(_("note"), max_length=NOTE_MAX_LENGTH, blank=True)
    created_by = user_field(_("created by"))
    created_by_name = user_name_field(_("created by"))
    created_at = created_at_field()

    class Meta:
        verbose_name = _("settlement rule version")
        verbose_name_plural = _("settlement rule versions")
        # In force on a day: the latest effective date not after it, and of one date the latest written.
        ordering = ["kind", "effective_from", "id"]
        indexes = [models.Index(fields=["kind", "effective_from"], name="settlement_rule_kind_from")]
        constraints = [
            models.CheckConstraint(
                condition=Q(share__gte=0, share__lte=100, gift_ratio__gte=0, gift_ratio__lte=100),
                name="settlement_rule_percentages",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.effective_from}"


class SettlementEntry(AppendOnlyModel):
    day = models.DateField(_("day"))
    kind = models.CharField(_("kind"), max_length=24, choices=SettlementKind.choices)
    payer = _store(_("owes"), db_index=False)
    payee = _store(_("is owed"), db_index=False)
    # The statement's pair, whichever way the entry goes.
    store_low = models.GeneratedField(
        expression=Least("payer", "payee"), output_field=models.BigIntegerField(), db_persist=True
    )
    store_high = models.GeneratedField(
        expression=Greatest("payer", "payee"), output_field=models.BigIntegerField(), db_persist=True
    )
    # What the payer owes the payee; a reversal is negative.
    amount = money_field(_("amount"))
    # The value the rule's share was taken of (signed as the amount), and the sessions it is for.
    value = money_field(_("value"))
    sessions = models.IntegerField(_("sessions"), default=0)
    rule_version = models.ForeignKey(
        RuleVersion, verbose_name=_("rule version"), on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    reverses = models.ForeignKey(
        "self", verbose_name=_("reverses"), on_delete=models.PROTECT, null=True, blank=True, related_name="reversals"
    )
    # What it clears: a card's ledger entry (and its card and order), or a loan's stock document.
    card_entry_id = models.BigIntegerField(_("card entry"), null=True, blank=True)
    card_id = models.BigIntegerField(_("card"), null=True, blank=True)
    project_id = models.BigIntegerField(_("project"), null=True, blank=True)
    order_id = models.BigIntegerField(_("order"), null=True, blank=True)
    order_no = models.CharField(_("order number"), max_length=ORDER_NO_MAX_LENGTH, blank=True)
    refund_id = models.BigIntegerField(_("refund"), null=True, blank=True)
    stock_document_id = models.BigIntegerField(_("stock document"), null=True, blank=True)
    approval_id = models.BigIntegerField(_("approval request"), null=True, blank=True)
    note = models.CharField(_("note"), max_length=NOTE_MAX_LENGTH, blank=True)
    created_at = created_at_field()

    class Meta:
        verbose_name = _("settlement entry")
        verbose_name_plural = _("settlement entries")
        ordering = ["id"]
        indexes = [
            models.Index(fields=["day", "store_low", "store_high"], name="settlement_entry_day_pair"),
            models.Index(
                fields=["card_id", "order_id"], name="settlement_entry_card_order", condition=Q(card_id__isnull=False)
            ),
            models.Index(
                fields=["card_entry_id"], name="settlement_entry_card_entry", condition=Q(card_entry_id__isnull=False)
            ),
            models.Index(fields=["reverses"], name="settlement_entry_reverses", condition=Q(reverses__isnull=False)),
        ]
        constraints = [
            models.CheckConstraint(condition=~Q(payer=models.F("payee")), name="settlement_entry_two_stores"),
            models.CheckConstraint(
                condition=Q(reverses__isnull=True) | Q(amount__lte=0), name="settlement_entry_reversal_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.day} {self.payer_id}→{self.payee_id} {self.amount}"


class MonthSettlement(models.Model):
    """A pair's month: its locked statements netted, to be paid by `from_store` outside the system."""

    month = models.DateField(_("month"), help_text=_("the month's first day"))
    store_low = _store(_("store"))
    store_high = _store(_("store"), db_index=False)
    from_store = _store(_("owes"), db_index=False)
    to_store = _store(_("is owed"), db_index=False)
    amount = money_field(_("amount"))
    statements = models.PositiveIntegerField(_("statements"))
    status = models.CharField(_("status"), max_length=8, choices=MonthStatus.choices, default=MonthStatus.DUE)
    reference = models.CharField(_("payment reference"), max_length=REFERENCE_MAX_LENGTH, blank=True)
    paid_at = models.DateTimeField(_("paid"), null=True, blank=True)
    paid_by_name = user_name_field(_("marked paid by"))
    created_by_name = user_name_field(_("rolled up by"))
    created_at = created_at_field()

    class Meta:
        verbose_name = _("month's settlement")
        verbose_name_plural = _("months' settlements")
        ordering = ["month", "store_low_id", "store_high_id"]
        constraints = [
            models.UniqueConstraint(fields=["month", "store_low", "store_high"], name="settlement_month_once"),
            models.CheckConstraint(condition=Q(amount__gte=0), name="settlement_month_amount"),
            models.CheckConstraint(condition=Q(month__day=1), name="settlement_month_first_day"),
            models.CheckConstraint(condition=Q(store_low__lt=models.F("store_high")), name="settlement_month_pair"),
        ]

    def __str__(self) -> str:
        return f"{self.month:%Y-%m} {self.from_store_id}→{self.to_store_id} {self.amount}"


class Statement(models.Model):
    """One day of one pair of stores, netted: `from_store` owes `to_store` `amount`."""

    day = models.DateField(_("day"))
    store_low = _store(_("store"), db_index=False)
    store_high = _store(_("store"), db_index=False)
    from_store = _store(_("owes"), db_index=False)
    to_store = _store(_("is owed"), db_index=False)
    amount = money_field(_("amount"))
    entries = models.PositiveIntegerField(_("entries"))
    status = models.CharField(_("status"), max_length=12, choices=StatementStatus.choices, default=StatementStatus.OPEN)
    low_confirmed_at = models.DateTimeField(_("confirmed by the first store"), null=True, blank=True)
    low_confirmed_by_name = user_name_field(_("confirmed by"))
    high_confirmed_at = models.DateTimeField(_("confirmed by the second store"), null=True, blank=True)
    high_confirmed_by_name = user_name_field(_("confirmed by"))
    locked_at = models.DateTimeField(_("locked"), null=True, blank=True)
    locked_by_name = user_name_field(_("locked by"))
    # A dispute waiting in the approval centre: nobody confirms the statement meanwhile.
    dispute_id = models.BigIntegerField(_("dispute waiting"), null=True, blank=True)
    month_settlement = models.ForeignKey(
        MonthSettlement,
        verbose_name=_("month's settlement"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="statement_rows",
    )
    created_by = user_field(_("made by"))
    created_at = created_at_field()

    class Meta:
        verbose_name = _("settlement statement")
        verbose_name_plural = _("settlement statements")
        ordering = ["-day", "store_low_id", "store_high_id"]
        constraints = [
            models.UniqueConstraint(fields=["day", "store_low", "store_high"], name="settlement_statement_once"),
            models.CheckConstraint(condition=Q(amount__gte=0), name="settlement_statement_amount"),
            models.CheckConstraint(condition=Q(store_low__lt=models.F("store_high")), name="settlement_statement_pair"),
            models.CheckConstraint(
                condition=Q(from_store=models.F("store_low"), to_store=models.F("store_high"))
                | Q(from_store=models.F("store_high"), to_store=models.F("store_low")),
                name="settlement_statement_direction",
            ),
        ]
        indexes = [
            models.Index(fields=["store_high", "day"], name="settlement_statement_high_day"),
            models.Index(fields=["store_low", "day"], name="settlement_statement_low_day"),
        ]

    def __str__(self) -> str:
        return f"{self.day} {self.from_store_id}→{self.to_store_id} {self.amount}"

    def side_of(self, store_id: int) -> str | None:
        """'low' or 'high': which of the pair `store_id` is (None when neither)."""
        if store_id == self.store_low_id:
            return "low"
        if store_id == self.store_high_id:
            return "high"
        return None
