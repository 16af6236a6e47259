"""The queue that keeps the summaries fresh (issue 29 §1, docs/decisions/0042): a trigger on every
fact table whose rows change a summary figure marks the store's business day dirty, in the writer's
own transaction, so a rolled-back order marks nothing and a committed one is never missed.

One queue row per writing transaction and store-day (`txid`): the many rows one checkout writes mark
its day once (ON CONFLICT DO NOTHING), and two checkouts of the same day never wait for each other
on a shared row. The drain (apps.reports.summaries.drain) deletes only the rows it saw before
recomputing, so a writer that commits while a day is being recomputed leaves its row for the next
drain.

Which day a fact belongs to is the summaries' (apps.reports.summaries.recompute): an order, its lines,
its line staff and its staff credits by the order's (or the refund's) business day; a refund and its
tenders by the refund's business day; a tender by the local day it was taken; a member by the local
day they joined. A change of a store's region, an item's category or an employee's position marks
the summarised days from the change on, whose rows hold the value of their day.

Cards' entries, stock moves, deposit entries and daily closings feed none of these figures, so
they carry no trigger: a trigger that marks nothing useful would only cost the writer."""

from django.conf import settings
from django.db import migrations

LOCAL_DAY = f"((NEW.created_at AT TIME ZONE '{settings.TIME_ZONE}')::date)"

FORWARD = f"""
CREATE FUNCTION reports_mark_dirty(p_store bigint, p_day date) RETURNS void LANGUAGE sql AS $$
    INSERT INTO reports_dirtystoreday (store_id, business_date, txid, marked_at)
    VALUES (p_store, p_day, txid_current(), now())
    ON CONFLICT (store_id, business_date, txid) DO NOTHING
$$;

-- A paid order (or one that was paid) changes the day's figures; an unpaid draft does not.
CREATE FUNCTION reports_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.status = 'paid' THEN
        PERFORM reports_mark_dirty(OLD.store_id, OLD.business_date);
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.status = 'paid' THEN
        PERFORM reports_mark_dirty(NEW.store_id, NEW.business_date);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER reports_order_inserted AFTER INSERT ON billing_order
FOR EACH ROW WHEN (NEW.status = 'paid') EXECUTE FUNCTION reports_order_changed();
CREATE TRIGGER reports_order_updated AFTER UPDATE ON billing_order
FOR EACH ROW WHEN (NEW.status = 'paid' OR OLD.status = 'paid') EXECUTE FUNCTION reports_order_changed();
CREATE TRIGGER reports_order_deleted AFTER DELETE ON billing_order
FOR EACH ROW WHEN (OLD.status = 'paid') EXECUTE FUNCTION reports_order_changed();

-- A line, or who served it, changed after its order was paid (a new line comes with its order's update).
CREATE FUNCTION reports_line_of_paid_order_changed(p_line bigint) RETURNS void LANGUAGE sql AS $$
    SELECT reports_mark_dirty(o.store_id, o.business_date)
    FROM billing_orderline l JOIN billing_order o ON o.id = l.order_id
    WHERE l.id = p_line AND o.status = 'paid'
$$;
CREATE FUNCTION reports_line_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM reports_line_of_paid_order_changed(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
    RETURN NULL;
END $$;
CREATE TRIGGER reports_line_changed AFTER UPDATE OR DELETE ON billing_orderline
FOR EACH ROW EXECUTE FUNCTION reports_line_changed();
CREATE FUNCTION reports_line_staff_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM reports_line_of_paid_order_changed(CASE WHEN TG_OP = 'DELETE' THEN OLD.line_id ELSE NEW.line_id END);
    RETURN NULL;
END $$;
CREATE TRIGGER reports_line_staff_changed AFTER INSERT OR UPDATE OR DELETE ON billing_orderlinestaff
FOR EACH ROW EXECUTE FUNCTION reports_line_staff_changed();

-- Staff credits are append-only: a new one marks its day.
CREATE FUNCTION reports_credit_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM reports_mark_dirty(NEW.store_id, NEW.business_date);
    RETURN NULL;
END $$;
CREATE TRIGGER reports_credit_written AFTER INSERT ON billing_staffcredit
FOR EACH ROW EXECUTE FUNCTION reports_credit_written();

-- A tender counts once it succeeded, on the local day it was taken.
CREATE FUNCTION reports_tender_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM reports_mark_dirty(NEW.store_id, {LOCAL_DAY});
    RETURN NULL;
END $$;
CREATE TRIGGER reports_tender_inserted AFTER INSERT ON billing_tender
FOR EACH ROW WHEN (NEW.status = 'succeeded') EXECUTE FUNCTION reports_tender_changed();
CREATE TRIGGER reports_tender_updated AFTER UPDATE ON billing_tender
FOR EACH ROW WHEN (NEW.status = 'succeeded' OR OLD.status = 'succeeded') EXECUTE FUNCTION reports_tender_changed();

CREATE FUNCTION reports_refund_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM reports_mark_dirty(OLD.store_id, OLD.business_date); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM reports_mark_dirty(NEW.store_id, NEW.business_date); END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER reports_refund_changed AFTER INSERT OR UPDATE OR DELETE ON billing_refund
FOR EACH ROW EXECUTE FUNCTION reports_refund_changed();

CREATE FUNCTION reports_refund_tender_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM reports_mark_dirty(r.store_id, r.business_date)
    FROM billing_refund r WHERE r.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.refund_id ELSE NEW.refund_id END);
    RETURN NULL;
END $$;
CREATE TRIGGER reports_refund_tender_changed AFTER INSERT OR UPDATE OR DELETE ON billing_refundtender
FOR EACH ROW EXECUTE FUNCTION reports_refund_tender_changed();

CREATE FUNCTION reports_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        PERFORM reports_mark_dirty(OLD.home_store_id, (OLD.created_at AT TIME ZONE '{settings.TIME_ZONE}')::date);
    END IF;
    PERFORM reports_mark_dirty(NEW.home_store_id, {LOCAL_DAY});
    RETURN NULL;
END $$;
CREATE TRIGGER reports_member_joined AFTER INSERT ON members_member
FOR EACH ROW EXECUTE FUNCTION reports_member_changed();
CREATE TRIGGER reports_member_moved AFTER UPDATE OF home_store_id, created_at ON members_member
FOR EACH ROW WHEN (OLD.home_store_id IS DISTINCT FROM NEW.home_store_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION reports_member_changed();

-- History: the summarised days from the change on hold the old value until recomputed.
CREATE FUNCTION reports_region_history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM reports_mark_dirty(s.store_id, s.business_date) FROM reports_storedaysummary s
    WHERE s.store_id = NEW.store_id AND s.business_date >= NEW.valid_from;
    RETURN NULL;
END $$;
CREATE TRIGGER reports_region_history_changed AFTER INSERT OR UPDATE ON org_storeregionhistory
FOR EACH ROW EXECUTE FUNCTION reports_region_history_changed();

CREATE FUNCTION reports_category_history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM reports_mark_dirty(s.store_id, s.business_date)
    FROM (SELECT DISTINCT store_id, business_date FROM reports_categorydaysummary
          WHERE item_type = NEW.item_type AND business_date >= NEW.valid_from) s;
    RETURN NULL;
END $$;
CREATE TRIGGER reports_category_history_changed AFTER INSERT OR UPDATE ON catalog_itemcategoryhistory
FOR EACH ROW EXECUTE FUNCTION reports_category_history_changed();

CREATE FUNCTION reports_position_history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM reports_mark_dirty(s.store_id, s.business_date) FROM reports_staffdaysummary s
    WHERE s.employee_id = NEW.employee_id AND s.business_date >= NEW.valid_from;
    RETURN NULL;
END $$;
CREATE TRIGGER reports_position_history_changed AFTER INSERT OR UPDATE ON staff_employeepositionhistory
FOR EACH ROW EXECUTE FUNCTION reports_position_history_changed();
"""

