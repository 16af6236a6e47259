from django.db import migrations, models

# Each store-day also counts the members whose first visit of the month at its store it was
# (MemberOperation's members served by month); every row counted again from the visit days' history
# (apps.reports.summaries.recompute MONTH_VISITORS_SQL over every day).
REFILL = """
DELETE FROM reports_monthvisitorday;
INSERT INTO reports_monthvisitorday (store_id, business_date, visitors, returning_visitors, store_visitors)
SELECT v.store_id, v.business_date,
    count(*) FILTER (WHERE v.previous_visit IS NULL OR v.previous_visit < v.month),
    count(*) FILTER (WHERE (v.previous_visit IS NULL OR v.previous_visit < v.month) AND v.first_visit < v.month),
    count(*)
FROM reports_membervisitday v
WHERE v.previous_visit_here IS NULL OR v.previous_visit_here < v.month
GROUP BY v.store_id, v.business_date
"""


class Migration(migrations.Migration):
    dependencies = [
        ("reports", "0016_month_visitor_days"),
    ]

    operations = [
        migrations.AddField(
            model_name="monthvisitorday",
            name="store_visitors",
            field=models.IntegerField(default=0, verbose_name="first visits of the month at the store"),
        ),
        migrations.RunSQL(REFILL, migrations.RunSQL.noop),
    ]
