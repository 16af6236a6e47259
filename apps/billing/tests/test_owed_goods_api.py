"""Owed goods (欠货, /toTakenList) through owedGoods/*: the list and its filters, the export, a
taking (an owed_pickup move, never more than is left, idempotent), scoping, and concurrent takings
of one owed row."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.management import call_command

from apps.accounts.testing import api_client
from apps.billing.models import OwedGoods
from apps.billing.orders.lines import LineInput
from apps.billing.tests.factories import committed_order
from apps.billing.tests.test_payment_concurrency import at_once
from apps.billing.till.checkout import TenderAsked, order_pay
from apps.cards.tests.factories import CASHIER
from apps.core import excel
from apps.core.ledgers import audit_all
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope, assert_queued_export
from apps.inventory.models import StockBalance, StockMove
from apps.inventory.tests.factories import stocked
from apps.members.tests.factories import MemberFactory

LIST = "/rest/owedGoods/list"
EXPORT = "/rest/owedGoods/export"
TAKE = "/rest/owedGoods/take"
OWED_PAGE = code_of("/toTakenList")


def owed(store, member=None, qty=3, product=None):
    """A paid order of `store` whose product line (`qty` of it) is taken later; its owed row."""
    product = product or stocked(store, "10")
    line = LineInput(type="product", item_id=product.pk, qty=qty, take_later=True)
    order = committed_order(store=store, member=member, lines=[line])
    order_pay(actor=CASHIER, order_id=order.pk, tenders=[TenderAsked("cash", order.payable)])
    return OwedGoods.objects.get(order=order)


@pytest.fixture
def keeper(store, make_entry):
    return api_client(entry=make_entry(store, codes=[OWED_PAGE]))


def held(store, product_id):
    return StockBalance.objects.get(store=store, product_id=product_id).quantity


@pytest.mark.django_db
def test_the_list_shows_the_stores_owed_goods_newest_first_and_finds_them_by_phone_name_or_status(
    keeper, store, other_store
):
    wang = MemberFactory(home_store=store, name="王芳", phone="13912345678")
    li = MemberFactory(home_store=store, name="李娜", phone="13800001111")
    first = owed(store, wang, qty=2)
    second = owed(store, li, qty=1)
    owed(other_store)
    page = assert_envelope(keeper.get(LIST), status=200)
    assert page["total"] == 2 and [row["owedId"] for row in page["list"]] == [second.pk, first.pk]
    row = page["list"][1]
    assert row["name"] == "王芳" and row["phone"] == "139****5678" and row["orderNo"] == first.order.order_no
    assert (row["quantity"], row["taken"], row["refunded"], row["left"]) == (2, 0, 0, 2)
    assert row["productName"] == first.product.name and row["unit"] == "瓶"
    by_phone = assert_envelope(keeper.get(LIST, {"keyword": "13912345678"}), status=200)
    assert [row["owedId"] for row in by_phone["list"]] == [first.pk]
    by_name = assert_envelope(keeper.get(LIST, {"keyword": "李"}), status=200)
    assert [row["owedId"] for row in by_name["list"]] == [second.pk]
    assert_envelope(keeper.post(TAKE, {"owedId": second.pk, "qty": 1}, format="json"), status=200)
    owing = assert_envelope(keeper.get(LIST, {"status": "owing"}), status=200)
    taken = assert_envelope(keeper.get(LIST, {"status": "taken"}), status=200)
    assert [r["owedId"] for r in owing["list"]] == [first.pk] and [r["owedId"] for r in taken["list"]] == [second.pk]
    paged = assert_envelope(keeper.get(LIST, {"pageNo": 2, "pageSize": 1}), status=200)
    assert paged["total"] == 2 and [r["owedId"] for r in paged["list"]] == [first.pk]


@pytest.mark.django_db
def test_taking_moves_stock_out_and_never_more_than_is_owed(keeper, store, member):
    row = owed(store, member, qty=3)
    taken = keeper.post(TAKE, {"owedId": row.pk, "qty": 2}, format="json")
    answer = assert_envelope(taken, status=200)
    assert taken.json()["errmsg"] == "taken"
    assert (answer["taken"], answer["left"]) == (2, 1)
    move = StockMove.objects.get(document_kind="owed", document_id=row.pk)
    assert (move.kind, move.quantity, move.product_id) == ("owed_pickup", Decimal("-2"), row.product_id)
    assert held(store, row.product_id) == Decimal("8")
    refused = assert_envelope(
        keeper.post(TAKE, {"owedId": row.pk, "qty": 2}, format="json"), status=409, errcode="ORD-40904"
    )
    assert refused == {"left": 1}
    assert_envelope(keeper.post(TAKE, {"owedId": row.pk, "qty": 0}, format="json"), status=400, errcode="VALID-40000")
    assert StockMove.objects.filter(document_kind="owed").count() == 1
    assert audit_all() == []


@pytest.mark.django_db
def test_a_taking_is_refused_when_the_store_holds_too_little(keeper, store, member):
    row = owed(store, member, qty=3, product=stocked(store, "1"))
    assert_envelope(keeper.post(TAKE, {"owedId": row.pk, "qty": 2}, format="json"), status=409, errcode="STOCK-40901")
    row.refresh_from_db()
    assert row.taken == 0


@pytest.mark.django_db
def test_one_idempotency_key_takes_once(keeper, store, member):
    row = owed(store, member, qty=3)
    for _ in range(2):
        response = keeper.post(TAKE, {"owedId": row.pk, "qty": 1}, format="json", HTTP_IDEMPOTENCY_KEY="take-1")
        assert_envelope(response, status=200)
    row.refresh_from_db()
    assert row.taken == 1 and StockMove.objects.filter(document_kind="owed").count() == 1


@pytest.mark.django_db
def test_another_stores_owed_goods_are_not_found_and_the_page_code_is_needed(keeper, store, other_store, make_entry):
    theirs = owed(other_store)
    assert_envelope(keeper.post(TAKE, {"owedId": theirs.pk, "qty": 1}, format="json"), status=404, errcode="SYS-40400")
    stranger = api_client(entry=make_entry(store, codes=[code_of("/account")]))
    assert_envelope(stranger.get(LIST), status=403, errcode="AUTH-40300")
    assert_envelope(
        stranger.post(TAKE, {"owedId": theirs.pk, "qty": 1}, format="json"), status=403, errcode="AUTH-40300"
    )


@pytest.mark.django_db
def test_the_export_has_the_filtered_rows_and_is_capped(keeper, store, member, monkeypatch, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    owed(store, member, qty=2)
    response = keeper.get(EXPORT)
    assert response.status_code == 200 and response["Content-Type"] == excel.XLSX_CONTENT_TYPE
    monkeypatch.setattr(excel, "EXPORT_MAX_ROWS", 1)
    assert_queued_export(keeper.get(EXPORT))


@pytest.mark.django_db(transaction=True)
def test_ten_takings_of_one_owed_row_at_once_never_take_more_than_is_owed(store, member, make_entry):
    row = owed(store, member, qty=3)
    entry = make_entry(store, codes=[OWED_PAGE])
    clients = [api_client(entry=entry) for _ in range(10)]

    def taking(client):
        def send():
            return client.post(TAKE, {"owedId": row.pk, "qty": 1}, format="json").json()["errcode"]

        return send

    answers = at_once([taking(client) for client in clients])
    assert sorted(answers) == ["0"] * 3 + ["ORD-40904"] * 7, answers
    row.refresh_from_db()
    assert (row.taken, row.left) == (3, 0)
    assert StockMove.objects.filter(document_kind="owed", document_id=row.pk).count() == 3
    assert held(store, row.product_id) == Decimal("7")
    assert audit_all() == []


def test_the_demo_owes_goods_in_its_second_store_and_seeding_again_adds_none(demo):
    owed_rows = OwedGoods.objects.filter(store__code="S-SH-002")
    assert [(row.quantity, row.taken) for row in owed_rows] == [(2, 0)]
    call_command("seed_demo", verbosity=0)
    assert OwedGoods.objects.count() == 1
    assert audit_all() == []


@pytest.mark.django_db
def test_the_audit_finds_owed_goods_taken_without_their_move(store, member):
    row = owed(store, member, qty=3)
    OwedGoods.objects.filter(pk=row.pk).update(taken=1)
    assert [str(d) for d in audit_all()] == [
        f"billing stock: owed goods {row.pk} product {row.product_id} taken: kept 1.000, ledger says 0"
    ]
