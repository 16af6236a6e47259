"""The clearing entries a cross-store card use writes, at the rule in force, and their reversal by a
refund (apps.settlement.clearing)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.core.ledgers import audit_all
from apps.settlement.choices import SettlementKind
from apps.settlement.models import SettlementEntry
from apps.settlement.tests.factories import (
    card_of,
    package_of,
    paid_with_card,
    refunded,
    sessions_used,
    two_stores,
)

pytestmark = pytest.mark.django_db
D = Decimal


def test_a_card_used_in_its_own_store_clears_nothing():
    store, _other = two_stores()
    paid_with_card(store, card_of(store))
    assert not SettlementEntry.objects.exists()


def test_a_card_sold_in_one_store_paying_services_in_another_owes_the_served_share():
    sold_at, served_at = two_stores()
    card = card_of(sold_at)
    order = paid_with_card(served_at, card, services="300.00")
    entry = SettlementEntry.objects.get()
    assert (entry.payer_id, entry.payee_id) == (sold_at.pk, served_at.pk)
    assert entry.kind == SettlementKind.STORED_VALUE_SERVICE
    assert (entry.value, entry.amount) == (D("300.00"), D("240.00"))  # 80% by the first rule
    assert (entry.order_id, entry.order_no, entry.card_id) == (order.pk, order.order_no, card.pk)
    assert entry.rule_version.share == D("80.00")
    assert audit_all() == []


def test_services_and_products_clear_apart_and_the_gift_part_counts_nothing_by_default():
    sold_at, served_at = two_stores()
    card = card_of(sold_at, paid="1000.00", face_value="1250.00")  # 1,000 principal, 250 gift
    paid_with_card(served_at, card, services="300.00", products="200.00")
    entries = {e.kind: e for e in SettlementEntry.objects.all()}
    # 500 spent: 400 principal, 100 gift; the gift counts 0%: worth 400, 3:2 by the lines.
    assert entries[SettlementKind.STORED_VALUE_SERVICE].value == D("240.00")
    assert entries[SettlementKind.STORED_VALUE_PRODUCT].value == D("160.00")
    assert entries[SettlementKind.STORED_VALUE_SERVICE].amount == D("192.00")  # 80%
    assert entries[SettlementKind.STORED_VALUE_PRODUCT].amount == D("160.00")  # 100%
    assert audit_all() == []


def test_a_refund_reverses_the_use_in_the_same_proportion_and_never_more():
    sold_at, served_at = two_stores()
    card = card_of(sold_at)
    order = paid_with_card(served_at, card, services="300.00")
    refunded(order)
    original, reversal = SettlementEntry.objects.order_by("id")
    assert reversal.reverses_id == original.pk
    assert (reversal.amount, reversal.value) == (-original.amount, -original.value)
    assert (reversal.payer_id, reversal.payee_id) == (original.payer_id, original.payee_id)
    assert reversal.rule_version_id == original.rule_version_id
    assert audit_all() == []


def test_package_sessions_served_elsewhere_are_worth_what_the_card_was_paid_over_its_sessions():
    sold_at, served_at = two_stores()
    card = package_of(sold_at, sessions=5)
    sessions_used(served_at, card, qty=2)
    entry = SettlementEntry.objects.get()
    price = card.card_type.project_package.price
    assert entry.kind == SettlementKind.PACKAGE_SESSION
    assert entry.sessions == 2
    assert entry.value == (price * 2 / 5).quantize(D("0.01"))
    assert audit_all() == []


def test_each_part_counts_the_gift_at_its_own_rules_ratio():
    from datetime import date

    from apps.settlement.models import RuleVersion

    for kind, gift_ratio in ((SettlementKind.STORED_VALUE_SERVICE, "50"), (SettlementKind.STORED_VALUE_PRODUCT, "0")):
        RuleVersion.objects.create(kind=kind, effective_from=date(2020, 1, 1), share=D("100"), gift_ratio=D(gift_ratio))
    sold_at, served_at = two_stores()
    card = card_of(sold_at, paid="1000.00", face_value="1250.00")
    paid_with_card(served_at, card, services="300.00", products="200.00")
    entries = {e.kind: e for e in SettlementEntry.objects.all()}
    # 500 spent: 400 principal and 100 gift, 3:2 by the lines; services count half their 60 of gift.
    assert entries[SettlementKind.STORED_VALUE_SERVICE].value == D("270.00")
    assert entries[SettlementKind.STORED_VALUE_PRODUCT].value == D("160.00")
    assert audit_all() == []
