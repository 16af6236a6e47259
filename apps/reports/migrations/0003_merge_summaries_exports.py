# The summaries (h2-summaries, 0001_summaries and 0002) and the download centre's jobs
# (h1-framework, 0001_initial) were written side by side; this joins the two leaves.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("reports", "0001_initial"),
        ("reports", "0002_summary_triggers"),
    ]

    operations = []
