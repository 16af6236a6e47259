"""Orders and their payment (issue 13 §2): an order of a store for a member or a walk-in, its lines
with the staff credited for each, and the tenders that pay it. Prices and discounts are the
server's (apps.billing.orders.pricing); each applied discount stays on its line. `Order.paid` is the
running sum of its succeeded tenders (manage.py audit_ledgers checks it)."""

from __future__ import annotations

from decimal import Decimal

from django.db import models
from django.db.models import Q, Value
from django.utils.translation import gettext_lazy as _

from apps.billing.choices import (
    CreditKind,
    DepositEntryKind,
    DepositStatus,
    LineType,
    OrderStatus,
    RefundStatus,
    ReturnedGoods,
    TenderMethod,
    TenderStatus,
)
from apps.core.append_only import AppendOnlyModel
from apps.core.model_fields import created_at_field, money_field, updated_at_field, user_field, user_name_field

ZERO = Decimal("0")


class Order(models.Model):
    # Numbered by the database as the row is inserted (migration 0022's trigger: SO, the business day,
    # the id in at least 8 digits) and read back by the insert's RETURNING: one statement, where
    # numbering after the insert took an UPDATE.
    order_no = models.CharField(
        _("order number"), max_length=24, unique=True, null=True, blank=True, db_default=Value("")
    )
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    member = models.ForeignKey(
        "members.Member", verbose_name=_("member"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # A walk-in's name and phone, copied; a member's order keeps the member's name as it was.
    name = models.CharField(_("name"), max_length=20)
    area_code = models.CharField(_("area code"), max_length=5, default="0086")
    phone = models.CharField(_("phone"), max_length=11, blank=True)
    reservation = models.ForeignKey(
        "booking.Reservation",
        verbose_name=_("reservation"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    status = models.CharField(_("status"), max_length=16, choices=OrderStatus.choices, default=OrderStatus.UNPAID)
    total = money_field(_("total"), default=ZERO)
    discount = money_field(_("discount"), default=ZERO)
    payable = money_field(_("payable"), default=ZERO)
    paid = money_field(_("paid"), default=ZERO)
    remark = models.CharField(_("remark"), max_length=200, blank=True)
    # The store's business day the order belongs to (daily closing); set when it is committed.
    business_date = models.DateField(_("business day"))
    signature = models.FileField(_("member's signature"), upload_to="signatures/%Y/%m/", null=True, blank=True)
    created_by = user_field(_("created by"))
    operator_name = user_name_field(_("operator name"))
    created_at = created_at_field()
    paid_at = models.DateTimeField(_("paid at"), null=True, blank=True)
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("order")
        verbose_name_plural = _("orders")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(total__gte=0) & Q(discount__gte=0) & Q(payable__gte=0) & Q(paid__gte=0),
                name="order_money_not_negative",
            ),
            models.CheckConstraint(condition=Q(paid__lte=models.F("payable")), name="order_paid_at_most_payable"),
            # One reservation, one order: another order from it once that one is cancelled unpaid.
            models.UniqueConstraint(
                fields=["reservation"],
                condition=Q(reservation__isnull=False) & ~Q(status=OrderStatus.CANCELLED),
                name="order_reservation_billed_once",
            ),
        ]
        indexes = [
            models.Index(fields=["store", "business_date", "-id"], name="order_store_day_newest"),
            # The bills list: a store's orders of a time range, newest first (its first page and its count).
            models.Index(fields=["store", "-created_at", "-id"], name="order_store_newest"),
            models.Index(fields=["member", "-id"], name="order_member_newest"),
            # The member reports (apps.billing.orders.member_visits): a store's paid member orders of
            # a range, and one member's visit days, without reading the orders' rows.
            models.Index(
                fields=["store", "business_date", "member"],
                condition=Q(status=OrderStatus.PAID, member__isnull=False),
                name="order_store_day_member_paid",
            ),
            models.Index(
                fields=["member", "business_date"],
                condition=Q(status=OrderStatus.PAID, member__isnull=False),
                name="order_member_paid_day",
            ),
        ]

    def __str__(self) -> str:
        return self.order_no or f"order {self.pk}"

    @property
    def due(self) -> Decimal:
        return self.payable - self.paid


class OrderLine(models.Model):
    """One thing sold: its price as the server found it, each discount applied, what is payable."""

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="lines")
    type = models.CharField(_("type"), max_length=16, choices=LineType.choices)
    item_id = models.BigIntegerField(_("item"))
    name = models.CharField(_("name"), max_length=100)
    qty = models.PositiveIntegerField(_("quantity"))
    unit_price = money_field(_("unit price"))
    discount = money_field(_("discount"), default=ZERO)
    amount = money_field(_("amount"))
    # [{source, name, amount}]: every discount applied to the line (promotion, card, coupon).
    discounts = models.JSONField(_("discounts applied"), default=list, blank=True)
    # A gift given with the sale (order/handleGift): priced at 0, the whole value a `gift` discount.
    gift = models.BooleanField(_("gift"), default=False)
    gift_reason = models.CharField(_("gift reason"), max_length=100, blank=True)
    # The card the line pays with (a project by package sessions), tops up, or issued (a card bought).
    card = models.ForeignKey(
        "cards.Card", verbose_name=_("card"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # A project served now by one of the sessions of the project package sold on `package_line` of the
    # same order (decision 0038): its card does not exist before the order is paid, so the line names
    # the package's line, and the payment names the card it issues on `card` too.
    package_line = models.ForeignKey(
        "self",
        verbose_name=_("paid by the sessions of the package of line"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    # A product (or product package) the member takes later (欠货): paid, it stays in stock and is
    # owed (OwedGoods) until taken (apps.billing.ledgers.stock).
    take_later = models.BooleanField(_("take later"), default=False)

    class Meta:
        verbose_name = _("order line")
        verbose_name_plural = _("order lines")
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(qty__gte=1) & Q(unit_price__gte=0) & Q(discount__gte=0) & Q(amount__gte=0),
                name="order_line_money_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(take_later=False) | Q(type__in=[LineType.PRODUCT, LineType.PRODUCT_PACKAGE]),
                name="order_line_take_later_goods",
            ),
            models.CheckConstraint(
                condition=Q(package_line__isnull=True) | Q(type=LineType.PROJECT, gift=False),
                name="order_line_package_sessions_project",
            ),
            # A gift is free and says why; any other line has no gift reason.
            models.CheckConstraint(
                condition=(Q(gift=True) & Q(amount=0) & ~Q(gift_reason="") | Q(gift=False) & Q(gift_reason="")),
                name="order_line_gift_free_with_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} × {self.qty}"


class OrderLineStaff(models.Model):
    """An employee who served or sold a line, with their share of it (the shares of a line sum to 1)."""

    line = models.ForeignKey(OrderLine, on_delete=models.CASCADE, related_name="staff")
    employee = models.ForeignKey(
        "staff.Employee", verbose_name=_("employee"), on_delete=models.PROTECT, related_name="+"
    )
    share = models.DecimalField(_("share"), max_digits=5, decimal_places=4)

    class Meta:
        verbose_name = _("line staff")
        verbose_name_plural = _("line staff")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["line", "employee"], name="order_line_staff_once"),
            models.CheckConstraint(condition=Q(share__gt=0) & Q(share__lte=1), name="order_line_staff_share"),
        ]

    def __str__(self) -> str:
        return f"{self.employee_id} {self.share}"


class Tender(models.Model):
    """A part of an order's payment. Provider tenders may wait (pending) for the provider's word."""

    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="tenders")
    method = models.CharField(_("method"), max_length=16, choices=TenderMethod.choices)
    amount = money_field(_("amount"))
    status = models.CharField(_("status"), max_length=16, choices=TenderStatus.choices)
    card = models.ForeignKey(
        "cards.Card", verbose_name=_("card"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    points = models.PositiveIntegerField(_("points"), null=True, blank=True)
    # Cash handed over and change given back.
    received = money_field(_("received"), null=True, blank=True)
    change = money_field(_("change"), null=True, blank=True)
    # Provider tenders (apps.billing.till.provider_tenders): the card terminal asked, when the provider was
    # asked (once: the request that claims it asks), and the provider's word on a decline.
    terminal_id = models.CharField(_("terminal"), max_length=32, blank=True, default="")
    asked_at = models.DateTimeField(_("provider asked"), null=True, blank=True)
    message = models.CharField(_("provider message"), max_length=255, blank=True, default="")
    # A `deposit` tender: the intention deposit it was applied from (apps.billing.deposits.services).
    deposit = models.ForeignKey(
        "billing.Deposit",
        verbose_name=_("intention deposit"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tenders",
    )
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    operator = user_field(_("operator"), reverse_accessor=True)
    operator_name = user_name_field(_("operator name"))
    created_at = created_at_field()

    class Meta:
        verbose_name = _("tender")
        verbose_name_plural = _("tenders")
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="tender_amount_positive"),
            models.CheckConstraint(
                condition=~Q(method__in=[TenderMethod.STORED_VALUE, TenderMethod.SESSIONS]) | Q(card__isnull=False),
                name="tender_card_method_names_card",
            ),
            models.CheckConstraint(
                condition=Q(method=TenderMethod.DEPOSIT, deposit__isnull=False)
                | ~Q(method=TenderMethod.DEPOSIT) & Q(deposit__isnull=True),
                name="tender_deposit_method_names_deposit",
            ),
        ]
        indexes = [models.Index(fields=["store", "created_at"], name="tender_store_time")]

    def __str__(self) -> str:
        return f"{self.order_id} {self.method} {self.amount}"


class StaffCredit(AppendOnlyModel):
    """Performance credited to an employee for a paid line, by kind (service, sale, card sale, card
    consumption): the base of /dailyPerformance and the staff performance report. A refund will
    write a negative credit, never change this one."""

    line = models.ForeignKey(OrderLine, on_delete=models.PROTECT, related_name="credits")
    employee = models.ForeignKey(
        "staff.Employee", verbose_name=_("employee"), on_delete=models.PROTECT, related_name="+"
    )
    kind = models.CharField(_("kind"), max_length=20, choices=CreditKind.choices)
    amount = money_field(_("amount"))
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    business_date = models.DateField(_("business day"))
    # A refund's credit is negative and names the refund (apps.billing.refunds.services).
    refund = models.ForeignKey(
        "billing.Refund",
        verbose_name=_("refund"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="credits",
    )
    created_at = created_at_field()

    class Meta:
        verbose_name = _("staff credit")
        verbose_name_plural = _("staff credits")
        ordering = ["id"]
        indexes = [models.Index(fields=["store", "business_date", "employee"], name="staff_credit_store_day")]

    def __str__(self) -> str:
        return f"{self.employee_id} {self.kind} {self.amount}"


class DailyClosing(models.Model):
    """A store's business day closed (日结; apps.billing.closing.services): the cash counted against what the
    tenders say the till should hold, the difference and its reason, and the day's figures as they
    were when it closed. A reopening is written on the closing's own row (who, when, why) and the day
    is open again; closing it again makes a new row, so every closing and reopening of a day stays
    readable. At most one closing of a store and day is active (not reopened): a database constraint."""

    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    date = models.DateField(_("business day"))
    cash_expected = money_field(_("cash expected"))
    cash_counted = money_field(_("cash counted"))
    difference = money_field(_("difference"))
    difference_reason = models.CharField(_("reason for the difference"), max_length=200, blank=True)
    remark = models.CharField(_("remark"), max_length=200, blank=True)
    figures = models.JSONField(_("figures"), default=dict)
    closed_by = user_field(_("closed by"))
    closed_by_name = user_name_field(_("closed by"))
    closed_at = models.DateTimeField(_("closed at"), auto_now_add=True)
    reopened_by = user_field(_("reopened by"))
    reopened_by_name = user_name_field(_("reopened by"))
    reopened_at = models.DateTimeField(_("reopened at"), null=True, blank=True)
    reopen_reason = models.CharField(_("reason for reopening"), max_length=200, blank=True)
    # What was still open when it closed and was carried over, each with its reason (issue 28 §2):
    # [{kind, ref, title, amount, reason, carriedTo}] (apps.billing.closing.rows.CarriedOverRow).
    carried_over = models.JSONField(_("carried over"), default=list, blank=True)

    class Meta:
        verbose_name = _("daily closing")
        verbose_name_plural = _("daily closings")
        ordering = ["-date", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["store", "date"], condition=Q(reopened_at__isnull=True), name="daily_closing_one_active"
            ),
            models.CheckConstraint(condition=Q(cash_counted__gte=0), name="daily_closing_counted_not_negative"),
            models.CheckConstraint(
                condition=Q(difference=models.F("cash_counted") - models.F("cash_expected")),
                name="daily_closing_difference",
            ),
        ]
        indexes = [models.Index(fields=["store", "-date", "-id"], name="daily_closing_store_newest")]

    def __str__(self) -> str:
        return f"{self.store_id} {self.date}"

    @property
    def active(self) -> bool:
        return self.reopened_at is None


class Refund(models.Model):
    """A refund of some lines (or amounts of them) of a paid order, with the reason, who did it and
    who approved it; its money goes back over the order's tenders (RefundTender), never more per
    line than was paid (apps.billing.refunds.services; docs/decisions/0011-refunds.md)."""

    refund_no = models.CharField(_("refund number"), max_length=24, unique=True, null=True, blank=True)
    order = models.ForeignKey(Order, verbose_name=_("order"), on_delete=models.PROTECT, related_name="refunds")
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    member = models.ForeignKey(
        "members.Member", verbose_name=_("member"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    reason = models.CharField(_("reason"), max_length=200)
    status = models.CharField(_("status"), max_length=16, choices=RefundStatus.choices, default=RefundStatus.DONE)
    amount = money_field(_("amount"))
    # Points earned on the order taken back by this refund, and those the member had already spent.
    points_taken_back = models.PositiveIntegerField(_("points taken back"), default=0)
    points_unrecovered = models.PositiveIntegerField(_("points not recovered"), default=0)
    operator = user_field(_("operator"))
    operator_name = user_name_field(_("operator name"))
    # Above the store's approval amount: the owner who approved (the operator holding the code).
    approved_by = user_field(_("approved by"))
    # Asked for by someone without the approval code: the approval centre's request the owner
    # approved (apps.billing.refunds.approvals); the approver is then the operator and approved_by.
    approval = models.ForeignKey(
        "approvals.ApprovalRequest",
        verbose_name=_("approval request"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    business_date = models.DateField(_("business day"))
    created_at = created_at_field()

    class Meta:
        verbose_name = _("refund")
        verbose_name_plural = _("refunds")
        ordering = ["-id"]
        constraints = [models.CheckConstraint(condition=Q(amount__gte=0), name="refund_amount_not_negative")]
        indexes = [
            models.Index(fields=["store", "-created_at", "-id"], name="refund_store_newest"),
            models.Index(fields=["order", "id"], name="refund_order"),
            # A store's refunds of a business day (the reports' summaries recompute a day by it).
            models.Index(fields=["store", "business_date"], name="refund_store_day"),
        ]

    def __str__(self) -> str:
        return self.refund_no or f"refund {self.pk}"


class RefundLine(models.Model):
    """One order line refunded (all or part of it): how many units and how much money, and what
    it was; for goods that come back, whether they went back on the shelf or were written off as
    damaged, and why (apps.billing.ledgers.stock moves the stock by it)."""

    refund = models.ForeignKey(Refund, on_delete=models.CASCADE, related_name="lines")
    order_line = models.ForeignKey(
        OrderLine, verbose_name=_("order line"), on_delete=models.PROTECT, related_name="refund_lines"
    )
    type = models.CharField(_("type"), max_length=16, choices=LineType.choices)
    item_id = models.BigIntegerField(_("item"))
    name = models.CharField(_("name"), max_length=100)
    qty = models.PositiveIntegerField(_("quantity"), default=0)
    amount = money_field(_("amount"))
    # A refunded card sale or top-up: what was taken off the card (principal and gift).
    card = models.ForeignKey(
        "cards.Card", verbose_name=_("card"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    card_principal = money_field(_("principal taken off the card"), default=ZERO)
    card_gift = money_field(_("gift taken off the card"), default=ZERO)
    # Goods given back by units: back on the shelf or written off as damaged; empty for any other line.
    goods_back = models.CharField(_("goods back"), max_length=8, choices=ReturnedGoods.choices, blank=True, default="")
    damage_reason = models.CharField(_("reason for the write-off"), max_length=200, blank=True, default="")

    class Meta:
        verbose_name = _("refund line")
        verbose_name_plural = _("refund lines")
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0), name="refund_line_amount_not_negative"),
            models.CheckConstraint(condition=Q(qty__gt=0) | Q(amount__gt=0), name="refund_line_not_empty"),
            # Goods written off say why; goods back on the shelf (or no goods) have no such reason.
            models.CheckConstraint(
                condition=Q(goods_back=ReturnedGoods.DAMAGED) & ~Q(damage_reason="")
                | ~Q(goods_back=ReturnedGoods.DAMAGED) & Q(damage_reason=""),
                name="refund_line_damage_has_reason",
            ),
            models.CheckConstraint(
                condition=Q(goods_back="") | Q(qty__gt=0, type__in=[LineType.PRODUCT, LineType.PRODUCT_PACKAGE]),
                name="refund_line_goods_back_of_goods",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} × {self.qty}: {self.amount}"


class RefundTender(models.Model):
    """Money (or sessions) a refund returns the way it came: to the tender it came from (cash out of
    the till, stored value to its card, points to the member) or, for package sessions, to the card
    the line used them from (no tender: sessions are not money)."""

    refund = models.ForeignKey(Refund, on_delete=models.CASCADE, related_name="tenders")
    tender = models.ForeignKey(
        Tender, verbose_name=_("tender"), on_delete=models.PROTECT, null=True, blank=True, related_name="refunds"
    )
    method = models.CharField(_("method"), max_length=16, choices=TenderMethod.choices)
    amount = money_field(_("amount"))
    status = models.CharField(_("status"), max_length=16, choices=TenderStatus.choices)
    card = models.ForeignKey(
        "cards.Card", verbose_name=_("card"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    principal = money_field(_("principal back"), default=ZERO)
    gift = money_field(_("gift back"), default=ZERO)
    points = models.PositiveIntegerField(_("points"), null=True, blank=True)
    sessions = models.PositiveIntegerField(_("sessions"), null=True, blank=True)
    # Cash out of the till: the refund's movement of the drawer, negative (the daily closing reads it).
    till_change = money_field(_("till change"), default=ZERO)
    # A provider refund's last word (why it failed).
    provider_message = models.CharField(_("provider message"), max_length=255, blank=True, default="")
    created_at = created_at_field()

    class Meta:
        verbose_name = _("refund tender")
        verbose_name_plural = _("refund tenders")
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0) & Q(till_change__lte=0), name="refund_tender_amounts"),
            models.CheckConstraint(
                condition=Q(tender__isnull=False) | Q(method=TenderMethod.SESSIONS), name="refund_tender_names_tender"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.refund_id} {self.method} {self.amount}"


class OwedGoods(models.Model):
    """Goods a paid order owes its customer (欠货, /toTakenList): a product of a line marked "take
    later", in stock units, with how much has been taken (each taking is an `owed_pickup` stock move
    naming this row: document_kind "owed") and how much a refund took off. Billing keeps it, not the
    inventory: it belongs to an order line, and the inventory (a lower floor) knows no orders."""

    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    order = models.ForeignKey(Order, verbose_name=_("order"), on_delete=models.PROTECT, related_name="owed_goods")
    order_line = models.ForeignKey(
        OrderLine, verbose_name=_("order line"), on_delete=models.PROTECT, related_name="owed_goods"
    )
    member = models.ForeignKey(
        "members.Member", verbose_name=_("member"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    product = models.ForeignKey(
        "catalog.Product", verbose_name=_("product"), on_delete=models.PROTECT, related_name="+"
    )
    quantity = models.PositiveIntegerField(_("quantity owed"))
    taken = models.PositiveIntegerField(_("taken"), default=0)
    refunded = models.PositiveIntegerField(_("refunded"), default=0)
    created_at = created_at_field()
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("owed goods")
        verbose_name_plural = _("owed goods")
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["order_line", "product"], name="owed_goods_one_per_line_product"),
            models.CheckConstraint(
                condition=Q(quantity__gt=0)
                & Q(taken__gte=0)
                & Q(refunded__gte=0)
                & Q(quantity__gte=models.F("taken") + models.F("refunded")),
                name="owed_goods_never_more_taken_than_owed",
            ),
        ]
        indexes = [models.Index(fields=["store", "-id"], name="owed_goods_store_newest")]

    def __str__(self) -> str:
        return f"{self.order_id} {self.product_id}: {self.taken}/{self.quantity}"

    @property
    def left(self) -> int:
        return self.quantity - self.taken - self.refunded


class Deposit(models.Model):
    """An intention deposit (意向金/定金; apps.billing.deposits.services): money a member pays towards a future
    purchase, taken as an order of its own (one `deposit` line) so it is paid, closed and refunded
    through the till's flows. A liability of the store: `balance` is what it still owes the member,
    kept beside the deposit ledger (DepositEntry) under the row's lock; `amount` = `balance` +
    `applied` + `refunded` once taken (database constraints), never below 0."""

    deposit_no = models.CharField(_("deposit number"), max_length=24, unique=True, null=True, blank=True)
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    member = models.ForeignKey("members.Member", verbose_name=_("member"), on_delete=models.PROTECT, related_name="+")
    # The order that takes the deposit's money (its only line is the deposit).
    order = models.OneToOneField(Order, verbose_name=_("order"), on_delete=models.PROTECT, related_name="deposit_taken")
    status = models.CharField(_("status"), max_length=16, choices=DepositStatus.choices, default=DepositStatus.UNPAID)
    amount = money_field(_("amount"))
    balance = money_field(_("left"), default=ZERO)
    applied = money_field(_("applied"), default=ZERO)
    refunded = money_field(_("refunded"), default=ZERO)
    remark = models.CharField(_("remark"), max_length=200, blank=True)
    business_date = models.DateField(_("business day"))
    taken_at = models.DateTimeField(_("taken at"), null=True, blank=True)
    operator = user_field(_("operator"))
    operator_name = user_name_field(_("operator name"))
    created_at = created_at_field()
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("intention deposit")
        verbose_name_plural = _("intention deposits")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gt=0) & Q(balance__gte=0) & Q(applied__gte=0) & Q(refunded__gte=0),
                name="deposit_money_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(status__in=[DepositStatus.UNPAID, DepositStatus.CANCELLED])
                | Q(amount=models.F("balance") + models.F("applied") + models.F("refunded")),
                name="deposit_amount_is_balance_applied_refunded",
            ),
        ]
        indexes = [
            models.Index(fields=["store", "-created_at", "-id"], name="deposit_store_newest"),
            models.Index(fields=["member", "store", "status"], name="deposit_member_store_status"),
        ]

    def __str__(self) -> str:
        return self.deposit_no or f"deposit {self.pk}"


class DepositEntry(AppendOnlyModel):
    """One change of a deposit's balance (the deposit ledger): the amount in or out and what is left
    after it, the order it paid or the refund it belongs to, who did it, where and when."""

    deposit = models.ForeignKey(
        Deposit, verbose_name=_("intention deposit"), on_delete=models.PROTECT, related_name="entries"
    )
    kind = models.CharField(_("kind"), max_length=16, choices=DepositEntryKind.choices)
    # Positive for taken and returned, negative for applied and refunded.
    change = money_field(_("change"))
    balance_after = money_field(_("left after"))
    order = models.ForeignKey(
        Order, verbose_name=_("order"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    refund = models.ForeignKey(
        Refund, verbose_name=_("refund"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    business_date = models.DateField(_("business day"))
    operator = user_field(_("operator"))
    operator_name = user_name_field(_("operator name"))
    created_at = created_at_field()

    class Meta:
        verbose_name = _("deposit ledger entry")
        verbose_name_plural = _("deposit ledger entries")
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=Q(balance_after__gte=0), name="deposit_entry_balance_not_negative"),
            models.CheckConstraint(
                condition=Q(kind__in=[DepositEntryKind.TAKEN, DepositEntryKind.RETURNED], change__gt=0)
                | Q(kind__in=[DepositEntryKind.APPLIED, DepositEntryKind.REFUNDED], change__lt=0),
                name="deposit_entry_change_sign",
            ),
        ]
        indexes = [
            models.Index(fields=["deposit", "-id"], name="deposit_entry_newest"),
            models.Index(fields=["store", "business_date"], name="deposit_entry_store_day"),
            models.Index(fields=["store", "-created_at", "-id"], name="deposit_entry_store_newest"),
        ]

    def __str__(self) -> str:
        return f"{self.deposit_id} {self.kind} {self.change}"
