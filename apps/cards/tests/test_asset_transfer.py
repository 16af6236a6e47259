"""Asset transfer (资产转移) over HTTP: applied for at the member's store, carried out only by the
approval (the approval centre's approve), with both sides in the ledgers and nothing created or lost."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.approvals.choices import ApprovalStatus
from apps.approvals.models import ApprovalRequest
from apps.cards.choices import AssetTransferStatus, CardStatus, EntryKind
from apps.cards.models import AssetTransfer, Card, CardEntry, MemberCoupon
from apps.cards.services import card_freeze, card_spend
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.catalog.tests.factories import CouponTemplateFactory
from apps.core.ledgers import audit_all
from apps.core.role_codes import ASSET_TRANSFER_APPLY, ASSET_TRANSFER_APPROVE
from apps.core.testing import assert_envelope, at_once
from apps.members.choices import MemberStatus, PointsKind
from apps.members.models import Member, PointsEntry
from apps.members.services import points_adjust
from apps.members.tests.factories import MemberFactory

PREVIEW = "/rest/asserMigration/preview"
APPLY = "/rest/asserMigration/apply"
LIST = "/rest/asserMigration/list"
DETAIL = "/rest/asserMigration/detail"
STORES = "/rest/asserMigration/stores"
APPROVE = "/rest/approvalCenterRest/approve"
REJECT = "/rest/approvalCenterRest/reject"
WITHDRAW = "/rest/approvalCenterRest/withdraw"


@pytest.fixture
def principal(store, make_entry):
    """Store A's principal: applies for transfers."""
    return api_client(entry=make_entry(store, codes=[ASSET_TRANSFER_APPLY.code]))


@pytest.fixture
def owner(store, make_entry):
    """The owner at Store A: approves them."""
    return api_client(entry=make_entry(store, codes=[ASSET_TRANSFER_APPROVE.code], kind="owner"))


@pytest.fixture
def other_principal(other_store, make_entry):
    return api_client(entry=make_entry(other_store, codes=[ASSET_TRANSFER_APPLY.code]))


@pytest.fixture
def member(store):
    return MemberFactory.create(home_store=store, name="王芳")


def _stored_and_package(member):
    stored = stored_value_card(member=member, paid="1000.00", face_value="1100.00")
    card_spend(actor=CASHIER, store=member.home_store, card_id=stored.pk, member_id=member.pk, amount=Decimal("110.00"))
    package = package_card(member=member, sessions=5)
    return stored, package


def _apply(client, **body):
    return assert_envelope(client.post(APPLY, {"reason": "moved house", **body}, format="json"), status=200)


def _value(card: Card) -> tuple[Decimal, Decimal, list[int]]:
    card.refresh_from_db()
    return card.principal, card.gift, [session.left for session in card.sessions.order_by("id")]


