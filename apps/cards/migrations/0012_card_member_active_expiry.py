from django.contrib.postgres.operations import AddIndexConcurrently
from django.db import migrations, models

# Built beside the tills' card sales and spending, without holding their writes.


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("cards", "0011_session_last_used"),
        ("members", "0013_birthday_order_index"),
    ]

    operations = [
        AddIndexConcurrently(
            model_name="card",
            index=models.Index(
                condition=models.Q(("status", "active")),
                fields=["member", "expires_on"],
                name="card_member_active_expiry",
            ),
        ),
    ]
