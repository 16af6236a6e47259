"""The member visit summaries (docs/decisions/0050): the visit days of every member at every store
and day, and each member's first, second and last visit day, built here from the paid member orders
already written; from now on the drain keeps them with the other summaries (the order triggers of
migration 0003 already mark a paid order's store-day)."""

from decimal import Decimal

import django.db.models.deletion
from django.db import migrations, models

FILL = """
INSERT INTO reports_membervisitday (store_id, business_date, member_id, orders, spend)
SELECT store_id, business_date, member_id, count(*), sum(payable) FROM billing_order
WHERE status = 'paid' AND member_id IS NOT NULL
GROUP BY store_id, business_date, member_id;
INSERT INTO reports_membervisitsummary (member_id, first_visit, second_visit, last_visit)
SELECT v.member_id, f.first_visit, min(v.business_date) FILTER (WHERE v.business_date > f.first_visit),
    max(v.business_date)
FROM reports_membervisitday v
JOIN (SELECT member_id, min(business_date) AS first_visit FROM reports_membervisitday GROUP BY member_id) f
    ON f.member_id = v.member_id
GROUP BY v.member_id, f.first_visit;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("members", "0011_report_indexes"),
        ("reports", "0006_list_exports"),
    ]

    operations = [
        migrations.CreateModel(
            name="MemberVisitSummary",
            fields=[
                (
                    "member",
                    models.OneToOneField(
                        db_constraint=False,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        primary_key=True,
                        related_name="visit_summary",
                        serialize=False,
                        to="members.member",
                        verbose_name="member",
                    ),
                ),
                ("first_visit", models.DateField(verbose_name="first visit")),
                ("second_visit", models.DateField(null=True, verbose_name="second visit day")),
                ("last_visit", models.DateField(verbose_name="last visit")),
            ],
            options={
                "verbose_name": "member visit summary",
                "verbose_name_plural": "member visit summaries",
            },
        ),
        migrations.CreateModel(
            name="MemberVisitDay",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("store_id", models.BigIntegerField(verbose_name="store")),
                ("business_date", models.DateField(verbose_name="business day")),
                ("orders", models.IntegerField(default=0, verbose_name="paid orders")),
                (
                    "spend",
                    models.DecimalField(decimal_places=2, default=Decimal("0"), max_digits=12, verbose_name="spend"),
                ),
                (
                    "member",
                    models.ForeignKey(
                        db_constraint=False,
                        db_index=False,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="members.member",
                        verbose_name="member",
                    ),
                ),
            ],
            options={
                "verbose_name": "member visit day",
                "verbose_name_plural": "member visit days",
                "indexes": [models.Index(fields=["member", "business_date"], name="member_visit_day_member")],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("store_id", "business_date", "member"), name="member_visit_day_once"
                    )
                ],
            },
        ),
        migrations.AddField(
            model_name="membervisitday",
            name="visitor",
            field=models.ForeignObject(
                from_fields=["member"],
                to_fields=["member"],
                on_delete=django.db.models.deletion.DO_NOTHING,
                related_name="+",
                to="reports.membervisitsummary",
            ),
        ),
        migrations.RunSQL(FILL, migrations.RunSQL.noop),
    ]
