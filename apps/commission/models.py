"""Commission plans, their versions and the closed periods' frozen lines (issue 29 §3; decision 0043).

- A plan is for one staff position and one kind of credit (billing's CreditKind: service and card
  consumption are serving, sale and card sale are selling), chain-wide or one store's (a store's plan
  wins over the chain's for that store).
- What a plan pays is in its versions, each in force from a date until the next one; a version and
  its tiers are written once and never change (append-only, in the models and by a database
  trigger): an edit is a new version from a date no earlier than the first open period.
- A period (store × month) is open until the owner closes it; closing writes the row here and the
  lines the month computed, both append-only. A closed period's figures are read from its lines."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.billing.choices import CreditKind
from apps.commission.choices import NOTE_MAX_LENGTH, PLAN_NAME_MAX_LENGTH, RATE_DIGITS, TierMode
from apps.core.append_only import AppendOnlyModel
from apps.core.model_fields import created_at_field, money_field, user_field, user_name_field
from apps.staff.choices import EmployeePosition


class CommissionPlan(models.Model):
    store = models.ForeignKey(
        "org.OrgUnit",
        verbose_name=_("store"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("empty: the plan holds at every store of the chain without a plan of its own"),
    )
    name = models.CharField(_("name"), max_length=PLAN_NAME_MAX_LENGTH)
    position = models.CharField(_("position"), max_length=16, choices=EmployeePosition.choices)
    kind = models.CharField(_("kind"), max_length=20, choices=CreditKind.choices)
    created_by = user_field(_("created by"))
    created_by_name = user_name_field(_("created by"))
    created_at = created_at_field()

    class Meta:
        verbose_name = _("commission plan")
        verbose_name_plural = _("commission plans")
        ordering = ["store_id", "position", "kind", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["position", "kind"],
                condition=models.Q(store__isnull=True),
                name="commission_plan_chain_once",
            ),
            models.UniqueConstraint(
                fields=["store", "position", "kind"],
                condition=models.Q(store__isnull=False),
                name="commission_plan_store_once",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class PlanVersion(AppendOnlyModel):
    plan = models.ForeignKey(CommissionPlan, on_delete=models.PROTECT, related_name="versions")
    effective_from = models.DateField(_("effective from"))
    tier_mode = models.CharField(_("tier mode"), max_length=8, choices=TierMode.choices)
    per_session = money_field(_("amount per session served"), at_least_zero=True)
    note = models.CharField(_("note"), max_length=NOTE_MAX_LENGTH, blank=True)
    created_by = user_field(_("created by"))
    created_by_name = user_name_field(_("created by"))
    created_at = created_at_field()

    class Meta:
        verbose_name = _("commission plan version")
        verbose_name_plural = _("commission plan versions")
        # In force on a day: the latest effective date not after it, and of one date the latest written.
        ordering = ["plan_id", "effective_from", "id"]
        indexes = [models.Index(fields=["plan", "effective_from"], name="commission_version_plan_from")]
        constraints = [
            models.CheckConstraint(condition=models.Q(per_session__gte=0), name="commission_version_per_session"),
        ]

    def __str__(self) -> str:
        return f"{self.plan_id} {self.effective_from}"


class PlanTier(AppendOnlyModel):
    version = models.ForeignKey(PlanVersion, on_delete=models.PROTECT, related_name="tiers")
    from_amount = money_field(_("from the month's total"), at_least_zero=True)
    rate = models.DecimalField(_("rate (%)"), max_digits=RATE_DIGITS, decimal_places=2)

    class Meta:
        verbose_name = _("commission tier")
        verbose_name_plural = _("commission tiers")
        ordering = ["version_id", "from_amount"]
        constraints = [
            models.UniqueConstraint(fields=["version", "from_amount"], name="commission_tier_once"),
            models.CheckConstraint(
                condition=models.Q(rate__gte=0, rate__lte=100, from_amount__gte=0), name="commission_tier_bounds"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.from_amount} {self.rate}%"


class CommissionPeriod(AppendOnlyModel):
    """A closed period (store × month): the row exists only once closed, and never changes."""

    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    month = models.DateField(_("month"), help_text=_("the month's first day"))
    closed_by = user_field(_("closed by"))
    closed_by_name = user_name_field(_("closed by"))
    closed_at = models.DateTimeField(_("closed at"), auto_now_add=True)

    class Meta:
        verbose_name = _("closed commission period")
        verbose_name_plural = _("closed commission periods")
        ordering = ["store_id", "month"]
        constraints = [
            models.UniqueConstraint(fields=["store", "month"], name="commission_period_once"),
            models.CheckConstraint(condition=models.Q(month__day=1), name="commission_period_first_day"),
        ]

    def __str__(self) -> str:
        return f"{self.store_id} {self.month:%Y-%m}"


class CommissionLine(AppendOnlyModel):
    """One staff credit's commission as its period closed, with the inputs that produced it."""

    period = models.ForeignKey(CommissionPeriod, on_delete=models.PROTECT, related_name="lines")
    credit = models.ForeignKey("billing.StaffCredit", on_delete=models.PROTECT, related_name="+")
    employee = models.ForeignKey("staff.Employee", on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(_("kind"), max_length=20, choices=CreditKind.choices)
    business_date = models.DateField(_("business day"))
    amount = money_field(_("amount"))
    sessions = models.DecimalField(_("sessions"), max_digits=10, decimal_places=2)
    clawback = models.BooleanField(_("clawback"), help_text=_("a refund's credit, taken back in its own period"))
    version = models.ForeignKey(PlanVersion, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    month_total = money_field(_("month's total"))
    tier_from = money_field(_("tier reached"), null=True, blank=True)
    rate = models.DecimalField(_("rate (%)"), max_digits=RATE_DIGITS, decimal_places=2, null=True, blank=True)
    per_session = money_field(_("amount per session served"), null=True, blank=True)
    commission = money_field(_("commission"))

    class Meta:
        verbose_name = _("commission line")
        verbose_name_plural = _("commission lines")
        ordering = ["period_id", "employee_id", "kind", "id"]
        indexes = [models.Index(fields=["period", "employee"], name="commission_line_period_staff")]
        constraints = [models.UniqueConstraint(fields=["period", "credit"], name="commission_line_credit_once")]

    def __str__(self) -> str:
        return f"{self.credit_id} {self.commission}"
