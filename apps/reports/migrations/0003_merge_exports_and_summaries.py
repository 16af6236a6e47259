# The download centre's jobs (h1-framework) and the summaries (h2-summaries) began the app's
# migrations on two branches; this joins them.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("reports", "0001_initial"),
        ("reports", "0002_summary_triggers"),
    ]

    operations = []
