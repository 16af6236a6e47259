"""The demo sells a package through the till (decision 0038): its buyer holds the package card."""

from __future__ import annotations

from django.core.management import call_command

from apps.billing.models import OrderLine
from apps.cards.models import Card
from apps.core.ledgers import audit_all


def test_the_demos_package_sale_banked_its_sessions_less_the_one_served_at_once(demo):
    sale = OrderLine.objects.get(type="projectPackage", order__store__code="S-SH-002", name="头部SPA季卡")
    served = OrderLine.objects.get(package_line=sale)
    assert (sale.order.status, sale.name, served.card_id) == ("paid", "头部SPA季卡", sale.card_id)
    card = Card.objects.get(pk=sale.card_id)
    assert (card.member_id, card.kind) == (sale.order.member_id, "package")
    assert list(card.sessions.values_list("total", "left")) == [(8, 7)]
    sold = OrderLine.objects.filter(type="projectPackage").count()  # with the demo's package cards
    call_command("seed_demo", verbosity=0)
    assert OrderLine.objects.filter(type="projectPackage").count() == sold
    assert OrderLine.objects.filter(type="projectPackage", name="头部SPA季卡").count() == 1
    assert audit_all() == []