def test_moving_a_member_to_another_store_moves_both_cards_after_approval(principal, owner, member, other_store):
    stored, package = _stored_and_package(member)
    before = (_value(stored), _value(package))
    old_store = member.home_store_id

    preview = assert_envelope(
        principal.get(PREVIEW, {"kind": "store", "memberId": member.pk, "toStoreId": other_store.pk}), status=200
    )
    assert [card["id"] for card in preview["assets"]["cards"]] == [stored.pk, package.pk]
    assert preview["storedValue"] == "990.00"
    assert preview["assets"]["cards"][1]["sessions"][0]["left"] == 5

    transfer = _apply(principal, kind="store", memberId=member.pk, toStoreId=other_store.pk)
    assert (transfer["status"], transfer["approval"]["status"], transfer["canWithdraw"]) == ("pending", "pending", True)
    # Nothing moves before the approval.
    assert Card.objects.get(pk=stored.pk).store_id == member.home_store_id
    assert not CardEntry.objects.filter(kind=EntryKind.ASSET_OUT).exists()

    detail = assert_envelope(owner.get(DETAIL, {"id": transfer["id"]}), status=200)
    assert detail["canDecide"] is True
    waiting = assert_envelope(owner.get("/rest/approvalCenterRest/list", {"box": "waiting"}), status=200)
    assert [(row["kind"], row["detailRoute"]) for row in waiting["list"]] == [
        ("asset-transfer", f"/asstesDetail?id={transfer['id']}")
    ]
    shown = assert_envelope(owner.get("/rest/approvalCenterRest/detail", {"id": transfer["approvalId"]}), status=200)
    assert {"name": "To store", "value": other_store.name} in shown["details"]
    assert_envelope(owner.post(APPROVE, {"id": transfer["approvalId"], "remark": "ok"}), status=200)

    member.refresh_from_db()
    assert member.home_store_id == other_store.pk
    for card in (stored, package):
        card.refresh_from_db()
        assert (card.store_id, card.status) == (other_store.pk, CardStatus.ACTIVE)
    assert (_value(stored), _value(package)) == before
    out = CardEntry.objects.get(card=stored, kind=EntryKind.ASSET_OUT)
    came = CardEntry.objects.get(card=stored, kind=EntryKind.ASSET_IN)
    assert (out.principal_change, out.gift_change, out.store_id, out.card_store_id) == (
        Decimal("-900.00"),
        Decimal("-90.00"),
        old_store,
        old_store,
    )
    assert (came.principal_change, came.gift_change, came.store_id, came.card_store_id) == (
        Decimal("900.00"),
        Decimal("90.00"),
        other_store.pk,
        other_store.pk,
    )
    sessions = CardEntry.objects.filter(card=package, kind__in=[EntryKind.ASSET_OUT, EntryKind.ASSET_IN]).order_by("id")
    assert [entry.sessions_change for entry in sessions] == [-5, 5]
    assert audit_all() == []
    done = assert_envelope(owner.get(DETAIL, {"id": transfer["id"]}), status=200)
    assert (done["status"], done["approval"]["status"], done["canDecide"]) == ("done", "approved", False)


def test_merging_two_files_of_one_person_moves_cards_points_and_coupons_and_closes_the_duplicate(
    principal, owner, member, store
):
    duplicate = MemberFactory.create(home_store=store, name="王芳")
    stored, package = _stored_and_package(duplicate)
    own_card = stored_value_card(member=member, paid="200.00")
    points_adjust(actor=CASHIER, member=duplicate, store=store, change=120, reason="opening")
    points_adjust(actor=CASHIER, member=member, store=store, change=30, reason="opening")
    coupon = MemberCoupon.objects.create(
        template=CouponTemplateFactory.create(),
        member=duplicate,
        valid_from="2020-01-01",
        valid_to="2099-12-31",
        store=store,
    )

    transfer = _apply(principal, kind="merge", memberId=duplicate.pk, toMemberId=member.pk)
    assert transfer["points"] == 120
    assert_envelope(owner.post(APPROVE, {"id": transfer["approvalId"]}), status=200)

    duplicate.refresh_from_db()
    member.refresh_from_db()
    assert (duplicate.status, duplicate.merged_into_id, duplicate.points) == (MemberStatus.CANCELLED, member.pk, 0)
    assert member.points == 150
    assert set(Card.objects.filter(member=member).values_list("pk", flat=True)) == {stored.pk, package.pk, own_card.pk}
    assert _value(stored)[:2] == (Decimal("900.00"), Decimal("90.00"))
    assert _value(package)[2] == [5]
    coupon.refresh_from_db()
    assert coupon.member_id == member.pk
    moved = PointsEntry.objects.filter(kind__in=[PointsKind.MERGE_OUT, PointsKind.MERGE_IN]).order_by("id")
    assert [(entry.member_id, entry.change) for entry in moved] == [(duplicate.pk, -120), (member.pk, 120)]
    assert audit_all() == []


