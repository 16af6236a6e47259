"""The summary tables of the reports (issue 29 §1) and the queue that keeps them fresh; see
apps.reports.summaries for how they are written and read. Ids of other apps' rows are plain
integers, not foreign keys: a summary is derived data, rebuilt from the facts, and must neither
slow the writers nor hold their rows from being deleted."""

from __future__ import annotations

from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.model_fields import money_field
from apps.inventory.models import quantity_field
from apps.members.models import Member

ZERO = Decimal("0")


class MonthStart(models.Func):
    """The first day of a date's month. Immutable (date_trunc of a timestamp without time zone, not
    of the date, which PostgreSQL would read as a moment in the session's time zone), so a stored
    generated column may hold it."""

    template = "(date_trunc('month', %(expressions)s::timestamp))::date"
    output_field = models.DateField()


class DirtyStoreDay(models.Model):
    """A store's business day whose facts changed: written by the database triggers of migration
    0003 in the writer's own transaction, one row per writing transaction and store-day (`txid`:
    the writers of one store-day never wait for each other), deleted by the drain once the day is
    recomputed from facts that include it."""

    store_id = models.BigIntegerField(_("store"))
    business_date = models.DateField(_("business day"))
    txid = models.BigIntegerField(_("writing transaction"))
    marked_at = models.DateTimeField(_("marked at"))

    class Meta:
        verbose_name = _("store-day to recompute")
        verbose_name_plural = _("store-days to recompute")
        constraints = [
            models.UniqueConstraint(fields=["store_id", "business_date", "txid"], name="dirty_store_day_once_a_txn")
        ]
        indexes = [models.Index(fields=["store_id", "business_date"], name="dirty_store_day")]

    def __str__(self) -> str:
        return f"{self.store_id} {self.business_date} ({self.txid})"


class SummaryFreshness(models.Model):
    """When a store's summaries last held every fact committed (the start of its last drain)."""

    store_id = models.BigIntegerField(_("store"), primary_key=True)
    fresh_at = models.DateTimeField(_("fresh at"))

    class Meta:
        verbose_name = _("summary freshness")
        verbose_name_plural = _("summary freshness")

    def __str__(self) -> str:
        return f"{self.store_id} {self.fresh_at}"


class StoreDaySummary(models.Model):
    """A store's business day in figures; `region_id` is the store's region on that day."""

    store_id = models.BigIntegerField(_("store"))
    business_date = models.DateField(_("business day"))
    region_id = models.BigIntegerField(_("region then"), null=True)
    orders = models.IntegerField(_("paid orders"), default=0)
    sales = money_field(_("sales"), default=ZERO)
    service_amount = money_field(_("services"), default=ZERO)
    product_amount = money_field(_("products"), default=ZERO)
    card_sale_amount = money_field(_("cards sold and topped up"), default=ZERO)
    sessions_served = models.IntegerField(_("sessions served"), default=0)
    refunds = models.IntegerField(_("refunds"), default=0)
    refunded = money_field(_("refunded"), default=ZERO)
    net_sales = money_field(_("net sales"), default=ZERO)
    new_members = models.IntegerField(_("new members"), default=0)
    stored_value_sold = money_field(_("stored value sold"), default=ZERO)
    stored_value_spent = money_field(_("stored value spent"), default=ZERO)
    # The member operation figures (MemberOperation): members with a visit, and the card and points
    # ledgers' entries made in the store on the day.
    members_served = models.IntegerField(_("members served"), default=0)
    cards_sold = models.IntegerField(_("cards sold"), default=0)
    card_topped_up = money_field(_("stored value topped up on cards"), default=ZERO)
    card_value_spent = money_field(_("stored value spent from cards"), default=ZERO)
    card_sessions_used = models.IntegerField(_("package sessions used"), default=0)
    points_given = models.IntegerField(_("points given"), default=0)
    points_used = models.IntegerField(_("points used"), default=0)

    class Meta:
        verbose_name = _("store-day summary")
        verbose_name_plural = _("store-day summaries")
        constraints = [models.UniqueConstraint(fields=["store_id", "business_date"], name="store_day_summary_once")]
        indexes = [models.Index(fields=["business_date", "store_id"], name="store_day_summary_chain")]

    def __str__(self) -> str:
        return f"{self.store_id} {self.business_date}"


