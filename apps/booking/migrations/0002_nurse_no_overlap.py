"""No double booking (issue 6): two active reservations of one nurse cannot overlap.
btree_gist lets the GiST index compare the nurse id with `=` beside the range overlap `&&`."""

from django.contrib.postgres.operations import BtreeGistExtension
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("booking", "0001_initial")]

    operations = [
        BtreeGistExtension(),
        migrations.RunSQL(
            "ALTER TABLE booking_reservation ADD CONSTRAINT reservation_nurse_no_overlap "
            'EXCLUDE USING gist (nurse_id WITH =, tstzrange(start, "end") WITH &&) '
            "WHERE (nurse_id IS NOT NULL AND status IN ('booked', 'arrived', 'inService'))",
            "ALTER TABLE booking_reservation DROP CONSTRAINT IF EXISTS reservation_nurse_no_overlap",
        ),
    ]