def test_a_rejection_changes_nothing(principal, owner, member, other_store):
    stored, package = _stored_and_package(member)
    before = (_value(stored), _value(package))
    entries = CardEntry.objects.count()
    transfer = _apply(principal, kind="store", memberId=member.pk, toStoreId=other_store.pk)

    assert_envelope(owner.post(REJECT, {"id": transfer["approvalId"], "remark": "not agreed"}), status=200)

    assert CardEntry.objects.count() == entries
    assert (_value(stored), _value(package)) == before
    member.refresh_from_db()
    assert member.home_store_id != other_store.pk
    assert AssetTransfer.objects.get(pk=transfer["id"]).status == AssetTransferStatus.REJECTED
    # The member can be transferred again.
    _apply(principal, kind="store", memberId=member.pk, toStoreId=other_store.pk)


def test_a_withdrawal_closes_the_transfer(principal, member, other_store):
    transfer = _apply(principal, kind="store", memberId=member.pk, toStoreId=other_store.pk)
    assert_envelope(principal.post(WITHDRAW, {"id": transfer["approvalId"]}), status=200)
    assert AssetTransfer.objects.get(pk=transfer["id"]).status == AssetTransferStatus.WITHDRAWN


def test_another_stores_member_is_not_found(other_principal, principal, member, store, other_store):
    assert_envelope(
        other_principal.get(PREVIEW, {"kind": "store", "memberId": member.pk, "toStoreId": store.pk}),
        status=404,
        errcode="SYS-40400",
    )
    response = other_principal.post(
        APPLY, {"kind": "store", "memberId": member.pk, "toStoreId": store.pk, "reason": "x"}, format="json"
    )
    assert_envelope(response, status=404, errcode="SYS-40400")
    theirs = MemberFactory.create(home_store=other_store)
    response = principal.post(
        APPLY, {"kind": "merge", "memberId": member.pk, "toMemberId": theirs.pk, "reason": "x"}, format="json"
    )
    assert_envelope(response, status=404, errcode="SYS-40400")
    transfer = _apply(principal, kind="store", memberId=member.pk, toStoreId=other_store.pk)
    # The target store reads it too; a store that has nothing to do with it does not.
    assert assert_envelope(other_principal.get(LIST), status=200)["total"] == 1
    assert assert_envelope(principal.get(DETAIL, {"id": transfer["id"]}), status=200)["id"] == transfer["id"]


def test_the_home_store_and_a_second_waiting_transfer_are_refused(principal, member, store, other_store):
    response = principal.post(
        APPLY, {"kind": "store", "memberId": member.pk, "toStoreId": store.pk, "reason": "x"}, format="json"
    )
    assert_envelope(response, status=400, errcode="VALID-40000")
    _apply(principal, kind="store", memberId=member.pk, toStoreId=other_store.pk)
    response = principal.post(
        APPLY, {"kind": "store", "memberId": member.pk, "toStoreId": other_store.pk, "reason": "x"}, format="json"
    )
    assert_envelope(response, status=409, errcode="CARD-40907")


def test_a_card_spent_between_applying_and_approving_makes_the_approval_refuse(principal, owner, member, other_store):
    stored, _package = _stored_and_package(member)
    transfer = _apply(principal, kind="store", memberId=member.pk, toStoreId=other_store.pk)
    card_spend(actor=CASHIER, store=member.home_store, card_id=stored.pk, member_id=member.pk, amount=Decimal("10.00"))

    assert_envelope(owner.post(APPROVE, {"id": transfer["approvalId"]}), status=409, errcode="CARD-40906")

    assert ApprovalRequest.objects.get(pk=transfer["approvalId"]).status == ApprovalStatus.PENDING
    assert AssetTransfer.objects.get(pk=transfer["id"]).status == AssetTransferStatus.PENDING
    assert not CardEntry.objects.filter(kind=EntryKind.ASSET_OUT).exists()


def test_a_card_frozen_meanwhile_also_refuses(principal, owner, member, other_store):
    stored, _package = _stored_and_package(member)
    transfer = _apply(principal, kind="store", memberId=member.pk, toStoreId=other_store.pk)
    card_freeze(actor=CASHIER, store=member.home_store, card_id=stored.pk, reason="lost")
    assert_envelope(owner.post(APPROVE, {"id": transfer["approvalId"]}), status=409, errcode="CARD-40906")