class StaffFigures(models.Model):
    """What an employee did in a day (recompute.STAFF_FIGURES): the staff credits by kind, the refunds
    clawed back, the net, the sessions served and the orders they were on."""

    service = money_field(_("services"), default=ZERO)
    sale = money_field(_("product sales"), default=ZERO)
    card_sale = money_field(_("card sales"), default=ZERO)
    card_consumption = money_field(_("card consumption"), default=ZERO)
    clawed_back = money_field(_("refunds clawed back"), default=ZERO)
    net = money_field(_("net"), default=ZERO)
    sessions = models.IntegerField(_("sessions served"), default=0)
    orders = models.IntegerField(_("orders"), default=0)

    class Meta:
        abstract = True


class StaffDaySummary(StaffFigures):
    """An employee's figures at a store on a business day; `position` is the one held that day."""

    store_id = models.BigIntegerField(_("store"))
    business_date = models.DateField(_("business day"))
    employee_id = models.BigIntegerField(_("employee"))
    position = models.CharField(_("position then"), max_length=16, blank=True)

    class Meta:
        verbose_name = _("staff-day summary")
        verbose_name_plural = _("staff-day summaries")
        constraints = [
            models.UniqueConstraint(fields=["store_id", "business_date", "employee_id"], name="staff_day_summary_once")
        ]
        indexes = [models.Index(fields=["employee_id", "business_date"], name="staff_day_summary_employee")]

    def __str__(self) -> str:
        return f"{self.store_id} {self.business_date} {self.employee_id}"


class StaffCategoryDaySummary(StaffFigures):
    """An employee's figures at a store on a business day, by the category each line's item had that
    day (empty for lines of no category: packages, cards, top-ups): the staff figures of one category."""

    store_id = models.BigIntegerField(_("store"))
    business_date = models.DateField(_("business day"))
    employee_id = models.BigIntegerField(_("employee"))
    category_id = models.BigIntegerField(_("category then"), null=True)

    class Meta:
        verbose_name = _("staff-category-day summary")
        verbose_name_plural = _("staff-category-day summaries")
        constraints = [
            models.UniqueConstraint(
                fields=["store_id", "business_date", "employee_id", "category_id"],
                name="staff_category_day_summary_once",
                nulls_distinct=False,
            )
        ]
        indexes = [models.Index(fields=["category_id", "business_date"], name="staff_category_day_category")]

    def __str__(self) -> str:
        return f"{self.store_id} {self.business_date} {self.employee_id} {self.category_id}"


class StaffKindDaySummary(models.Model):
    """An employee's staff credits at a store on a business day, of one kind, as commission reads
    them (apps.commission.figures): what was earned and what refunds clawed back, each with the
    sessions it stands for (a credit's share of its line's sessions, to the cent, as
    apps.commission.arithmetic.session_count counts it); `position` is the one held that day, whose
    plan pays it. A year of a chain's commission is summed from these, not from the credits."""

    store_id = models.BigIntegerField(_("store"))
    business_date = models.DateField(_("business day"))
    employee_id = models.BigIntegerField(_("employee"))
    kind = models.CharField(_("kind"), max_length=16)
    position = models.CharField(_("position then"), max_length=16, blank=True)
    earned = money_field(_("earned"), default=ZERO)
    earned_sessions = models.DecimalField(_("sessions earned"), max_digits=12, decimal_places=2, default=ZERO)
    clawed_back = money_field(_("refunds clawed back"), default=ZERO)
    clawed_back_sessions = models.DecimalField(_("sessions clawed back"), max_digits=12, decimal_places=2, default=ZERO)

    class Meta:
        verbose_name = _("staff-kind-day summary")
        verbose_name_plural = _("staff-kind-day summaries")
        constraints = [
            models.UniqueConstraint(
                fields=["store_id", "business_date", "employee_id", "kind"], name="staff_kind_day_summary_once"
            )
        ]
        indexes = [models.Index(fields=["employee_id", "business_date"], name="staff_kind_day_employee")]

    def __str__(self) -> str:
        return f"{self.store_id} {self.business_date} {self.employee_id} {self.kind}"


