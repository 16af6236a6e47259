"""Value that changes store without a use: a member moved to another store with her cards (asset
transfer, approved in the approval centre) and goods lent between stores and given back."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.accounts.testing import api_client
from apps.cards.tests.factories import package_card, stored_value_card
from apps.core.audit import Actor
from apps.core.ledgers import audit_all
from apps.core.role_codes import ASSET_TRANSFER_APPLY, ASSET_TRANSFER_APPROVE
from apps.core.testing import assert_envelope
from apps.inventory.outbound import ReturnLineInput, loan_confirm, loan_return_create, outbound_create
from apps.inventory.services import DocumentLineInput
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory
from apps.settlement.choices import SettlementKind
from apps.settlement.models import SettlementEntry

pytestmark = pytest.mark.django_db
D = Decimal
CLERK = Actor(login_name="SY00002")


def test_a_member_moved_to_another_store_takes_her_cards_value_and_the_old_store_owes_it(chain, make_entry):
    old, new = chain["store"], chain["other_store"]
    member = MemberFactory.create(home_store=old)
    stored_value_card(member=member, paid="1000.00", face_value="1250.00", store=old)
    package = package_card(member=member, sessions=4, store=old)
    principal = api_client(entry=make_entry(old, codes=[ASSET_TRANSFER_APPLY.code]))
    owner = api_client(entry=make_entry(old, codes=[ASSET_TRANSFER_APPROVE.code], kind="owner"))
    applied = assert_envelope(
        principal.post(
            "/rest/asserMigration/apply",
            {"kind": "store", "memberId": member.pk, "toStoreId": new.pk, "reason": "搬家"},
            format="json",
        ),
        status=200,
    )
    assert not SettlementEntry.objects.exists()  # nothing moves before the approval
    assert_envelope(owner.post("/rest/approvalCenterRest/approve", {"id": applied["approvalId"]}), status=200)

    moved = SettlementEntry.objects.filter(kind=SettlementKind.MOVED_CARD).order_by("id")
    assert {(e.payer_id, e.payee_id) for e in moved} == {(old.pk, new.pk)}
    values = [e.value for e in moved]
    # The stored-value card's 1,000 principal (the gift counts 0%), the package's 4 sessions at its price.
    assert values[0] == D("1000.00")
    assert values[1] == package.card_type.project_package.price
    assert moved[1].sessions == 4
    assert audit_all() == []


def test_goods_lent_are_owed_at_cost_and_given_back_the_other_way(chain):
    lender, borrower = chain["store"], chain["other_store"]
    lender.borrow_out_targets.add(borrower)
    product = stocked(lender, "10", cost=D("30.00"))
    loan = outbound_create(
        actor=CLERK,
        store=lender,
        type="loan_out",
        lines=[DocumentLineInput(product.pk, D("4"))],
        target_store_id=borrower.pk,
    )
    assert not SettlementEntry.objects.exists()  # in transit: nothing received yet
    loan_confirm(actor=CLERK, store=borrower, document_id=loan.pk)
    owed = SettlementEntry.objects.get()
    assert (owed.kind, owed.payer_id, owed.payee_id) == (SettlementKind.GOODS_LOAN, borrower.pk, lender.pk)
    assert (owed.value, owed.amount, owed.stock_document_id) == (D("120.00"), D("120.00"), loan.pk)

    back = loan_return_create(
        actor=CLERK, store=borrower, loan_id=loan.pk, lines=[ReturnLineInput(loan.lines.get().pk, D("1"))]
    )
    loan_confirm(actor=CLERK, store=lender, document_id=back.pk)
    returned = SettlementEntry.objects.exclude(pk=owed.pk).get()
    assert (returned.payer_id, returned.payee_id, returned.amount) == (lender.pk, borrower.pk, D("30.00"))
    assert audit_all() == []
