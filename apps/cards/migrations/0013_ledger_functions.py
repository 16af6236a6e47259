from django.db import migrations

# The card ledger's writes in one round trip each (issue 31): the till's hottest writes sent three
# or four statements (lock the card, change it, append the entry, change the session), each a trip
# to the database while the card's row lock was held. These functions do the same in the database.
# Each statement of a (volatile) PL/pgSQL function sees what committed before it started, so a
# read after the card's lock sees what the previous holder of that lock left.
#
# Business refusals are returned as a code, never raised: the Python maps each to its domain error,
# whose message is translated there (apps.cards.services). The literals below are the values of
# EntryKind, CardStatus and CardKind as this migration found them.

ENTRY_WRITE = """
-- apps.cards.ledger.card_entry_write: changes the card (which the caller holds under its row lock)
-- by principal_by and gift_by, the session by sessions_by (and its last use, for a use), and appends
-- the entry with what they hold after it. The entry it wrote is what it returns.
CREATE OR REPLACE FUNCTION cards_entry_write(
    card bigint, entry_kind text, at_store bigint, principal_by numeric, gift_by numeric,
    session bigint, sessions_by integer, for_order bigint, for_refund bigint, other_card bigint,
    note text, by_user bigint, by_name text, written_at timestamptz
) RETURNS cards_cardentry AS $$
DECLARE
    held cards_card;
    sessions_left integer;
    project bigint;
    entry cards_cardentry;
BEGIN
    IF principal_by <> 0 OR gift_by <> 0 THEN
        UPDATE cards_card c SET principal = c.principal + principal_by, gift = c.gift + gift_by, updated_at = written_at
        WHERE c.id = card RETURNING * INTO held;
    ELSE
        SELECT * INTO held FROM cards_card c WHERE c.id = card;
    END IF;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'cards_entry_write: no card %', card;
    END IF;
    IF session IS NOT NULL AND sessions_by <> 0 THEN
        -- The newest use, as the ledger's max(created_at) of the session's uses says (the audit).
        UPDATE cards_cardsession s SET "left" = s."left" + sessions_by,
            last_used_at = CASE WHEN entry_kind = 'sessionsUsed' THEN greatest(s.last_used_at, written_at)
                ELSE s.last_used_at END
        WHERE s.id = session RETURNING s."left", s.project_id INTO sessions_left, project;
    ELSIF session IS NOT NULL THEN
        SELECT s."left", s.project_id INTO sessions_left, project FROM cards_cardsession s WHERE s.id = session;
    END IF;
    INSERT INTO cards_cardentry (
        card_id, kind, principal_change, gift_change, principal_after, gift_after, project_id,
        sessions_change, sessions_after, order_id, refund_id, other_card_id, store_id, card_store_id,
        remark, operator_id, operator_name, created_at
    ) VALUES (
        card, entry_kind, principal_by, gift_by, held.principal, held.gift, project,
        sessions_by, sessions_left, for_order, for_refund, other_card, at_store, held.store_id,
        note, by_user, by_name, written_at
    ) RETURNING * INTO entry;
    RETURN entry;
END;
$$ LANGUAGE plpgsql VOLATILE;
"""

SPENDING_GIFT = """
-- apps.cards.ledger.spending_split in SQL: the gift taken when `amount` is spent from a card holding
-- `principal` and `gift`: in proportion to the gift's share, rounded half up to the cent, and the
-- cent that rounding leaves goes where there is room for it. Rounded exactly in whole cents
-- (floor((2·a·g + b) / 2b) for a ≥ 0), not from a division numeric would cut at 16 digits.
CREATE OR REPLACE FUNCTION cards_spending_gift(principal numeric, gift numeric, amount numeric)
RETURNS numeric AS $$
    SELECT least(greatest(
        CASE WHEN principal + gift = 0 THEN 0
            ELSE div(200 * amount * gift + (principal + gift), 2 * (principal + gift)) / 100.0 END,
        amount - principal), gift)::numeric(12, 2);
$$ LANGUAGE sql IMMUTABLE;
"""

