"""A card's balances at an instant come from its ledger (spec §9, the month-end card balances): the
sums of the entries written before the instant, whatever the card holds now, at the store that held
it then."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.utils import timezone

from apps.accounts.testing import api_client
from apps.cards.balance_selectors import card_balances_at
from apps.cards.services import card_sessions_use, card_spend
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.core.role_codes import ASSET_TRANSFER_APPLY, ASSET_TRANSFER_APPROVE
from apps.core.testing import assert_envelope
from apps.members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db

SHANGHAI = ZoneInfo("Asia/Shanghai")


def at(month: int, day: int, hour: int = 12) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=SHANGHAI)


def on(when: datetime):
    return mock.patch("django.utils.timezone.now", return_value=when)


END_OF_SEPTEMBER = datetime(2026, 10, 1, tzinfo=SHANGHAI)
END_OF_OCTOBER = datetime(2026, 11, 1, tzinfo=SHANGHAI)


@pytest.fixture
def member(chain):
    return MemberFactory(home_store=chain["store"], name="李娜")


def rows(store, instant, **kwargs):
    return {row["cardId"]: row for row in card_balances_at(store_ids=[store.pk], instant=instant, **kwargs)}


def test_a_stored_value_card_reads_its_entries_before_the_date_not_its_balance_now(chain, member):
    store = chain["store"]
    with on(at(9, 20)):
        card = stored_value_card(member=member, paid="1000.00", face_value="1200.00", store=store)
    with on(at(9, 30, 23)):
        card_spend(actor=CASHIER, store=store, card_id=card.pk, member_id=member.pk, amount=Decimal("300.00"))
    with on(at(10, 5)):
        card_spend(actor=CASHIER, store=store, card_id=card.pk, member_id=member.pk, amount=Decimal("240.00"))
    card.refresh_from_db()

    september = rows(store, END_OF_SEPTEMBER)[card.pk]
    october = rows(store, END_OF_OCTOBER)[card.pk]

    # 1,200 loaded (1,000 paid and 200 gift); spending takes principal and gift in their proportion.
    assert september["principalBalance"] + september["giftBalance"] == Decimal("900.00")
    assert september["balance"] == Decimal("900.00")
    assert october["balance"] == Decimal("660.00") == card.principal + card.gift
    assert (october["principalBalance"], october["giftBalance"]) == (card.principal, card.gift)
    assert september["storeId"] == store.pk
    assert september["storeName"] == store.name
    assert (september["memId"], september["memberName"]) == (member.pk, "李娜")
    assert september["cardNo"] == card.card_no


def test_a_card_sold_after_the_date_is_not_there_and_one_of_another_store_is_not_either(chain, member):
    store, other = chain["store"], chain["other_store"]
    with on(at(9, 3)):
        elsewhere = stored_value_card(member=member, paid="500.00", store=other)
    with on(at(10, 3)):
        later = stored_value_card(member=member, paid="800.00", store=store)

    assert later.pk not in rows(store, END_OF_SEPTEMBER)
    assert later.pk in rows(store, END_OF_OCTOBER)
    assert elsewhere.pk not in rows(store, END_OF_OCTOBER)
    assert elsewhere.pk in rows(other, END_OF_OCTOBER)


def test_package_sessions_left_per_project_at_the_date(chain, member):
    store = chain["store"]
    with on(at(9, 10)):
        card = package_card(member=member, sessions=5, store=store)
    project = card.sessions.get().project
    with on(at(9, 15)):
        card_sessions_use(
            actor=CASHIER, store=store, card_id=card.pk, member_id=member.pk, project_id=project.pk, count=2
        )
    with on(at(10, 2)):
        card_sessions_use(
            actor=CASHIER, store=store, card_id=card.pk, member_id=member.pk, project_id=project.pk, count=1
        )

    september = rows(store, END_OF_SEPTEMBER)[card.pk]
    assert september["sessionsLeft"] == 3
    assert september["sessionsByProject"] == f"{project.name} ×3"
    assert rows(store, END_OF_OCTOBER)[card.pk]["sessionsLeft"] == 2


def test_a_card_spent_to_nothing_before_the_date_is_left_out_unless_empty_cards_are_asked_for(chain, member):
    store = chain["store"]
    with on(at(9, 1)):
        card = stored_value_card(member=member, paid="100.00", store=store)
    with on(at(9, 2)):
        card_spend(actor=CASHIER, store=store, card_id=card.pk, member_id=member.pk, amount=Decimal("100.00"))

    assert card.pk not in rows(store, END_OF_SEPTEMBER)
    assert rows(store, END_OF_SEPTEMBER, with_empty=True)[card.pk]["balance"] == Decimal("0.00")


def test_the_balances_are_read_by_the_ledger_indexes(chain, member):
    """The plan reads the store's entries by (card_store, created_at), never the whole ledger."""
    store = chain["store"]
    with on(at(9, 1)):
        stored_value_card(member=member, paid="100.00", store=store)
    query = card_balances_at(store_ids=[store.pk], instant=END_OF_SEPTEMBER)
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN " + sql, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "card_entry_card_store_time" in plan


def test_a_card_moved_to_another_store_counts_at_the_store_that_held_it_then(chain, make_entry):
    """An asset transfer writes the card's value out at the old store and in at the new one: before
    it the card is the old store's, after it the new one's, never both."""
    store, other = chain["store"], chain["other_store"]
    member = MemberFactory(home_store=store, name="王芳")
    two_days_ago = timezone.now() - timedelta(days=2)
    with on(two_days_ago):
        card = stored_value_card(member=member, paid="800.00", store=store)
    principal = api_client(entry=make_entry(store, codes=[ASSET_TRANSFER_APPLY.code]))
    owner = api_client(entry=make_entry(store, codes=[ASSET_TRANSFER_APPROVE.code], kind="owner"))
    body = {"reason": "moved house", "kind": "store", "memberId": member.pk, "toStoreId": other.pk}
    transfer = assert_envelope(principal.post("/rest/asserMigration/apply", body, format="json"), status=200)
    assert_envelope(
        owner.post("/rest/approvalCenterRest/approve", {"id": transfer["approvalId"], "remark": "ok"}), status=200
    )
    before, after = timezone.now() - timedelta(days=1), timezone.now() + timedelta(minutes=1)

    assert rows(store, before)[card.pk]["balance"] == Decimal("800.00")
    assert card.pk not in rows(other, before)
    assert card.pk not in rows(store, after)
    assert rows(other, after)[card.pk]["balance"] == Decimal("800.00")
    assert rows(other, after)[card.pk]["storeName"] == other.name
    both = card_balances_at(store_ids=[store.pk, other.pk], instant=after)
    assert [(row["storeId"], row["balance"]) for row in both if row["cardId"] == card.pk] == [
        (other.pk, Decimal("800.00"))
    ]
