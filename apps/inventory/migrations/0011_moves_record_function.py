from django.db import migrations

# The stock ledger's writer (services.record_moves) in one round trip: every sale, service, return,
# loan and stocktake pays for it while its balances are locked, so each round trip saved is time
# other documents of the same products do not wait. Python checks the lines before and computes
# the safety-stock crossings after, from what this returns.
#
# Returns one row per line, in the lines' order, with its move and its product's stock before the
# document; or, when stock is short, one row per short product with no move and nothing written; or
# no row at all when a product is unknown.
#
# Every statement here takes a new snapshot (READ COMMITTED), so what the lock waited for is seen
# by the statements after it. The balance rows are locked in product order, as
# balances.locked_balances does for safety stock (safety_stock_set): the rows there first, then the
# missing ones created (INSERT … ON CONFLICT DO NOTHING: two first moves at once make one row) and
# locked. Creating them before locking the others would let a document hold a new row that a
# safety-stock change, holding an older row the document waits for, waits to create: a deadlock.
# The moves and the balances change in one statement whose parts all read the locked balances as
# they were before it.
SQL = """
CREATE OR REPLACE FUNCTION inventory_moves_record(
    p_store bigint,
    p_kind text,
    p_document_kind text,
    p_document_id bigint,
    p_other_store bigint,
    p_allow_negative boolean,
    p_operator bigint,
    p_operator_name text,
    p_at timestamptz,
    p_products bigint[],
    p_quantities numeric[],
    p_batches text[],
    p_expiries date[],
    p_remarks text[]
) RETURNS TABLE (
    product_id bigint,
    move_id bigint,
    quantity_after numeric,
    unit_cost numeric,
    stock_before numeric,
    own_safety numeric,
    default_safety integer,
    use_per_unit numeric,
    name text
) AS $$
#variable_conflict use_column
DECLARE
    moved bigint[] := ARRAY(SELECT DISTINCT m FROM unnest(p_products) AS m ORDER BY m);
    locked bigint;
BEGIN
    IF (SELECT count(*) FROM catalog_product p WHERE p.id = ANY (moved)) < cardinality(moved) THEN
        RETURN;
    END IF;

    PERFORM FROM inventory_stockbalance b
    WHERE b.store_id = p_store AND b.product_id = ANY (moved)
    ORDER BY b.product_id
    FOR NO KEY UPDATE;
    GET DIAGNOSTICS locked = ROW_COUNT;
    IF locked < cardinality(moved) THEN
        INSERT INTO inventory_stockbalance (store_id, product_id, quantity, updated_at)
        SELECT p_store, m.id, 0, p_at
        FROM unnest(moved) AS m(id)
        WHERE NOT EXISTS (SELECT FROM inventory_stockbalance b WHERE b.store_id = p_store AND b.product_id = m.id)
        ORDER BY m.id
        ON CONFLICT DO NOTHING;
        PERFORM FROM inventory_stockbalance b
        WHERE b.store_id = p_store AND b.product_id = ANY (moved)
        ORDER BY b.product_id
        FOR NO KEY UPDATE;
    END IF;

    IF NOT p_allow_negative THEN
        -- Several lines of one product count together; the short ones in the order the lines name them.
        RETURN QUERY
        SELECT b.product_id, NULL::bigint, NULL::numeric, NULL::numeric, b.quantity,
               NULL::numeric, NULL::integer, NULL::numeric, p.name::text
        FROM (
            SELECT l.id, sum(l.quantity) AS change, min(l.ord) AS first
            FROM unnest(p_products, p_quantities) WITH ORDINALITY AS l(id, quantity, ord)
            GROUP BY l.id
        ) c
        JOIN inventory_stockbalance b ON b.store_id = p_store AND b.product_id = c.id
        JOIN catalog_product p ON p.id = c.id
        WHERE c.change < 0 AND b.quantity + c.change < 0
        ORDER BY c.first;
        IF FOUND THEN
            RETURN;
        END IF;
    END IF;

    RETURN QUERY
    WITH line AS (
        SELECT l.ord, l.id AS product_id, l.quantity, l.batch_no, l.expiry_date, l.remark, b.quantity AS before,
               b.quantity + sum(l.quantity) OVER (PARTITION BY l.id ORDER BY l.ord) AS after
        FROM unnest(p_products, p_quantities, p_batches, p_expiries, p_remarks) WITH ORDINALITY
            AS l(id, quantity, batch_no, expiry_date, remark, ord)
        JOIN inventory_stockbalance b ON b.store_id = p_store AND b.product_id = l.id
    ), product_change AS (
        SELECT DISTINCT ON (line.product_id) line.product_id, line.before, line.after
        FROM line
        ORDER BY line.product_id, line.ord DESC
    ), balance AS (
        UPDATE inventory_stockbalance b SET quantity = c.after, updated_at = p_at
        FROM product_change c
        WHERE b.store_id = p_store AND b.product_id = c.product_id
    ), move AS (
        INSERT INTO inventory_stockmove (
            store_id, product_id, kind, quantity, quantity_after, unit_cost, document_kind, document_id,
            batch_no, expiry_date, other_store_id, remark, operator_id, operator_name, created_at
        )
        SELECT p_store, line.product_id, p_kind, line.quantity, line.after, p.cost, p_document_kind, p_document_id,
               line.batch_no, line.expiry_date, p_other_store, line.remark, p_operator, p_operator_name, p_at
        FROM line
        JOIN catalog_product p ON p.id = line.product_id
        ORDER BY line.ord
        RETURNING id, product_id, quantity_after, unit_cost
    )
    -- The moves' ids rise in the order they were inserted: the lines' order.
    SELECT move.product_id, move.id, move.quantity_after, move.unit_cost::numeric, c.before, s.quantity,
           p.default_safety_stock, p.use_per_unit::numeric, p.name::text
    FROM move
    JOIN product_change c ON c.product_id = move.product_id
    JOIN catalog_product p ON p.id = move.product_id
    LEFT JOIN inventory_safetystock s ON s.store_id = p_store AND s.product_id = move.product_id
    ORDER BY move.id;
END;
$$ LANGUAGE plpgsql VOLATILE;
"""

REVERSE_SQL = """
DROP FUNCTION IF EXISTS inventory_moves_record(
    bigint, text, text, bigint, bigint, boolean, bigint, text, timestamptz, bigint[], numeric[], text[], date[], text[]
);
"""


class Migration(migrations.Migration):
    dependencies = [("inventory", "0010_stock_move_store_period")]

    operations = [
        migrations.RunSQL(sql=SQL, reverse_sql=REVERSE_SQL),
    ]
