from django.db import migrations, models

# Filled from the visit days as they stand (recompute.MEMBER_SUMMARY_OF_ALL_SQL's days, RECENT_VISITS
# = 6 then); from here on the member summaries' refresh keeps them.
FILL = """
UPDATE reports_membervisitsummary s SET previous_visit = d.days[2], recent_visits_from = d.days[6]
FROM (
    SELECT member_id, array_agg(DISTINCT business_date ORDER BY business_date DESC) AS days
    FROM reports_membervisitday GROUP BY member_id
) d
WHERE d.member_id = s.member_id
"""


class Migration(migrations.Migration):
    dependencies = [
        ("reports", "0016_month_visitor_days"),
    ]

    operations = [
        migrations.AddField(
            model_name="membervisitsummary",
            name="previous_visit",
            field=models.DateField(null=True, verbose_name="visit day before the last"),
        ),
        migrations.AddField(
            model_name="membervisitsummary",
            name="recent_visits_from",
            field=models.DateField(null=True, verbose_name="first of the recent visit days"),
        ),
        migrations.RunSQL(FILL, migrations.RunSQL.noop),
    ]
