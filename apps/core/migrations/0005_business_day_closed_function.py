from django.db import migrations

# The service check of a closed day in one round trip: the store's shared lock, then the lookup. They
# must be two statements (a function's statements each see what committed before them): a lookup in
# the statement that waited for the lock would read the snapshot taken before a closing committed.
SQL = """
CREATE OR REPLACE FUNCTION core_business_day_closed(store bigint, day date) RETURNS boolean AS $$
BEGIN
    PERFORM pg_advisory_xact_lock_shared(140901, store::integer);
    RETURN EXISTS (SELECT 1 FROM core_closedday WHERE store_id = store AND date = day);
END;
$$ LANGUAGE plpgsql VOLATILE;
"""


class Migration(migrations.Migration):
    dependencies = [("core", "0004_closed_days")]

    operations = [
        migrations.RunSQL(sql=SQL, reverse_sql="DROP FUNCTION IF EXISTS core_business_day_closed(bigint, date);"),
    ]
