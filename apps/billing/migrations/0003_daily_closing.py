"""Daily closing (issue 14 §3): the closings; an order, a tender or a staff credit dated
in a closed business day of its store is refused (apps.core.business_days); owner-type roles that hold
the daily closing page get the button code that reopens a closed day."""

import django.db.models.deletion
import django.db.models.expressions
from django.conf import settings
from django.db import migrations, models

from apps.core.business_days import closed_day_trigger, local_date_sql

DAILY_PAGE = "ERP-SYFH-PAG-0001-0000"
REOPEN = ("BTN-SYFH-DAY-REOPEN", "反日结")


def give_reopen_code(apps, schema_editor):
    Resource = apps.get_model("accounts", "Resource")
    Role = apps.get_model("accounts", "Role")
    code, name = REOPEN
    resource, _created = Resource.objects.get_or_create(
        code=code, defaults={"kind": "button", "name": name, "route": ""}
    )
    changed = []
    for role in Role.objects.filter(kind="owner", resources__code=DAILY_PAGE).distinct():
        role.resources.add(resource)
        changed.append(role.pk)
    # The historical model sends no signal the cache listens to: forget the changed roles' codes here.
    from apps.accounts.role_code_cache import forget_role_codes

    forget_role_codes(sorted(changed))


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0004_closed_days"),
        ("accounts", "0006_remove_userrole_granted_by_employee"),
        ("billing", "0002_order_store_newest_index"),
        ("org", "0005_store_signature_required"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="DailyClosing",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("date", models.DateField(verbose_name="business day")),
                ("cash_expected", models.DecimalField(decimal_places=2, max_digits=12, verbose_name="cash expected")),
                ("cash_counted", models.DecimalField(decimal_places=2, max_digits=12, verbose_name="cash counted")),
                ("difference", models.DecimalField(decimal_places=2, max_digits=12, verbose_name="difference")),
                (
                    "difference_reason",
                    models.CharField(blank=True, max_length=200, verbose_name="reason for the difference"),
                ),
                ("remark", models.CharField(blank=True, max_length=200, verbose_name="remark")),
                ("figures", models.JSONField(default=dict, verbose_name="figures")),
                ("closed_by_name", models.CharField(blank=True, max_length=40, verbose_name="closed by")),
                ("closed_at", models.DateTimeField(auto_now_add=True, verbose_name="closed at")),
                ("reopened_by_name", models.CharField(blank=True, max_length=40, verbose_name="reopened by")),
                ("reopened_at", models.DateTimeField(blank=True, null=True, verbose_name="reopened at")),
                ("reopen_reason", models.CharField(blank=True, max_length=200, verbose_name="reason for reopening")),
                (
                    "closed_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="closed by",
                    ),
                ),
                (
                    "reopened_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="reopened by",
                    ),
                ),
                (
                    "store",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="org.orgunit",
                        verbose_name="store",
                    ),
                ),
            ],
            options={
                "verbose_name": "daily closing",
                "verbose_name_plural": "daily closings",
                "ordering": ["-date", "-id"],
                "indexes": [models.Index(fields=["store", "-date", "-id"], name="daily_closing_store_newest")],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("reopened_at__isnull", True)),
                        fields=("store", "date"),
                        name="daily_closing_one_active",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("cash_counted__gte", 0)), name="daily_closing_counted_not_negative"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            (
                                "difference",
                                django.db.models.expressions.CombinedExpression(
                                    models.F("cash_counted"), "-", models.F("cash_expected")
                                ),
                            )
                        ),
                        name="daily_closing_difference",
                    ),
                ],
            },
        ),
        closed_day_trigger("billing_order", "{row}.business_date"),
        closed_day_trigger("billing_tender", local_date_sql("created_at")),
        closed_day_trigger("billing_staffcredit", "{row}.business_date"),
        migrations.RunPython(give_reopen_code, migrations.RunPython.noop),
    ]
