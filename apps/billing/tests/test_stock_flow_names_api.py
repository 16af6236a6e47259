"""The stock flow names billing's documents as people read them (issue 28 §9): a sale by its order's
number (SO…), goods refunded by the refund's (RF…), each with its kind in the reader's language, not
"order 8" (apps.inventory.hooks.move_documents, filled by billing)."""

from __future__ import annotations

import pytest

from apps.accounts.testing import api_client
from apps.billing.models import Refund
from apps.core.page_registry import code_of
from apps.core.role_codes import REFUND
from apps.core.testing import assert_envelope, assert_matches_schema

pytestmark = pytest.mark.django_db

MOVES = "/rest/stock/moves"


@pytest.fixture
def stock_reader(store, make_entry):
    return make_entry(store, codes=[code_of("/systemStorage")])


def _documents(reader, product, language: str) -> list[tuple[str, str, str]]:
    response = api_client(entry=reader, language=language).get(MOVES, {"productId": product.pk})
    assert_matches_schema(response)
    rows = assert_envelope(response, status=200)["list"]
    return [(row["kind"], row["documentKindName"], row["documentNumber"]) for row in rows]


def test_a_sale_and_its_refund_name_the_order_and_the_refund_by_number_in_both_languages(
    client, store, member, product, make_entry, stock_reader
):
    order = assert_envelope(
        client.post(
            "/rest/order/commit",
            {"memId": member.pk, "lines": [{"type": "product", "itemId": product.pk, "qty": 2}]},
            format="json",
        ),
        status=201,
    )
    tenders = [{"method": "cash", "amount": order["payable"]}]
    paid = client.post("/rest/pay/excute", {"orderId": order["orderId"], "tenders": tenders}, format="json")
    assert_envelope(paid, status=200)
    refunder = api_client(entry=make_entry(store, codes=[code_of("/returnList"), REFUND.code]))
    line = {"orderLineId": order["lines"][0]["orderLineId"], "qty": 1}
    body = {"orderId": order["orderId"], "reason": "顾客不需要了", "lines": [line]}
    refunded = assert_envelope(refunder.post("/rest/recede/recede", body, format="json"), status=200)
    refund = Refund.objects.get(pk=refunded["recedeId"])

    english = _documents(stock_reader, product, "en")
    chinese = _documents(stock_reader, product, "zh-hans")

    assert english[:2] == [
        ("sale_return", "refund", refund.refund_no),
        ("sale", "order", order["orderNo"]),
    ]
    assert [(kind, name) for kind, name, _number in chinese[:2]] == [("sale_return", "退款"), ("sale", "订单")]
    assert refund.refund_no.startswith("RF") and order["orderNo"].startswith("SO")
