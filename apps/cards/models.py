"""Cards a member holds (issue 13 §1): stored-value cards with a principal and a gift balance, and
package cards with sessions per project. The ledger (CardEntry) is the truth and is append-only;
the balances on Card and CardSession are its running sums, changed only together with an entry,
in one transaction, under the card's row lock (apps.cards.services).

Orders and refunds live on a higher floor (billing): an entry names them by id only."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.cards.choices import (
    ASSET_TRANSFER_REASON_MAX_LENGTH,
    COEFFICIENT_DIGITS,
    COEFFICIENT_PLACES,
    AssetTransferKind,
    AssetTransferStatus,
    CardKind,
    CardStatus,
    CouponStatus,
    EntryKind,
    TransferStatus,
)
from apps.core.append_only import AppendOnlyModel
from apps.core.model_fields import (
    created_at_field,
    money_field,
    store_or_chain_field,
    updated_at_field,
    user_field,
    user_name_field,
)

ZERO = Decimal("0")


class Card(models.Model):
    card_no = models.CharField(_("card number"), max_length=20, unique=True, null=True, blank=True)
    # Served by the index card_member_newest (member, -id): a second index on member alone would
    # only cost every card sale a write.
    member = models.ForeignKey(
        "members.Member", verbose_name=_("member"), on_delete=models.PROTECT, related_name="+", db_index=False
    )
    card_type = models.ForeignKey(
        "catalog.CardType", verbose_name=_("card type"), on_delete=models.PROTECT, related_name="+"
    )
    kind = models.CharField(_("kind"), max_length=16, choices=CardKind.choices)
    # Where the card was sold: a card is used in every store of the chain, and each entry records
    # both this store and the one it was used in (inter-store settlement).
    store = models.ForeignKey(
        "org.OrgUnit", verbose_name=_("store sold at"), on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(_("status"), max_length=16, choices=CardStatus.choices, default=CardStatus.ACTIVE)
    principal = money_field(_("principal balance"), default=ZERO)
    gift = money_field(_("gift balance"), default=ZERO)
    expires_on = models.DateField(_("valid until"))
    created_at = created_at_field()
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("member card")
        verbose_name_plural = _("member cards")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=Q(principal__gte=0) & Q(gift__gte=0), name="card_balance_not_negative"),
        ]
        indexes = [
            models.Index(fields=["member", "-id"], name="card_member_newest"),
            # Who holds a usable card (the member reports' card holders): a chain's holders from an
            # index-only scan of the active cards, not a read of every card's row.
            models.Index(
                fields=["member", "expires_on"], condition=Q(status=CardStatus.ACTIVE), name="card_member_active_expiry"
            ),
        ]

    def __str__(self) -> str:
        return self.card_no or f"card {self.pk}"

    @property
    def balance(self) -> Decimal:
        return self.principal + self.gift

    def expired(self, today: date | None = None) -> bool:
        return self.expires_on < (today or timezone.localdate())

    def usable(self, today: date | None = None) -> bool:
        return self.status == CardStatus.ACTIVE and not self.expired(today)


class CardSession(models.Model):
    """Sessions of one project on a package card: how many it came with and how many are left."""

    # Served by the unique index (card, project).
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="sessions", db_index=False)
    project = models.ForeignKey(
        "catalog.Project", verbose_name=_("project"), on_delete=models.PROTECT, related_name="+"
    )
    total = models.PositiveIntegerField(_("sessions bought"))
    left = models.IntegerField(_("sessions left"))
    # Kept with `left`, by the entry that uses a session (card_entry_write), so "sessions left
    # unused since" lists of a chain read it instead of each session's newest use in the ledger.
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        verbose_name = _("card sessions")
        verbose_name_plural = _("card sessions")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["card", "project"], name="card_session_one_per_project"),
            models.CheckConstraint(condition=Q(left__gte=0), name="card_session_left_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.card_id} {self.project_id}: {self.left}/{self.total}"


class CardEntry(AppendOnlyModel):
    """One change of a card: money (principal and gift) or sessions of one project, with what is
    left after it, the order or refund it belongs to, who did it, where and when."""

    # Served by the index card_entry_card_newest (card, -id).
    card = models.ForeignKey(
        Card, verbose_name=_("card"), on_delete=models.PROTECT, related_name="entries", db_index=False
    )
    kind = models.CharField(_("kind"), max_length=16, choices=EntryKind.choices)
    principal_change = money_field(_("principal change"), default=ZERO)
    gift_change = money_field(_("gift change"), default=ZERO)
    principal_after = money_field(_("principal after"))
    gift_after = money_field(_("gift after"))
    project = models.ForeignKey(
        "catalog.Project", verbose_name=_("project"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    sessions_change = models.IntegerField(_("sessions change"), default=0)
    sessions_after = models.IntegerField(_("sessions left after"), null=True, blank=True)
    order_id = models.BigIntegerField(_("order"), null=True, blank=True)
    refund_id = models.BigIntegerField(_("refund"), null=True, blank=True)
    # The other card of a transfer (the card it came from, or went to).
    other_card = models.ForeignKey(
        Card, verbose_name=_("other card"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    card_store = models.ForeignKey(
        "org.OrgUnit", verbose_name=_("card's store"), on_delete=models.PROTECT, related_name="+"
    )
    remark = models.CharField(_("remark"), max_length=200, blank=True)
    operator = user_field(_("operator"), reverse_accessor=True)
    operator_name = user_name_field(_("operator name"))
    created_at = created_at_field()

    class Meta:
        verbose_name = _("card ledger entry")
        verbose_name_plural = _("card ledger entries")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(principal_after__gte=0) & Q(gift_after__gte=0), name="card_entry_balance_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(sessions_change=0) | Q(project__isnull=False), name="card_entry_sessions_name_project"
            ),
        ]
        indexes = [
            models.Index(fields=["card", "-id"], name="card_entry_card_newest"),
            models.Index(fields=["order_id"], name="card_entry_order", condition=Q(order_id__isnull=False)),
            # The daily closing's card figures: a store's entries of a day.
            models.Index(fields=["store", "created_at"], name="card_entry_store_time"),
            # What a store held on its cards at an instant (the month-end card balances,
            # apps.cards.balance_selectors): its entries before it, summed from the index alone.
            models.Index(
                fields=["card_store", "card", "created_at"],
                include=["principal_change", "gift_change", "sessions_change"],
                name="card_entry_card_store_time",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.card_id} {self.kind}"


class CardTransfer(models.Model):
    """A card given to another member (转卡): started at the desk with the target member, then
    committed; committing moves everything the card holds to a new card of the same type for the
    target (apps.cards.operations). One transfer of a card is pending at a time."""

    card = models.ForeignKey(Card, verbose_name=_("card"), on_delete=models.PROTECT, related_name="transfers")
    from_member = models.ForeignKey(
        "members.Member", verbose_name=_("from member"), on_delete=models.PROTECT, related_name="+"
    )
    to_member = models.ForeignKey(
        "members.Member", verbose_name=_("to member"), on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(
        _("status"), max_length=16, choices=TransferStatus.choices, default=TransferStatus.PENDING
    )
    new_card = models.ForeignKey(
        Card, verbose_name=_("new card"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    remark = models.CharField(_("remark"), max_length=200, blank=True)
    operator = user_field(_("operator"), reverse_accessor=True)
    operator_name = user_name_field(_("operator name"))
    created_at = created_at_field()
    committed_at = models.DateTimeField(_("committed"), null=True, blank=True)

    class Meta:
        verbose_name = _("card transfer")
        verbose_name_plural = _("card transfers")
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["card"], condition=Q(status=TransferStatus.PENDING), name="card_transfer_one_pending"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.card_id} → {self.to_member_id} ({self.status})"


class CardCoefficient(models.Model):
    """The old-card coefficient (旧卡系数) of a card type: when a card of this type is changed to
    another type (换卡), the new card gets the old card's remaining value × `coefficient`. Head
    office sets one per card type (store empty); a store may set its own, which wins in that store."""

    card_type = models.ForeignKey(
        "catalog.CardType", verbose_name=_("card type"), on_delete=models.CASCADE, related_name="+"
    )
    store = store_or_chain_field(_("Empty: head office's coefficient for every store."))
    coefficient = models.DecimalField(
        _("coefficient"),
        max_digits=COEFFICIENT_DIGITS,
        decimal_places=COEFFICIENT_PLACES,
        help_text=_("0.9 means the new card gets 90% of the old card's value."),
    )
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("old-card coefficient")
        verbose_name_plural = _("old-card coefficients")
        ordering = ["card_type_id", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["card_type"], condition=Q(store__isnull=True), name="card_coefficient_one_head_office"
            ),
            models.UniqueConstraint(
                fields=["card_type", "store"], condition=Q(store__isnull=False), name="card_coefficient_one_per_store"
            ),
            models.CheckConstraint(
                condition=Q(coefficient__gt=0) & Q(coefficient__lte=1), name="card_coefficient_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.card_type_id} {self.store_id or '-'} × {self.coefficient}"


class MemberCoupon(models.Model):
    """A coupon a member holds, issued from a catalogue coupon template. Used once, by one order
    (`used_order_id`: orders live a floor higher); released again when that order is refunded or
    cancelled. Its dates are fixed when it is issued."""

    template = models.ForeignKey(
        "catalog.CouponTemplate", verbose_name=_("coupon template"), on_delete=models.PROTECT, related_name="+"
    )
    member = models.ForeignKey("members.Member", verbose_name=_("member"), on_delete=models.PROTECT, related_name="+")
    code = models.CharField(_("coupon code"), max_length=20, unique=True, null=True, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=CouponStatus.choices, default=CouponStatus.AVAILABLE)
    valid_from = models.DateField(_("valid from"))
    valid_to = models.DateField(_("valid to"))
    used_order_id = models.BigIntegerField(_("used by order"), null=True, blank=True)
    used_at = models.DateTimeField(_("used"), null=True, blank=True)
    store = models.ForeignKey(
        "org.OrgUnit", verbose_name=_("store issued at"), on_delete=models.PROTECT, related_name="+"
    )
    operator = user_field(_("operator"), reverse_accessor=True)
    operator_name = user_name_field(_("operator name"))
    issued_at = models.DateTimeField(_("issued"), auto_now_add=True)

    class Meta:
        verbose_name = _("member coupon")
        verbose_name_plural = _("member coupons")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=Q(valid_to__gte=models.F("valid_from")), name="member_coupon_dates"),
            models.CheckConstraint(
                condition=~Q(status=CouponStatus.USED) | Q(used_order_id__isnull=False),
                name="member_coupon_used_names_order",
            ),
        ]
        indexes = [
            models.Index(fields=["member", "-id"], name="member_coupon_newest"),
            models.Index(
                fields=["used_order_id"], name="member_coupon_order", condition=Q(used_order_id__isnull=False)
            ),
        ]

    def __str__(self) -> str:
        return self.code or f"coupon {self.pk}"

    def shown_status(self, today: date | None = None) -> str:
        if self.status == CouponStatus.AVAILABLE and self.valid_to < (today or timezone.localdate()):
            return CouponStatus.EXPIRED
        return self.status


class AssetTransfer(models.Model):
    """An asset transfer (资产转移, spec §7.8 `asserMigration`), applied for at the member's store and
    carried out only once approved (apps.cards.asset_transfers): a member moved to `to_store` with
    every card she holds, or a duplicate file `member` merged into `to_member`.

    `assets` is what the application saw (each card's balances and sessions, the points, the
    coupons): the approval carries out exactly that, or refuses when the cards changed since."""

    kind = models.CharField(_("kind"), max_length=8, choices=AssetTransferKind.choices)
    status = models.CharField(
        _("status"), max_length=10, choices=AssetTransferStatus.choices, default=AssetTransferStatus.PENDING
    )
    store = models.ForeignKey(
        "org.OrgUnit", verbose_name=_("store applied at"), on_delete=models.PROTECT, related_name="+"
    )
    member = models.ForeignKey("members.Member", verbose_name=_("member"), on_delete=models.PROTECT, related_name="+")
    to_store = models.ForeignKey(
        "org.OrgUnit",
        verbose_name=_("to store"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    to_member = models.ForeignKey(
        "members.Member",
        verbose_name=_("kept member file"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    assets = models.JSONField(_("assets"), default=dict)
    reason = models.CharField(_("reason"), max_length=ASSET_TRANSFER_REASON_MAX_LENGTH)
    approval = models.ForeignKey(
        "approvals.ApprovalRequest",
        verbose_name=_("approval request"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    applicant = user_field(_("applicant"), reverse_accessor=True)
    applicant_name = user_name_field(_("applicant name"))
    created_at = created_at_field()
    done_at = models.DateTimeField(_("done"), null=True, blank=True)

    class Meta:
        verbose_name = _("asset transfer")
        verbose_name_plural = _("asset transfers")
        ordering = ["-id"]
        constraints = [
            # One waiting transfer per member file: two would each expect the cards as they are now.
            models.UniqueConstraint(
                fields=["member"],
                condition=Q(status=AssetTransferStatus.PENDING),
                name="asset_transfer_one_pending",
            ),
            models.CheckConstraint(
                condition=(Q(kind=AssetTransferKind.STORE) & Q(to_store__isnull=False) & Q(to_member__isnull=True))
                | (Q(kind=AssetTransferKind.MERGE) & Q(to_member__isnull=False) & Q(to_store__isnull=True)),
                name="asset_transfer_names_its_target",
            ),
        ]
        indexes = [models.Index(fields=["store", "-id"], name="asset_transfer_store_newest")]

    def __str__(self) -> str:
        return f"{self.kind} {self.member_id} ({self.status})"
