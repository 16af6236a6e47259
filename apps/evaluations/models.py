"""A member's evaluation of one paid visit (issue 29 §4): the service and the nurse rated 1–5, a
comment, through the receipt's link or recorded by the front desk. One per order, held by the
database, so two submissions at once leave one row."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from apps.core.model_fields import created_at_field, user_field, user_name_field
from apps.evaluations.choices import COMMENT_MAX_LENGTH, SCORE_MAX, SCORE_MIN, Channel


class Evaluation(models.Model):
    order = models.ForeignKey("billing.Order", verbose_name=_("order"), on_delete=models.PROTECT, related_name="+")
    store = models.ForeignKey("org.OrgUnit", verbose_name=_("store"), on_delete=models.PROTECT, related_name="+")
    member = models.ForeignKey(
        "members.Member", verbose_name=_("member"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # The nurse who served the visit (the order's service staff), or the one the front desk chose.
    nurse = models.ForeignKey(
        "staff.Employee", verbose_name=_("nurse"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # The projects the visit served (the order's project lines), as they were when it was rated.
    projects = models.ManyToManyField("catalog.Project", verbose_name=_("projects"), related_name="+", blank=True)
    service_score = models.PositiveSmallIntegerField(_("service score"))
    nurse_score = models.PositiveSmallIntegerField(_("nurse score"))
    comment = models.CharField(_("comment"), max_length=COMMENT_MAX_LENGTH, blank=True)
    channel = models.CharField(_("channel"), max_length=16, choices=Channel.choices)
    # The store's business day of the visit: the reports' time axis.
    visit_date = models.DateField(_("visit date"))
    created_at = created_at_field()
    recorded_by = user_field(_("recorded by"))
    recorded_by_name = user_name_field(_("recorded by"))

    class Meta:
        verbose_name = _("evaluation")
        verbose_name_plural = _("evaluations")
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["order"], name="evaluation_one_per_order"),
            models.CheckConstraint(
                condition=Q(service_score__gte=SCORE_MIN) & Q(service_score__lte=SCORE_MAX),
                name="evaluation_service_score_range",
            ),
            models.CheckConstraint(
                condition=Q(nurse_score__gte=SCORE_MIN) & Q(nurse_score__lte=SCORE_MAX),
                name="evaluation_nurse_score_range",
            ),
            # The member's own link has no recorder; the front desk's record names one.
            models.CheckConstraint(
                condition=Q(channel=Channel.LINK, recorded_by__isnull=True) | Q(channel=Channel.FRONT_DESK),
                name="evaluation_link_not_recorded",
            ),
        ]
        indexes = [
            models.Index(fields=["store", "visit_date"], name="evaluation_store_day"),
            models.Index(fields=["member", "-id"], name="evaluation_member_newest"),
            models.Index(fields=["nurse", "visit_date"], name="evaluation_nurse_day"),
        ]

    def __str__(self) -> str:
        return f"evaluation of order {self.order_id}"
