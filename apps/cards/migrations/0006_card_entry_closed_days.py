"""The daily closing reads a store's card entries of a day (index); a card entry dated
in a closed business day of its store is refused (apps.core.business_days)."""

from django.conf import settings
from django.db import migrations, models

from apps.core.business_days import closed_day_trigger, local_date_sql


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0004_closed_days"),
        ("cards", "0005_card_freeze"),
        ("catalog", "0002_cost_view_code"),
        ("org", "0005_store_signature_required"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddIndex(
            model_name="cardentry",
            index=models.Index(fields=["store", "created_at"], name="card_entry_store_time"),
        ),
        closed_day_trigger("cards_cardentry", local_date_sql("created_at")),
    ]