TRIGGERS = (
    ("reports_order_inserted", "billing_order"),
    ("reports_order_updated", "billing_order"),
    ("reports_order_deleted", "billing_order"),
    ("reports_line_changed", "billing_orderline"),
    ("reports_line_staff_changed", "billing_orderlinestaff"),
    ("reports_credit_written", "billing_staffcredit"),
    ("reports_tender_inserted", "billing_tender"),
    ("reports_tender_updated", "billing_tender"),
    ("reports_refund_changed", "billing_refund"),
    ("reports_refund_tender_changed", "billing_refundtender"),
    ("reports_member_joined", "members_member"),
    ("reports_member_moved", "members_member"),
    ("reports_region_history_changed", "org_storeregionhistory"),
    ("reports_category_history_changed", "catalog_itemcategoryhistory"),
    ("reports_position_history_changed", "staff_employeepositionhistory"),
)
FUNCTIONS = (
    "reports_order_changed()",
    "reports_line_changed()",
    "reports_line_staff_changed()",
    "reports_line_of_paid_order_changed(bigint)",
    "reports_credit_written()",
    "reports_tender_changed()",
    "reports_refund_changed()",
    "reports_refund_tender_changed()",
    "reports_member_changed()",
    "reports_region_history_changed()",
    "reports_category_history_changed()",
    "reports_position_history_changed()",
    "reports_mark_dirty(bigint, date)",
)
BACKWARD = "".join(f"DROP TRIGGER {name} ON {table};\n" for name, table in TRIGGERS) + "".join(
    f"DROP FUNCTION {function};\n" for function in FUNCTIONS
)


class Migration(migrations.Migration):
    dependencies = [
        ("reports", "0002_summaries"),
        ("billing", "0020_refund_store_day"),
        ("members", "0010_phone_views_tasks_to_code"),
        ("org", "0009_store_region_history"),
        ("catalog", "0004_item_category_history"),
        ("staff", "0002_employee_position_history"),
    ]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
