"""A card transfer waiting for the owner (issue 17 §1) over HTTP: in a store whose card transfers
need the owner's approval, a principal's commit files a request; the owner's approval in the
approval centre moves the card, a rejection leaves it with its member."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.approvals.choices import ApprovalStatus
from apps.approvals.models import ApprovalRequest
from apps.cards.choices import CardStatus, EntryKind, TransferStatus
from apps.cards.models import Card, CardEntry, CardTransfer
from apps.cards.services import card_spend
from apps.cards.tests.conftest import ALL_CARD_CODES
from apps.cards.tests.factories import CASHIER, stored_value_card
from apps.core.ledgers import audit_all
from apps.core.role_codes import CARD_TRANSFER_APPROVE
from apps.core.testing import assert_envelope, at_once
from apps.members.tests.factories import MemberFactory

APPROVE = "/rest/approvalCenterRest/approve"
REJECT = "/rest/approvalCenterRest/reject"
DETAIL = "/rest/approvalCenterRest/detail"


@pytest.fixture
def approving_store(store):
    store.card_transfer_approval = True
    store.save(update_fields=["card_transfer_approval"])
    return store


def _owner(store, make_entry):
    return api_client(entry=make_entry(store, codes=[CARD_TRANSFER_APPROVE.code], kind="owner"))


def _card_and_target(store):
    member = MemberFactory(home_store=store, name="王芳")
    card = stored_value_card(member=member, paid="1000.00", face_value="1100.00")
    return card, MemberFactory(home_store=store, name="李娜")


def _transfer(client, card, target, key="k-1"):
    assert_envelope(
        client.post(f"/rest/usercard/addtransferCard/{card.pk}", {"toMemId": target.pk}, format="json"), status=200
    )
    return client.post(f"/rest/usercard/transferCardCommit/{card.pk}", {}, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_a_principals_transfer_waits_and_the_owners_approval_moves_the_card(client, approving_store, make_entry):
    card, target = _card_and_target(approving_store)
    answer = _transfer(client, card, target)
    assert answer.json()["errmsg"] == "sent to the owner for approval"
    asked = assert_envelope(answer, status=202)
    assert asked["status"] == "pending"
    card.refresh_from_db()
    assert card.status == CardStatus.ACTIVE and card.balance == Decimal("1100.00")

    owner = _owner(approving_store, make_entry)
    detail = assert_envelope(owner.get(DETAIL, {"id": asked["approvalId"]}), status=200)
    assert detail["kind"] == "card-transfer" and detail["detailRoute"] == f"/transfercard?cardId={card.pk}"
    shown = {row["name"]: row["value"] for row in detail["details"]}
    assert "王芳" in shown["From member"] and "李娜" in shown["To member"]
    assert shown["What moves"] == "principal 1000.00, gift 100.00"

    assert_envelope(owner.post(APPROVE, {"id": asked["approvalId"]}, format="json"), status=200)
    card.refresh_from_db()
    assert card.status == CardStatus.TRANSFERRED and card.balance == 0
    new_card = Card.objects.get(member=target)
    assert (new_card.principal, new_card.gift) == (Decimal("1000.00"), Decimal("100.00"))
    assert CardEntry.objects.filter(card=card, kind=EntryKind.TRANSFER_OUT).count() == 1
    assert CardEntry.objects.filter(card=new_card, kind=EntryKind.TRANSFER_IN).count() == 1
    assert ApprovalRequest.objects.get(pk=asked["approvalId"]).status == ApprovalStatus.APPROVED
    assert audit_all() == []


def test_a_rejection_leaves_the_card_with_its_member(client, approving_store, make_entry):
    card, target = _card_and_target(approving_store)
    asked = assert_envelope(_transfer(client, card, target), status=202)
    owner = _owner(approving_store, make_entry)
    assert_envelope(owner.post(REJECT, {"id": asked["approvalId"], "remark": "not agreed"}, format="json"), status=200)
    card.refresh_from_db()
    assert card.status == CardStatus.ACTIVE and card.balance == Decimal("1100.00") and card.member_id != target.pk
    assert not Card.objects.filter(member=target).exists()
    assert CardTransfer.objects.get(card=card).status == TransferStatus.CANCELLED
    assert audit_all() == []


def test_a_card_spent_meanwhile_is_refused_and_the_request_keeps_waiting(client, approving_store, make_entry):
    card, target = _card_and_target(approving_store)
    asked = assert_envelope(_transfer(client, card, target), status=202)
    card_spend(actor=CASHIER, store=approving_store, card_id=card.pk, member_id=card.member_id, amount=Decimal("10"))
    owner = _owner(approving_store, make_entry)
    assert_envelope(owner.post(APPROVE, {"id": asked["approvalId"]}, format="json"), status=409, errcode="CARD-40908")
    assert ApprovalRequest.objects.get(pk=asked["approvalId"]).status == ApprovalStatus.PENDING
    card.refresh_from_db()
    assert card.status == CardStatus.ACTIVE


def test_the_owners_code_or_an_unconfigured_store_transfers_at_once(client, store, make_entry):
    card, target = _card_and_target(store)
    done = assert_envelope(_transfer(client, card, target), status=200)
    assert done["status"] == "committed"

    store.card_transfer_approval = True
    store.save(update_fields=["card_transfer_approval"])
    owner = api_client(entry=make_entry(store, codes=[*ALL_CARD_CODES, CARD_TRANSFER_APPROVE.code], kind="owner"))
    card, target = _card_and_target(store)
    done = assert_envelope(_transfer(owner, card, target, key="k-2"), status=200)
    assert done["status"] == "committed" and not ApprovalRequest.objects.exists()
    assert audit_all() == []


@pytest.mark.django_db(transaction=True)
def test_two_approvals_at_once_transfer_once(chain, make_entry):
    store = chain["store"]
    store.card_transfer_approval = True
    store.save(update_fields=["card_transfer_approval"])
    card, target = _card_and_target(store)
    principal = api_client(entry=make_entry(store, codes=ALL_CARD_CODES))
    asked = assert_envelope(_transfer(principal, card, target), status=202)
    owners = iter([make_entry(store, codes=[CARD_TRANSFER_APPROVE.code], kind="owner") for _ in range(2)])

    def approve() -> None:
        response = api_client(entry=next(owners)).post(APPROVE, {"id": asked["approvalId"]}, format="json")
        if response.status_code != 200:
            from apps.core.errors import Conflict

            refused = Conflict()
            refused.errcode = response.json()["errcode"]
            raise refused

    assert sorted(at_once(approve, 2)) == ["APPR-40901", "ok"]
    assert Card.objects.filter(member=target).count() == 1
    assert CardEntry.objects.filter(card=card, kind=EntryKind.TRANSFER_OUT).count() == 1
    assert audit_all() == []
