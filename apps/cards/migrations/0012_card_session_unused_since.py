from django.contrib.postgres.operations import AddIndexConcurrently
from django.db import migrations, models

# Built beside the tills' session uses, without holding their writes.


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("cards", "0011_session_last_used"),
    ]

    operations = [
        AddIndexConcurrently(
            model_name="cardsession",
            index=models.Index(
                models.F("last_used_at").asc(nulls_first=True),
                models.F("id"),
                condition=models.Q(("left__gt", 0)),
                name="card_session_unused_since",
            ),
        ),
    ]
