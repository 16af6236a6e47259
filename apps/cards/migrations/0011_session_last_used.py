from django.db import migrations, models

# Each session's newest use, from the ledger: what card_entry_write keeps from now on.
LAST_USED = """
UPDATE cards_cardsession s SET last_used_at = e.at
FROM (
    SELECT card_id, project_id, max(created_at) AS at FROM cards_cardentry
    WHERE kind = 'sessionsUsed' GROUP BY card_id, project_id
) e
WHERE e.card_id = s.card_id AND e.project_id = s.project_id
"""


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0010_card_entry_store_time_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="cardsession",
            name="last_used_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="last used"),
        ),
        migrations.RunSQL(LAST_USED, migrations.RunSQL.noop),
    ]