def test_the_list_filters_by_kind_and_status(principal, owner, member, store, other_store):
    duplicate = MemberFactory.create(home_store=store)
    _apply(principal, kind="store", memberId=member.pk, toStoreId=other_store.pk)
    merge = _apply(principal, kind="merge", memberId=duplicate.pk, toMemberId=MemberFactory.create(home_store=store).pk)
    page = assert_envelope(owner.get(LIST, {"kind": "merge"}), status=200)
    assert [row["id"] for row in page["list"]] == [merge["id"]]
    assert assert_envelope(owner.get(LIST, {"status": "done"}), status=200)["total"] == 0
    assert other_store.pk in [row["id"] for row in assert_envelope(principal.get(STORES), status=200)]


@pytest.mark.django_db(transaction=True)
def test_two_approvals_at_once_move_the_cards_once(chain, make_entry):
    store, other_store = chain["store"], chain["other_store"]
    member = MemberFactory.create(home_store=store)
    stored, _package = _stored_and_package(member)
    principal = api_client(entry=make_entry(store, codes=[ASSET_TRANSFER_APPLY.code]))
    transfer = _apply(principal, kind="store", memberId=member.pk, toStoreId=other_store.pk)
    owners = [make_entry(store, codes=[ASSET_TRANSFER_APPROVE.code], kind="owner") for _ in range(2)]
    turn = iter(owners)

    def approve() -> None:
        response = api_client(entry=next(turn)).post(APPROVE, {"id": transfer["approvalId"]})
        if response.status_code != 200:
            from apps.core.errors import Conflict

            refused = Conflict()
            refused.errcode = response.json()["errcode"]
            raise refused

    outcomes = sorted(at_once(approve, 2))

    assert outcomes == ["APPR-40901", "ok"]
    assert CardEntry.objects.filter(card=stored, kind=EntryKind.ASSET_OUT).count() == 1
    assert _value(stored)[:2] == (Decimal("900.00"), Decimal("90.00"))
    assert audit_all() == []


@pytest.mark.django_db(transaction=True)
def test_an_approval_and_a_spend_at_once_never_lose_or_double_value(chain, make_entry):
    store, other_store = chain["store"], chain["other_store"]
    member = MemberFactory.create(home_store=store)
    stored, _package = _stored_and_package(member)
    principal = api_client(entry=make_entry(store, codes=[ASSET_TRANSFER_APPLY.code]))
    transfer = _apply(principal, kind="store", memberId=member.pk, toStoreId=other_store.pk)
    owner = make_entry(store, codes=[ASSET_TRANSFER_APPROVE.code], kind="owner")
    actions = iter(["approve", "spend"])

    def act() -> None:
        if next(actions) == "spend":
            card_spend(actor=CASHIER, store=store, card_id=stored.pk, member_id=member.pk, amount=Decimal("10.00"))
            return
        response = api_client(entry=owner).post(APPROVE, {"id": transfer["approvalId"]})
        if response.status_code != 200:
            from apps.core.errors import Conflict

            refused = Conflict()
            refused.errcode = response.json()["errcode"]
            raise refused

    outcomes = sorted(at_once(act, 2))

    # The spend always goes through; the approval either came first (and the spend paid from the
    # card at its new store) or found the balance changed and refused.
    assert outcomes in (["ok", "ok"], ["CARD-40906", "ok"])
    stored.refresh_from_db()
    assert stored.balance == Decimal("980.00")
    moved = CardEntry.objects.filter(card=stored, kind=EntryKind.ASSET_IN).exists()
    assert moved == (outcomes == ["ok", "ok"])
    assert stored.store_id == (other_store.pk if moved else store.pk)
    assert audit_all() == []
    assert Member.objects.get(pk=member.pk).points == 0
