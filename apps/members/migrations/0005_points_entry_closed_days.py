"""The daily closing reads a store's points entries of a day (index); a points entry
dated in a closed business day of its store is refused (apps.core.business_days)."""

from django.conf import settings
from django.db import migrations, models

from apps.core.business_days import closed_day_trigger, local_date_sql


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0004_closed_days"),
        ("members", "0004_points_on_orders"),
        ("org", "0005_store_signature_required"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddIndex(
            model_name="pointsentry",
            index=models.Index(fields=["store", "created_at"], name="points_entry_store_time"),
        ),
        closed_day_trigger("members_pointsentry", local_date_sql("created_at")),
    ]
