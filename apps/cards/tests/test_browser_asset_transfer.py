"""Asset transfer in Chromium (issue 17 §3, §6): the demo store's principal applies on /assetTransfer
to move a member with two cards to the chain's other store, after seeing what moves and a
confirmation; the owner approves on /asstesDetail; both stores' sides are in the card ledgers and
`audit_ledgers` finds nothing."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from apps.cards.choices import EntryKind
from apps.cards.models import AssetTransfer, Card, CardEntry
from apps.cards.tests.factories import package_card, stored_value_card
from apps.core.ledgers import audit_all
from apps.members.tests.factories import MemberFactory
from apps.messaging.tests.browser import acknowledge_forced_notices, enter
from apps.org.models import OrgUnit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_principal_applies_and_the_owner_approves_moving_a_member_to_the_other_store(page, demo):
    store = OrgUnit.objects.get(code="S-SH-001")
    other = OrgUnit.objects.get(code="S-SH-002")
    member = MemberFactory.create(home_store=store, name="资产转移甲", phone="13911114444")
    gold = stored_value_card(member=member, paid="1000.00", face_value="1100.00", store=store)
    course = package_card(member=member, sessions=5, store=store)
    acknowledge_forced_notices("SY00002")
    acknowledge_forced_notices("SY00001")

    enter(page, "2", at="/assetTransfer")
    page.get_by_role("button", name="Choose the member").click()
    dialog = page.get_by_role("dialog", name="Find a member")
    dialog.get_by_label("Name").fill(member.name)
    dialog.get_by_role("button", name="Search").click()
    dialog.get_by_role("cell", name=member.name, exact=True).click()
    dialog.get_by_role("button", name="Select").click()
    dialog.wait_for(state="detached")
    page.get_by_role("combobox", name="Move to store").click()
    page.get_by_role("option", name=other.name).click()
    page.get_by_role("cell", name=gold.card_no).wait_for()
    page.get_by_text("Stored value: ¥1,100.00").wait_for()
    page.get_by_label("Reason").fill("搬家")
    page.get_by_role("button", name="Apply for approval").click()
    confirm = page.get_by_role("dialog", name="Apply for this asset transfer?")
    confirm.get_by_role("button", name="Yes").click()
    confirm.wait_for(state="detached")
    page.get_by_role("link", name=re.compile(r"No\. \d+")).wait_for()
    transfer = AssetTransfer.objects.get(member=member)
    assert Card.objects.get(pk=gold.pk).store_id == store.pk

    enter(page, "1", row=store.name, at=f"/asstesDetail?id={transfer.pk}")
    page.get_by_role("button", name="Approve").click()
    decision = page.get_by_role("dialog", name="Approve this asset transfer?")
    decision.get_by_label("Remark").fill("同意")
    decision.get_by_role("button", name="Approve").click()
    decision.wait_for(state="detached")
    page.get_by_text("What moved").wait_for()

    for card in (gold, course):
        card.refresh_from_db()
        assert card.store_id == other.pk
    member.refresh_from_db()
    assert member.home_store_id == other.pk
    out = CardEntry.objects.get(card=gold, kind=EntryKind.ASSET_OUT)
    came = CardEntry.objects.get(card=gold, kind=EntryKind.ASSET_IN)
    assert (out.store_id, out.principal_change + out.gift_change) == (store.pk, Decimal("-1100.00"))
    assert (came.store_id, came.principal_change + came.gift_change) == (other.pk, Decimal("1100.00"))
    assert audit_all() == []
