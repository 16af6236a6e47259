"""Every store-day with facts written before the summaries existed is marked dirty, so the drain
(beat, 30 s at a time, oldest days first) builds their summaries from the ledgers; until it has,
those days are "waiting", not differences, for the nightly check and audit_ledgers."""

from django.conf import settings
from django.db import migrations

FORWARD = f"""
INSERT INTO reports_dirtystoreday (store_id, business_date, txid, marked_at)
SELECT store_id, business_date, txid_current(), now() FROM (
    SELECT store_id, business_date FROM billing_order WHERE status = 'paid'
    UNION SELECT store_id, business_date FROM billing_staffcredit
    UNION SELECT store_id, business_date FROM billing_refund
    UNION SELECT store_id, (created_at AT TIME ZONE '{settings.TIME_ZONE}')::date FROM billing_tender
        WHERE status = 'succeeded'
    UNION SELECT home_store_id, (created_at AT TIME ZONE '{settings.TIME_ZONE}')::date FROM members_member
) days
ON CONFLICT DO NOTHING;
"""


class Migration(migrations.Migration):
    dependencies = [("reports", "0004_staff_category_summary")]

    operations = [migrations.RunSQL(FORWARD, migrations.RunSQL.noop)]