CARD_SPEND = """
-- apps.cards.services.card_spend in one round trip: the card's row lock (as card_locked takes it),
-- its checks in card_locked, card_usable and card_spend's order, the split, the entry. A refusal
-- (notFound, notUsable, notStoredValue, balanceShort) leaves nothing written.
CREATE OR REPLACE FUNCTION cards_card_spend(
    card bigint, member bigint, amount numeric, today date, at_store bigint, for_order bigint,
    by_user bigint, by_name text, written_at timestamptz,
    OUT refusal text, OUT used_card cards_card, OUT entry cards_cardentry
) AS $$
DECLARE
    gift_taken numeric;
BEGIN
    IF amount <= 0 THEN
        RAISE EXCEPTION 'cards_card_spend: the amount must be above 0, not %', amount;
    END IF;
    SELECT * INTO used_card FROM cards_card c WHERE c.id = card FOR NO KEY UPDATE;
    IF NOT FOUND OR (member IS NOT NULL AND used_card.member_id <> member) THEN
        refusal := 'notFound';
    ELSIF used_card.status <> 'active' OR used_card.expires_on < today THEN
        refusal := 'notUsable';
    ELSIF used_card.kind <> 'storedValue' THEN
        refusal := 'notStoredValue';
    ELSIF amount > used_card.principal + used_card.gift THEN
        refusal := 'balanceShort';
    END IF;
    IF refusal IS NOT NULL THEN
        used_card := NULL;
        RETURN;
    END IF;
    gift_taken := cards_spending_gift(used_card.principal, used_card.gift, amount);
    entry := cards_entry_write(
        card, 'spend', at_store, gift_taken - amount, -gift_taken, NULL, 0, for_order, NULL, NULL,
        '', by_user, by_name, written_at
    );
    used_card.principal := entry.principal_after;
    used_card.gift := entry.gift_after;
    used_card.updated_at := written_at;
END;
$$ LANGUAGE plpgsql VOLATILE;
"""

SESSIONS_USE = """
-- apps.cards.services.card_sessions_use in one round trip: the card's row lock, its checks in
-- card_locked, card_usable and card_sessions_use's order, the entry. A refusal (notFound, notUsable,
-- noSessions, sessionsShort) leaves nothing written.
CREATE OR REPLACE FUNCTION cards_sessions_use(
    card bigint, member bigint, project bigint, sessions integer, today date, at_store bigint,
    for_order bigint, by_user bigint, by_name text, written_at timestamptz,
    OUT refusal text, OUT used_card cards_card, OUT entry cards_cardentry
) AS $$
DECLARE
    session cards_cardsession;
BEGIN
    IF sessions <= 0 THEN
        RAISE EXCEPTION 'cards_sessions_use: the number of sessions must be above 0, not %', sessions;
    END IF;
    SELECT * INTO used_card FROM cards_card c WHERE c.id = card FOR NO KEY UPDATE;
    IF NOT FOUND OR (member IS NOT NULL AND used_card.member_id <> member) THEN
        refusal := 'notFound';
    ELSIF used_card.status <> 'active' OR used_card.expires_on < today THEN
        refusal := 'notUsable';
    ELSE
        SELECT * INTO session FROM cards_cardsession s WHERE s.card_id = card AND s.project_id = project;
        IF NOT FOUND THEN
            refusal := 'noSessions';
        ELSIF session."left" < sessions THEN
            refusal := 'sessionsShort';
        END IF;
    END IF;
    IF refusal IS NOT NULL THEN
        used_card := NULL;
        RETURN;
    END IF;
    entry := cards_entry_write(
        card, 'sessionsUsed', at_store, 0, 0, session.id, -sessions, for_order, NULL, NULL, '', by_user, by_name, written_at
    );
END;
$$ LANGUAGE plpgsql VOLATILE;
"""

DROP = """
DROP FUNCTION IF EXISTS cards_sessions_use(bigint, bigint, bigint, integer, date, bigint, bigint, bigint, text, timestamptz);
DROP FUNCTION IF EXISTS cards_card_spend(bigint, bigint, numeric, date, bigint, bigint, bigint, text, timestamptz);
DROP FUNCTION IF EXISTS cards_spending_gift(numeric, numeric, numeric);
DROP FUNCTION IF EXISTS cards_entry_write(
    bigint, text, bigint, numeric, numeric, bigint, integer, bigint, bigint, bigint, text, bigint, text, timestamptz
);
"""


class Migration(migrations.Migration):
    dependencies = [("cards", "0012_card_member_active_expiry")]

    operations = [
        migrations.RunSQL(sql=ENTRY_WRITE + SPENDING_GIFT + CARD_SPEND + SESSIONS_USE, reverse_sql=DROP),
    ]
