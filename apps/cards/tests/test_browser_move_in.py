"""Member move-in in Chromium (issue 17 §2): the principal fills /moveIn for a new member with an old
stored-value card, attaches its photo, saves and submits it (confirmed); the owner approves it; the
detail shows the new card, which holds the old balance × the coefficient."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from apps.accounts.models import User
from apps.approvals.services import decide
from apps.cards.models import Card
from apps.core.audit import Actor
from apps.members.models import Member, MoveIn
from apps.messaging.tests.browser import acknowledge_forced_notices, enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)


def test_a_principal_files_a_move_in_and_the_owners_approval_opens_the_card(page, demo):
    acknowledge_forced_notices("SY00002")
    enter(page, "2", at="/moveIn")
    page.get_by_label("Phone").fill("13755556666")
    page.get_by_role("button", name="Find").click()
    page.get_by_text("a new member is filed on approval").wait_for()
    page.get_by_label("Name").fill("迁入顾客")
    page.get_by_label("From store", exact=False).first.fill("徐汇老店")
    page.get_by_label(re.compile(r"^Old card")).first.fill("钻石卡")
    page.get_by_label(re.compile("New card type")).click()
    page.get_by_role("option", name="储值卡1000元").click()
    page.get_by_label(re.compile("Remaining balance")).fill("1000.05")
    page.get_by_label("Old-card coefficient").fill("0.85")
    page.get_by_text("New card's value: 850.04").wait_for()
    page.get_by_role("button", name="Save draft").click()
    page.wait_for_url(re.compile(r"/moveIn\?id=\d+"))
    move_in = MoveIn.objects.get(phone="13755556666")

    page.get_by_label("Attach a file").set_input_files(
        files=[{"name": "card.png", "mimeType": "image/png", "buffer": PNG}]
    )
    page.get_by_role("button", name="card.png").wait_for()
    page.get_by_role("button", name="Submit for approval").click()
    page.get_by_role("dialog").get_by_role("button", name="Submit for approval").click()
    page.wait_for_url(re.compile(r"/moveInDetail\?id=\d+"))
    page.get_by_text("Waiting for approval").first.wait_for()

    move_in.refresh_from_db()
    owner = User.objects.get(login_name="SY00001")
    decide(
        actor=Actor(user_id=owner.pk, login_name=owner.login_name),
        request_id=move_in.approval_id,
        approve=True,
        codes=None,
        store_ids=None,
    )
    member = Member.objects.get(phone="13755556666")
    card = Card.objects.get(member=member)
    assert card.principal == Decimal("850.04")
    page.reload()
    page.get_by_text(card.card_no or "").wait_for()