class CommissionMonthSummary(models.Model):
    """A store's month of commission as the Commission report shows it: per employee, kind and plan
    version, the base, sessions, month's total, the tier reached and its rate, the commission, the
    clawback and the net (apps.commission.figures.StaffFigure). An open month is priced from its
    staff-kind-days under the plan versions in force whenever the drain recomputes one of its days
    (a new plan version or a closing marks the months it touches); a closed month holds the sums of
    its stored lines. A chain's year is then rows to page, sort and sum, not thousands of months
    priced on every call."""

    # Named apart from the report's keys (month, sessions, rate, commission, clawback, net), which
    # the report's rows annotate in the wire's form. The store, employee and version are joined
    # when read (a year is tens of thousands of rows, their names and the version's label are
    # read as they are now), so they are foreign keys, but without a constraint or an index: a
    # summary never holds a writer or a deletion back.
    store = models.ForeignKey(
        "org.OrgUnit",
        verbose_name=_("store"),
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        db_index=False,
        related_name="+",
    )
    month_start = models.DateField(_("month"), help_text=_("the month's first day"))
    closed = models.BooleanField(_("closed"), default=False)
    employee = models.ForeignKey(
        "staff.Employee",
        verbose_name=_("employee"),
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        db_index=False,
        related_name="+",
    )
    kind = models.CharField(_("kind"), max_length=20)
    version = models.ForeignKey(
        "commission.PlanVersion",
        verbose_name=_("plan version"),
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        db_index=False,
        null=True,
        related_name="+",
    )
    base_amount = money_field(_("base amount"), default=ZERO)
    session_total = models.DecimalField(_("sessions"), max_digits=12, decimal_places=2, default=ZERO)
    month_total = money_field(_("month's total"), default=ZERO)
    tier_from = money_field(_("tier reached"), null=True)
    tier_rate = models.DecimalField(_("rate (%)"), max_digits=5, decimal_places=2, null=True)
    commission_amount = money_field(_("commission"), default=ZERO)
    clawback_amount = money_field(_("clawback"), default=ZERO)
    net_amount = money_field(_("net"), default=ZERO)

    class Meta:
        verbose_name = _("commission month summary")
        verbose_name_plural = _("commission month summaries")
        constraints = [
            models.UniqueConstraint(
                fields=["store", "month_start", "employee", "kind", "version"],
                name="commission_month_summary_once",
                nulls_distinct=False,
            )
        ]
        indexes = [models.Index(fields=["month_start", "store"], name="commission_month_summary_chain")]

    def __str__(self) -> str:
        return f"{self.store_id} {self.month_start:%Y-%m} {self.employee_id} {self.kind}"


class ProductDaySummary(models.Model):
    """What the chain's stores together did with a product on a business day (the local day a stock
    move was made; an order's or refund's business day): the stock ledger's moves by reason, signed
    as moved (apps.inventory.period_selectors: goods in on documents, sales, used by services, used
    in store, written off, stocktakes) and their net; and the goods the paid orders sold and gave
    and the refunds took back, in use units (apps.billing.ledgers.goods_figures). Chain-wide only:
    product consumption for every store over a year reads these instead of the year's moves; for
    fewer stores it reads the moves. Recomputed whole for every day the drain recomputes."""

    business_date = models.DateField(_("business day"))
    product_id = models.BigIntegerField(_("product"))
    goods_in = quantity_field(_("goods in and out on documents"), default=ZERO)
    sales_moved = quantity_field(_("moved by sales"), default=ZERO)
    consumed = quantity_field(_("used by services"), default=ZERO)
    store_use = quantity_field(_("used in store"), default=ZERO)
    written_off = quantity_field(_("written off"), default=ZERO)
    stocktake = quantity_field(_("stocktake differences"), default=ZERO)
    net = quantity_field(_("net change of stock"), default=ZERO)
    moves = models.IntegerField(_("stock moves"), default=0)
    sold = quantity_field(_("sold"), default=ZERO)
    given = quantity_field(_("given"), default=ZERO)
    refunded_back = quantity_field(_("refunded back"), default=ZERO)

    class Meta:
        verbose_name = _("chain product-day summary")
        verbose_name_plural = _("chain product-day summaries")
        constraints = [models.UniqueConstraint(fields=["business_date", "product_id"], name="product_day_summary_once")]

    def __str__(self) -> str:
        return f"{self.business_date} {self.product_id}"


