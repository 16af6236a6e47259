"""Card operations in Chromium (issue 13 §1, §3): the demo store's principal moves 100 from one of a
member's stored-value cards to another (/cardtocard), transfers the member's package card to another
member (/transfercard) and changes a card to another type with an old-card coefficient
(/changeCard), each after a confirmation; the card ledgers show both sides of each."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from apps.cards.choices import EntryKind
from apps.cards.models import Card, CardCoefficient, CardEntry
from apps.cards.tests.factories import package_card, stored_value_card
from apps.catalog.tests.factories import CardTypeFactory
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _pick_member(page, button: str, name: str) -> None:
    page.get_by_role("button", name=button).click()
    dialog = page.get_by_role("dialog", name="Find a member")
    dialog.get_by_label("Name").fill(name)
    dialog.get_by_role("button", name="Search").click()
    dialog.get_by_role("cell", name=name, exact=True).click()
    dialog.get_by_role("button", name="Select").click()
    dialog.wait_for(state="detached")


def _choose(page, label: str, option: str) -> None:
    page.get_by_role("combobox", name=label).click()
    page.get_by_role("option", name=re.compile(re.escape(option))).click()


def _confirm(page, title: str) -> None:
    dialog = page.get_by_role("dialog", name=title)
    dialog.get_by_role("button", name="Yes").click()
    dialog.wait_for(state="detached")


def _entry(card: Card, kind: str) -> CardEntry:
    return CardEntry.objects.get(card=card, kind=kind)


def _money(entry: CardEntry) -> tuple[Decimal, Decimal, int | None]:
    """The entry's change and balance after (principal and gift together), and the other card."""
    change = entry.principal_change + entry.gift_change
    return change, entry.principal_after + entry.gift_after, entry.other_card_id


def test_card_to_card_transfer_and_change_each_confirmed_with_both_ledgers(page, demo):
    store = OrgUnit.objects.get(code="S-SH-001")
    alice = MemberFactory.create(home_store=store, name="卡操作甲", phone="13911112222")
    bob = MemberFactory.create(home_store=store, name="卡操作乙", phone="13911113333")
    gold = stored_value_card(member=alice, paid="1000.00", face_value="1100.00", store=store)
    silver = stored_value_card(member=alice, paid="500.00", store=store)
    course = package_card(member=alice, sessions=5, store=store)
    platinum = CardTypeFactory.create(name="铂金卡测试", price=Decimal("2000.00"), face_value=Decimal("2000.00"))
    CardCoefficient.objects.create(card_type=silver.card_type, store=store, coefficient=Decimal("0.9"))
    acknowledge_forced_notices("SY00002")
    enter(page, "2", at="/cardtocard")

    # Card to card: 100 from the gold card (1000 principal, 100 gift) to the silver one.
    _pick_member(page, "Choose the member", alice.name)
    _choose(page, "From card", gold.card_no)
    _choose(page, "To card", silver.card_no)
    page.get_by_label("Amount").fill("100")
    page.get_by_role("button", name="Move the amount").click()
    _confirm(page, "Move between cards?")
    page.get_by_text("Moved: principal ¥90.91, gift ¥9.09.").wait_for()
    out, into = _entry(gold, EntryKind.CARD_TO_CARD_OUT), _entry(silver, EntryKind.CARD_TO_CARD_IN)
    assert _money(out) == (Decimal("-100.00"), Decimal("1000.00"), silver.pk)
    assert _money(into) == (Decimal("100.00"), Decimal("600.00"), gold.pk)

    # Transfer: every session of the package card to another member's new card.
    page.goto(f"/transfercard?cardId={course.pk}")
    page.get_by_text("Holder", exact=True).wait_for()
    _pick_member(page, "Choose the receiving member", bob.name)
    page.get_by_role("button", name="Transfer the card").click()
    dialog = page.get_by_role("dialog", name="Transfer the card?")
    assert alice.name in dialog.inner_text() and bob.name in dialog.inner_text()
    _confirm(page, "Transfer the card?")
    new_card = Card.objects.get(member=bob)
    page.get_by_text(f"Transferred: {bob.name} now holds the new card {new_card.card_no}.").wait_for()
    gone, came = _entry(course, EntryKind.TRANSFER_OUT), _entry(new_card, EntryKind.TRANSFER_IN)
    assert (gone.sessions_change, gone.sessions_after, gone.other_card_id) == (-5, 0, new_card.pk)
    assert (came.sessions_change, came.sessions_after, came.other_card_id) == (5, 5, course.pk)
    course.refresh_from_db()
    assert course.status == "transferred"

    # Change: the silver card (now 600.00) to the platinum type at the store's coefficient 0.9.
    page.goto("/changeCard")
    _pick_member(page, "Choose the member", alice.name)
    _choose(page, "Stored-value card", silver.card_no)
    _choose(page, "New card type", platinum.name)
    page.get_by_text("The member gives up ¥60.00 of the old card's value with this change.").wait_for()
    page.get_by_role("button", name="Change the card").click()
    _confirm(page, "Change the card?")
    changed = Card.objects.get(member=alice, card_type=platinum)
    page.get_by_text(f"the new card {changed.card_no} holds ¥540.00 (¥60.00 not carried over)").wait_for()
    closed, opened = _entry(silver, EntryKind.CHANGE_OUT), _entry(changed, EntryKind.CHANGE_IN)
    assert _money(closed) == (Decimal("-600.00"), Decimal("0.00"), changed.pk)
    assert _money(opened) == (Decimal("540.00"), Decimal("540.00"), silver.pk)
    assert "×0.9000" in opened.remark
