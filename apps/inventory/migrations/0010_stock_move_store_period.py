from django.contrib.postgres.operations import AddIndexConcurrently, RemoveIndexConcurrently
from django.db import migrations, models

# The period index grows the columns a period's sums read (an index-only scan), built beside the old
# one without holding the tills' moves, then the old one dropped the same way.


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("inventory", "0009_return_damaged_move_kind"),
    ]

    operations = [
        AddIndexConcurrently(
            model_name="stockmove",
            index=models.Index(
                fields=["store", "created_at"], include=["product", "kind", "quantity"], name="stock_move_store_period"
            ),
        ),
        RemoveIndexConcurrently(model_name="stockmove", name="stock_move_store_time"),
    ]
