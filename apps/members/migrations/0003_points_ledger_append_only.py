"""The points ledger refuses UPDATE and DELETE, as the system log does."""

from django.db import migrations

from apps.core.append_only import append_only_trigger


class Migration(migrations.Migration):
    dependencies = [("members", "0002_search_indexes")]

    operations = [append_only_trigger("members_pointsentry")]
