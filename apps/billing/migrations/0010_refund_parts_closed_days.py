"""Closed days on a refund's lines and tenders (docs/decisions/0012-closed-days.md, "Refund lines
and refund tenders"): dated by their refund (its business day and store), refused on a closed day
like the refund itself, except the provider's confirmation of a pending refund tender (its status
and message) and the refund status that follows it."""

from django.db import migrations

from apps.core.business_days import closed_day_trigger

PARENT_DAY = "(SELECT r.business_date FROM billing_refund r WHERE r.id = {row}.refund_id)"
PARENT_STORE = "SELECT r.store_id FROM billing_refund r WHERE r.id = {row}.refund_id"

# A provider's confirmation: a pending refund tender becomes succeeded or failed, with the provider's
# message; nothing else of the row changes (any column added later included).
TENDER_CONFIRMED = (
    "OLD.status = 'pending' AND NEW.status IN ('succeeded', 'failed') "
    "AND to_jsonb(NEW) - 'status' - 'provider_message' = to_jsonb(OLD) - 'status' - 'provider_message'"
)
# ... and its refund's status that follows: pending to done or failed, nothing else.
REFUND_FOLLOWS = "OLD.status = 'pending' AND NEW.status IN ('done', 'failed') AND to_jsonb(NEW) - 'status' = to_jsonb(OLD) - 'status'"

OLD_REFUND_TRIGGER = closed_day_trigger("billing_refund", "{row}.business_date")
DROP_REFUND_TRIGGER = (
    "DROP TRIGGER IF EXISTS billing_refund_closed_day ON billing_refund; "
    "DROP FUNCTION IF EXISTS billing_refund_closed_day();"
)


class Migration(migrations.Migration):
    dependencies = [
        ("billing", "0009_provider_refunds"),
    ]

    operations = [
        closed_day_trigger("billing_refundline", PARENT_DAY, store_sql=PARENT_STORE),
        closed_day_trigger("billing_refundtender", PARENT_DAY, store_sql=PARENT_STORE, allowed_update=TENDER_CONFIRMED),
        migrations.RunSQL(sql=DROP_REFUND_TRIGGER, reverse_sql=OLD_REFUND_TRIGGER.sql),
        closed_day_trigger("billing_refund", "{row}.business_date", allowed_update=REFUND_FOLLOWS),
    ]
