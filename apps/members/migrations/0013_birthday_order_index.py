from django.contrib.postgres.operations import AddIndexConcurrently
from django.db import migrations, models
from django.db.models.functions import ExtractDay, ExtractMonth

# Built beside the front desk's member writes, as 0012's was.


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("members", "0012_filed_index_counts"),
        ("org", "0009_store_region_history"),
    ]

    operations = [
        AddIndexConcurrently(
            model_name="member",
            index=models.Index(
                ExtractMonth("birthday"), ExtractDay("birthday"), models.F("id"), name="member_birthday_order"
            ),
        ),
    ]