class CategoryDaySummary(models.Model):
    """What a store sold on a business day by item type and the category the item had that day."""

    store_id = models.BigIntegerField(_("store"))
    business_date = models.DateField(_("business day"))
    item_type = models.CharField(_("item type"), max_length=16)
    category_id = models.BigIntegerField(_("category then"), null=True)
    qty = models.IntegerField(_("quantity"), default=0)
    amount = money_field(_("amount"), default=ZERO)

    class Meta:
        verbose_name = _("category-day summary")
        verbose_name_plural = _("category-day summaries")
        constraints = [
            models.UniqueConstraint(
                fields=["store_id", "business_date", "item_type", "category_id"],
                name="category_day_summary_once",
                nulls_distinct=False,
            )
        ]
        # A category change marks the later days of its item type dirty (migration 0003).
        indexes = [models.Index(fields=["item_type", "business_date"], name="category_day_summary_type_day")]

    def __str__(self) -> str:
        return f"{self.store_id} {self.business_date} {self.item_type} {self.category_id}"


class TenderDaySummary(models.Model):
    """A store's takings of a day by method: succeeded tenders by the local day they were taken,
    and the money the day's refunds gave back through the method (not failed)."""

    store_id = models.BigIntegerField(_("store"))
    business_date = models.DateField(_("business day"))
    method = models.CharField(_("method"), max_length=16)
    tenders = models.IntegerField(_("tenders"), default=0)
    amount = money_field(_("amount"), default=ZERO)
    refunded = money_field(_("refunded"), default=ZERO)

    class Meta:
        verbose_name = _("tender-day summary")
        verbose_name_plural = _("tender-day summaries")
        constraints = [
            models.UniqueConstraint(fields=["store_id", "business_date", "method"], name="tender_day_summary_once")
        ]

    def __str__(self) -> str:
        return f"{self.store_id} {self.business_date} {self.method}"


class MemberVisitDay(models.Model):
    """A member's visit to a store on a business day (apps.billing.orders.member_visits: their paid
    orders there that day): how many orders and what they were payable. Kept per store-day with the
    other summaries, so the member reports count distinct members without reading the orders. The
    member is a foreign key only for the reports' joins: no database constraint, nothing cascades."""

    member = models.ForeignKey(
        Member,
        verbose_name=_("member"),
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        db_index=False,  # member_visit_day_member leads with it
        related_name="+",
    )
    store_id = models.BigIntegerField(_("store"))
    business_date = models.DateField(_("business day"))
    orders = models.IntegerField(_("paid orders"), default=0)
    spend = money_field(_("spend"), default=ZERO)
    # The member's history as seen from this visit, kept with their visit summary (refreshed for every
    # member whose visit days change): their first and second visit day anywhere, and the day of
    # their previous visit anywhere (visits ordered by day, then store: a second store the same day
    # has that day) and at this store. A chain-wide range counts distinct members from these in one
    # scan: a row is a member's first in a range when their previous visit is before it.
    first_visit = models.DateField(_("first visit"), null=True)
    second_visit = models.DateField(_("second visit day"), null=True)
    previous_visit = models.DateField(_("previous visit"), null=True)
    previous_visit_here = models.DateField(_("previous visit at this store"), null=True)
    # Stored, not computed where read: a chain's year of visit days is grouped and compared by month,
    # and date_trunc on each of 4.5 million rows was most of that scan's time.
    month = models.GeneratedField(
        expression=MonthStart("business_date"),
        output_field=models.DateField(),
        db_persist=True,
        verbose_name=_("month"),
    )
    # The member's visit summary, joined on the same column (no column of its own): a report reads
    # a visit day's first visit without going through the members table.
    visitor = models.ForeignObject(
        "MemberVisitSummary",
        on_delete=models.DO_NOTHING,
        from_fields=["member"],
        to_fields=["member"],
        related_name="+",
    )

    class Meta:
        verbose_name = _("member visit day")
        verbose_name_plural = _("member visit days")
        constraints = [
            models.UniqueConstraint(fields=["store_id", "business_date", "member"], name="member_visit_day_once")
        ]
        indexes = [models.Index(fields=["member", "business_date"], name="member_visit_day_member")]

    def __str__(self) -> str:
        return f"{self.member_id} {self.store_id} {self.business_date}"


