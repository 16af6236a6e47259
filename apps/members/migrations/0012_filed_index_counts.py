from django.contrib.postgres.operations import AddIndexConcurrently, RemoveIndexConcurrently
from django.db import migrations, models

# The filed index grows the columns the member reports count new members by (an index-only scan),
# built beside the old one without holding the front desk's member writes, then the old one dropped
# the same way.


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("members", "0011_report_indexes"),
        ("org", "0009_store_region_history"),
    ]

    operations = [
        AddIndexConcurrently(
            model_name="member",
            index=models.Index(
                fields=["home_store", "created_at"], include=["status", "source"], name="member_store_filed_at"
            ),
        ),
        RemoveIndexConcurrently(model_name="member", name="member_store_filed"),
    ]
