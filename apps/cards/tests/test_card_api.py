"""The card calls over HTTP (contract §8, docs/api.md "Cards"): shapes, chain-wide reads, button
codes, validation, idempotency and pinned query counts."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.cards.choices import CardStatus, EntryKind
from apps.cards.errors import CardNotUsable
from apps.cards.models import Card, CardCoefficient, CardEntry
from apps.cards.services import card_sessions_use, card_spend
from apps.cards.tests.factories import CASHIER, package_card, stored_value_card
from apps.catalog.tests.factories import CardTypeFactory
from apps.core.ledgers import audit_all
from apps.core.testing import assert_envelope
from apps.members.tests.factories import MemberFactory

pytestmark = pytest.mark.django_db


def _card_queries(queries: CaptureQueriesContext) -> list[str]:
    """The queries of the cards and members tables (the rest is the token and role check)."""
    return [q["sql"] for q in queries.captured_queries if '"cards_' in q["sql"] or '"members_member"' in q["sql"]]


def _measured(client, url: str, params: dict | None = None) -> tuple[object, list[str]]:
    client.get(url, params)  # warm the role-code cache
    with CaptureQueriesContext(connection) as queries:
        data = assert_envelope(client.get(url, params), status=200)
    return data, _card_queries(queries)


def _holder(store):
    member = MemberFactory(home_store=store)
    stored = stored_value_card(member=member, paid="1000.00", face_value="1100.00")
    package = package_card(member=member, sessions=6)
    return member, stored, package


# -- reads ----------------------------------------------------------------------------------------------


def test_a_members_cards_in_the_contracts_shape(client, store):
    member, stored, package = _holder(store)
    Card.objects.filter(pk=stored.pk).update(expires_on=timezone.localdate() - timedelta(days=1))
    cards, queries = _measured(client, f"/rest/packageCard/findErpAllCard/{member.pk}")
    assert [card["cardId"] for card in cards] == [package.pk, stored.pk]
    row = cards[1]
    assert set(row) == {
        "cardId",
        "cardNo",
        "kind",
        "cardTypeId",
        "name",
        "balance",
        "giftBalance",
        "sessions",
        "status",
        "expiresOn",
        "storeId",
        "storeName",
    }
    assert (row["kind"], row["balance"], row["giftBalance"], row["status"]) == (
        "storedValue",
        "1100.00",
        "100.00",
        "expired",
    )
    assert row["sessions"] == [] and row["storeName"] == "Store A"
    session = cards[0]["sessions"][0]
    assert (cards[0]["kind"], session["total"], session["left"], cards[0]["status"]) == ("package", 6, 6, "active")
    assert len(queries) == 1, queries


def test_many_cards_cost_no_more_queries(client, store):
    member = MemberFactory(home_store=store)
    for _ in range(5):
        stored_value_card(member=member)
        package_card(member=member)
    cards, queries = _measured(client, f"/rest/packageCard/findErpAllCard/{member.pk}")
    assert len(cards) == 10 and len(queries) == 1, queries


def test_a_member_without_cards_has_an_empty_list_and_a_missing_one_is_not_found(client, store):
    member = MemberFactory(home_store=store)
    assert assert_envelope(client.get(f"/rest/packageCard/findErpAllCard/{member.pk}"), status=200) == []
    assert_envelope(client.get("/rest/packageCard/findErpAllCard/999999"), status=404, errcode="SYS-40400")
    assert_envelope(client.get("/rest/packageCard/countErpAllCard/999999"), status=404, errcode="SYS-40400")


def test_another_stores_member_and_cards_are_read_from_any_store_of_the_chain(other_client, store):
    member, stored, _package = _holder(store)
    cards = assert_envelope(other_client.get(f"/rest/packageCard/findErpAllCard/{member.pk}"), status=200)
    assert len(cards) == 2
    detail = assert_envelope(other_client.get(f"/rest/packageCard/findErpCardDetail/{stored.pk}"), status=200)
    assert detail["card"]["storeName"] == "Store A"


def test_reads_need_a_card_page(store, make_entry):
    from apps.accounts.testing import api_client

    member, _stored, _package = _holder(store)
    nobody = api_client(entry=make_entry(store, codes=["ERP-YUKB-PAG-0001-0000"]))
    assert_envelope(nobody.get(f"/rest/packageCard/findErpAllCard/{member.pk}"), status=403, errcode="AUTH-40300")


def test_a_cards_detail_lists_its_ledger_newest_first_paged(client, store, other_store):
    member, stored, _package = _holder(store)
    card_spend(actor=CASHIER, store=other_store, card_id=stored.pk, member_id=member.pk, amount=Decimal("110"))
    card_spend(actor=CASHIER, store=store, card_id=stored.pk, member_id=member.pk, amount=Decimal("11"), order_id=77)
    url = f"/rest/packageCard/findErpCardDetail/{stored.pk}"
    data, queries = _measured(client, url, {"pageNo": 1, "pageSize": 2})
    assert data["total"] == 3 and len(data["list"]) == 2
    newest, older = data["list"]
    assert (newest["kind"], newest["change"], newest["balanceAfter"], newest["orderId"]) == (
        "spend",
        "-11.00",
        "979.00",
        77,
    )
    assert (older["storeName"], older["cardStoreName"], older["operatorName"]) == ("Store B", "Store A", "SY00002")
    assert data["card"]["memId"] == member.pk and data["card"]["balance"] == "979.00"
    assert len(queries) == 2, queries
    last = assert_envelope(client.get(url, {"pageNo": 2, "pageSize": 2}), status=200)
    assert last["total"] == 3 and [row["kind"] for row in last["list"]] == ["sale"]
    past = assert_envelope(client.get(url, {"pageNo": 5, "pageSize": 2}), status=200)
    assert past == {**past, "list": [], "total": 3}
    assert_envelope(client.get("/rest/packageCard/findErpCardDetail/999999"), status=404, errcode="SYS-40400")


def test_a_package_cards_detail_and_session_uses(client, store):
    member, _stored, package = _holder(store)
    project_id = package.sessions.get().project_id
    for count in (1, 2):
        card_sessions_use(
            actor=CASHIER, store=store, card_id=package.pk, member_id=member.pk, project_id=project_id, count=count
        )
    detail, queries = _measured(client, f"/rest/packageCard/findErpCardDetail/{package.pk}")
    assert detail["total"] == 3 and detail["list"][0]["sessionsAfter"] == 3
    assert detail["card"]["sessions"][0]["left"] == 3
    assert len(queries) == 2, queries
    uses, queries = _measured(client, f"/rest/packageCard/findErpDarwCardRecord/{package.pk}")
    assert uses["total"] == 2 and [row["count"] for row in uses["list"]] == [2, 1]
    assert uses["list"][0]["sessionsAfter"] == 3 and uses["list"][0]["storeName"] == "Store A"
    assert len(queries) <= 2, queries
    assert_envelope(client.get("/rest/packageCard/findErpDarwCardRecord/999999"), status=404, errcode="SYS-40400")


def test_a_members_card_counts_by_kind_and_status(client, store):
    member, stored, _package = _holder(store)
    stored_value_card(member=member)
    Card.objects.filter(pk=stored.pk).update(expires_on=timezone.localdate() - timedelta(days=1))
    counts, queries = _measured(client, f"/rest/packageCard/countErpAllCard/{member.pk}")
    assert counts["total"] == 3
    assert counts["kinds"] == {"storedValue": 2, "package": 1}
    assert counts["statuses"] == {"active": 2, "expired": 1, "frozen": 0, "transferred": 0, "closed": 0}
    assert len(queries) == 1, queries


# -- delay ------------------------------------------------------------------------------------------


def test_a_delay_extends_the_card_once_per_key(client, store):
    _member, stored, _package = _holder(store)
    until = (stored.expires_on + timedelta(days=30)).isoformat()
    body = {"cardId": stored.pk, "until": until, "reason": "会员出差"}
    first = client.post("/rest/packageCard/cardDelayErp", body, format="json", HTTP_IDEMPOTENCY_KEY="d-1")
    card = assert_envelope(first, status=200)
    assert card["expiresOn"] == until and first.json()["errmsg"]
    again = client.post("/rest/packageCard/cardDelayErp", body, format="json", HTTP_IDEMPOTENCY_KEY="d-1")
    assert again.json() == first.json()
    assert CardEntry.objects.filter(card=stored, kind=EntryKind.DELAY).count() == 1


def test_a_delay_needs_its_button_code_a_reason_and_a_store(cashier_client, client, head_office_client, store):
    _member, stored, _package = _holder(store)
    until = (stored.expires_on + timedelta(days=30)).isoformat()
    body = {"cardId": stored.pk, "until": until, "reason": "会员出差"}
    assert_envelope(
        cashier_client.post("/rest/packageCard/cardDelayErp", body, format="json"), status=403, errcode="AUTH-40300"
    )
    assert_envelope(
        client.post("/rest/packageCard/cardDelayErp", {**body, "reason": ""}, format="json"),
        status=400,
        errcode="VALID-40000",
    )
    assert_envelope(
        head_office_client.post("/rest/packageCard/cardDelayErp", body, format="json"),
        status=400,
        errcode="VALID-40000",
    )
    assert_envelope(
        client.post("/rest/packageCard/cardDelayErp", {**body, "cardId": 999999}, format="json"),
        status=404,
        errcode="SYS-40400",
    )


# -- transfer -----------------------------------------------------------------------------------------


def test_a_transfer_over_http_check_start_commit(client, store):
    member, stored, _package = _holder(store)
    target = MemberFactory(home_store=store)
    check = assert_envelope(client.get("/rest/usercard/transferCard", {"cardId": stored.pk}), status=200)
    assert check["transferable"] is True and check["pending"] is None and check["card"]["memId"] == member.pk
    started = assert_envelope(
        client.post(f"/rest/usercard/addtransferCard/{stored.pk}", {"toMemId": target.pk}, format="json"), status=200
    )
    assert started["status"] == "pending" and started["newCard"] is None
    check = assert_envelope(client.get("/rest/usercard/transferCard", {"cardId": stored.pk}), status=200)
    assert check["pending"]["toMemId"] == target.pk
    done = client.post(f"/rest/usercard/transferCardCommit/{stored.pk}", {}, format="json", HTTP_IDEMPOTENCY_KEY="t-1")
    committed = assert_envelope(done, status=200)
    assert committed["status"] == "committed" and committed["newCard"]["balance"] == "1100.00"
    assert committed["newCard"]["memId"] == target.pk
    replay = client.post(
        f"/rest/usercard/transferCardCommit/{stored.pk}", {}, format="json", HTTP_IDEMPOTENCY_KEY="t-1"
    )
    assert replay.json() == done.json()
    assert_envelope(
        client.post(f"/rest/usercard/transferCardCommit/{stored.pk}", {}, format="json"),
        status=409,
        errcode="CARD-40903",
    )
    check = assert_envelope(client.get("/rest/usercard/transferCard", {"cardId": stored.pk}), status=200)
    assert check["transferable"] is False and check["reason"] and check["card"]["status"] == "transferred"
    assert audit_all() == []


def test_a_transfer_is_refused_without_the_code_a_target_or_a_start(client, cashier_client, store):
    _member, stored, _package = _holder(store)
    url = f"/rest/usercard/addtransferCard/{stored.pk}"
    assert_envelope(
        cashier_client.post(url, {"toMemId": MemberFactory().pk}, format="json"), status=403, errcode="AUTH-40300"
    )
    assert_envelope(client.post(url, {}, format="json"), status=400, errcode="VALID-40000")
    assert_envelope(client.post(url, {"toMemId": 999999}, format="json"), status=404, errcode="SYS-40400")
    assert_envelope(
        client.post(f"/rest/usercard/transferCardCommit/{stored.pk}", {}, format="json"),
        status=409,
        errcode="CARD-40905",
    )


# -- card to card, change, upgrade, coefficients -----------------------------------------------------------


def test_card_to_card_over_http(client, store):
    member, stored, _package = _holder(store)
    target = stored_value_card(member=member, paid="100.00")
    body = {"memId": member.pk, "fromCardId": stored.pk, "toCardId": target.pk, "amount": "110.00"}
    moved = assert_envelope(client.post("/rest/transferCardRest/cardToCard", body, format="json"), status=200)
    assert (moved["principal"], moved["gift"]) == ("100.00", "10.00")
    assert moved["fromCard"]["balance"] == "990.00" and moved["toCard"]["balance"] == "210.00"
    assert_envelope(
        client.post("/rest/transferCardRest/cardToCard", {**body, "amount": "5000"}, format="json"),
        status=409,
        errcode="CARD-40901",
    )
    assert_envelope(
        client.post("/rest/transferCardRest/cardToCard", {**body, "amount": "0"}, format="json"),
        status=400,
        errcode="VALID-40000",
    )
    assert_envelope(
        client.post("/rest/transferCardRest/cardToCard", {**body, "memId": MemberFactory().pk}, format="json"),
        status=404,
        errcode="SYS-40400",
    )
    assert audit_all() == []


def test_change_card_preview_and_change_over_http(client, store):
    _member, stored, _package = _holder(store)
    CardCoefficient.objects.create(card_type_id=stored.card_type_id, store=store, coefficient=Decimal("0.5"))
    new_type = CardTypeFactory()
    params = {"cardId": stored.pk, "cardTypeId": new_type.pk}
    preview = assert_envelope(client.get("/rest/packageCard/changeCardPreview", params), status=200)
    assert (preview["oldValue"], preview["coefficient"], preview["newValue"], preview["difference"]) == (
        "1100.00",
        "0.5000",
        "550.00",
        "550.00",
    )
    changed = assert_envelope(client.post("/rest/packageCard/changeCard", params, format="json"), status=200)
    assert changed["newValue"] == "550.00" and changed["oldCard"]["status"] == "closed"
    assert changed["newCard"]["balance"] == "550.00" and changed["newCard"]["cardTypeId"] == new_type.pk
    assert_envelope(
        client.post("/rest/packageCard/changeCard", params, format="json"), status=409, errcode="CARD-40903"
    )
    assert audit_all() == []


def test_upgrade_over_http(client, cashier_client, store):
    _member, stored, _package = _holder(store)
    higher = CardTypeFactory(price=Decimal("1000"), face_value=Decimal("1200"))
    body = {"cardId": stored.pk, "cardTypeId": higher.pk}
    assert_envelope(
        cashier_client.post("/rest/packageCard/upgrade", body, format="json"), status=403, errcode="AUTH-40300"
    )
    card = assert_envelope(client.post("/rest/packageCard/upgrade", body, format="json"), status=200)
    assert card["cardTypeId"] == higher.pk and card["balance"] == "1100.00"


def test_coefficients_of_a_store_and_404_for_a_store_out_of_scope(client, store, other_store):
    card_type, other_type = CardTypeFactory(name="金卡"), CardTypeFactory(name="银卡")
    CardCoefficient.objects.create(card_type=card_type, coefficient=Decimal("0.8"))
    CardCoefficient.objects.create(card_type=card_type, store=store, coefficient=Decimal("0.9"))
    CardCoefficient.objects.create(card_type=other_type, coefficient=Decimal("0.7"))
    CardCoefficient.objects.create(card_type=other_type, store=other_store, coefficient=Decimal("0.6"))
    rows = assert_envelope(client.get(f"/rest/oldcardcoefficient/searchByStoreId/{store.pk}"), status=200)
    assert [(row["cardTypeName"], row["coefficient"], row["setBy"]) for row in rows] == [
        ("金卡", "0.9000", "store"),
        ("银卡", "0.7000", "headOffice"),
    ]
    assert_envelope(
        client.get(f"/rest/oldcardcoefficient/searchByStoreId/{other_store.pk}"), status=404, errcode="SYS-40400"
    )


def test_a_frozen_card_cannot_be_moved(client, store):
    member, stored, _package = _holder(store)
    Card.objects.filter(pk=stored.pk).update(status=CardStatus.FROZEN)
    target = stored_value_card(member=member)
    body = {"memId": member.pk, "fromCardId": stored.pk, "toCardId": target.pk, "amount": "1.00"}
    assert_envelope(
        client.post("/rest/transferCardRest/cardToCard", body, format="json"), status=409, errcode="CARD-40903"
    )


def test_a_frozen_card_is_refused_everywhere_until_unfrozen(client, cashier_client, store):
    member, stored, _package = _holder(store)
    body = {"cardId": stored.pk, "reason": "会员挂失"}
    assert_envelope(
        cashier_client.post("/rest/packageCard/freeze", body, format="json"), status=403, errcode="AUTH-40300"
    )
    frozen = assert_envelope(client.post("/rest/packageCard/freeze", body, format="json"), status=200)
    assert frozen["status"] == "frozen" and frozen["balance"] == "1100.00"
    assert_envelope(client.post("/rest/packageCard/freeze", body, format="json"), status=409, errcode="CARD-40903")
    with pytest.raises(CardNotUsable):
        card_spend(actor=CASHIER, store=store, card_id=stored.pk, member_id=member.pk, amount=Decimal(1))
    active = assert_envelope(client.post("/rest/packageCard/unfreeze", body, format="json"), status=200)
    assert active["status"] == "active"
    assert_envelope(client.post("/rest/packageCard/unfreeze", body, format="json"), status=400, errcode="VALID-40000")
    kinds = list(CardEntry.objects.filter(card=stored).order_by("id").values_list("kind", flat=True))
    assert kinds == [EntryKind.SALE, EntryKind.FREEZE, EntryKind.UNFREEZE]
    assert audit_all() == []


def test_messages_follow_the_language(store, make_entry):
    from apps.accounts.testing import api_client
    from apps.cards.tests.conftest import ALL_CARD_CODES

    _member, stored, _package = _holder(store)
    chinese = api_client(entry=make_entry(store, codes=ALL_CARD_CODES), language="zh-hans")
    answer = chinese.post(f"/rest/usercard/transferCardCommit/{stored.pk}", {}, format="json")
    assert answer.status_code == 409 and answer.json()["errmsg"] == "该卡没有进行中的转卡"


def test_a_cards_ledger_makes_as_many_queries_for_fifty_entries_as_for_one(client, store):
    from apps.core.testing import assert_list_queries_constant

    member, stored, _package = _holder(store)

    def spend(n):
        for _ in range(n):
            card_spend(actor=CASHIER, store=store, card_id=stored.pk, member_id=member.pk, amount=Decimal("1"))

    assert_list_queries_constant(
        client, f"/rest/packageCard/findErpCardDetail/{stored.pk}", spend, params={"pageSize": 60}
    )


def test_the_change_preview_refuses_what_the_change_refuses(client, store):
    _member, stored, package = _holder(store)
    url = "/rest/packageCard/changeCardPreview"
    params = {"cardId": package.pk, "cardTypeId": stored.card_type_id}
    assert_envelope(client.get(url, params), status=400, errcode="VALID-40000")
    params = {"cardId": stored.pk, "cardTypeId": stored.card_type_id}
    assert_envelope(client.get(url, params), status=400, errcode="VALID-40000")
    assert_envelope(client.get(url, {**params, "cardId": 999999}), status=404, errcode="SYS-40400")