class MonthVisitorDay(models.Model):
    """A store-day's share of its month's visitors: the members whose first visit day of the month
    anywhere in the chain (MemberVisitDay.previous_visit before the month) was this one, of them
    those who had visited before the month, and the members whose first visit of the month at this
    store it was (previous_visit_here before the month). Summed over a month's days (or up to a day
    within it), the chain's and a store's distinct visitors of the month without scanning the visit
    days; refreshed with the visit days' history (recompute.refresh_month_visitors) and audited
    against them. A store-day without such a visitor has no row."""

    store_id = models.BigIntegerField(_("store"))
    business_date = models.DateField(_("business day"))
    visitors = models.IntegerField(_("first visits of the month"))
    returning_visitors = models.IntegerField(_("of them, visited before the month"))
    store_visitors = models.IntegerField(_("first visits of the month at the store"), default=0)

    class Meta:
        verbose_name = _("month visitors of a day")
        verbose_name_plural = _("month visitors of days")
        constraints = [
            models.UniqueConstraint(fields=["business_date", "store_id"], name="month_visitor_day_once"),
        ]

    def __str__(self) -> str:
        return f"{self.store_id} {self.business_date}: {self.visitors}"


# How many of a member's last visit days their summary spans (recent_visits_from): the lifecycle's
# loyal members have this many visit days in a year.
RECENT_VISITS = 6


class MemberVisitSummary(models.Model):
    """A member's visit days in every store, as the member reports ask about them: the first, the
    second (the first after the first: a new customer's return), the last and the recent ones. Refreshed from
    MemberVisitDay for the members of every store-day the drain recomputes; a member who never
    visited has no row."""

    member = models.OneToOneField(
        Member,
        verbose_name=_("member"),
        primary_key=True,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="visit_summary",
    )
    first_visit = models.DateField(_("first visit"))
    second_visit = models.DateField(_("second visit day"), null=True)
    last_visit = models.DateField(_("last visit"))
    # The visit day before the last, and the first of the last RECENT_VISITS visit days (null: fewer):
    # with the last, the member's lifecycle stage at any day from their last visit on
    # (member_sets.stage_of) comes from this row, not from their visit days.
    previous_visit = models.DateField(_("visit day before the last"), null=True)
    recent_visits_from = models.DateField(_("first of the recent visit days"), null=True)
    # The member's home store while their file is active, null once cancelled (members_of_stores'
    # condition), kept beside the visits by a trigger on the member (reports migration 0014): a
    # chain's lapsed members are counted from this table alone, not a join with a million members.
    home_store_id = models.BigIntegerField(_("home store"), null=True)

    class Meta:
        verbose_name = _("member visit summary")
        verbose_name_plural = _("member visit summaries")
        indexes = [
            # A store's lapsed members, oldest last visit first, without reading the members' rows
            # (only the page's): the lapsed follow-up and the lapsed counts of a store or region.
            models.Index(
                fields=["home_store_id", "last_visit"], include=["first_visit"], name="member_summary_store_last"
            )
        ]

    def __str__(self) -> str:
        return f"{self.member_id} {self.first_visit}..{self.last_visit}"
