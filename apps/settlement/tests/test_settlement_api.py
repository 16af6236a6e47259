"""The settlement through HTTP (contract §11): a day's statements of the caller's stores, one with
its entries, confirming (Idempotency-Key) by both owners, the month's matrix, the rules (head
office's), the months rolled up and paid, a store's clearing of the day, the export; in both
languages where a rule refuses."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from io import BytesIO

import pytest
from openpyxl import load_workbook

from apps.accounts.testing import api_client
from apps.core.business_days import business_day
from apps.core.ledgers import audit_all
from apps.core.role_codes import SETTLEMENT_PAY, SETTLEMENT_RULES, SETTLEMENT_STATEMENT
from apps.core.testing import assert_envelope
from apps.settlement.tests.factories import card_of, days_on, paid_with_card, refunded, statements_of_yesterday

pytestmark = pytest.mark.django_db
CODES = [SETTLEMENT_STATEMENT.code, SETTLEMENT_RULES.code, SETTLEMENT_PAY.code]
D = Decimal


@pytest.fixture
def stores(chain):
    return chain["store"], chain["other_store"]


class SignedIn:
    """A role entry's client, signed in afresh whenever the test moved the clock on (a token of
    yesterday has expired)."""

    def __init__(self, entry):
        self.entry = entry

    def __getattr__(self, method):
        return getattr(api_client(entry=self.entry), method)


@pytest.fixture
def owner_a(stores, make_entry):
    return SignedIn(make_entry(stores[0], codes=CODES, kind="owner"))


@pytest.fixture
def owner_b(stores, make_entry):
    return SignedIn(make_entry(stores[1], codes=CODES, kind="owner"))


@pytest.fixture
def head_office(chain, make_entry):
    return SignedIn(make_entry(chain["head_office"], codes=CODES, kind="owner"))


@pytest.fixture
def used_across(stores):
    """A card sold at store A paid 300.00 of services at store B today."""
    a, b = stores
    return paid_with_card(b, card_of(a), services="300.00")


def confirm(client, statement_id, key):
    return client.post(f"/rest/settlement/confirm/{statement_id}", headers={"Idempotency-Key": key})


def test_the_next_day_both_owners_see_the_statement_with_its_entries_and_confirm_it(
    owner_a, owner_b, stores, used_across
):
    a, b = stores
    with days_on(1):
        statements_of_yesterday()
        page = assert_envelope(owner_a.get("/rest/settlement/statements"), status=200)
        assert page["total"] == 1
        row = page["list"][0]
        assert (row["fromStoreId"], row["toStoreId"], row["amount"], row["entries"], row["status"]) == (
            a.pk,
            b.pk,
            "240.00",
            1,
            "open",
        )
        assert (row["canConfirm"], row["canDispute"]) == (True, True)
        detail = assert_envelope(owner_b.get(f"/rest/settlement/statement/{row['statementId']}"), status=200)
        [entry] = detail["entries"]
        assert (entry["kind"], entry["orderNo"], entry["amount"], entry["value"], entry["share"]) == (
            "storedValueService",
            used_across.order_no,
            "240.00",
            "300.00",
            "80.00",
        )
        first = assert_envelope(confirm(owner_a, row["statementId"], "a-1"), status=200)
        again = assert_envelope(confirm(owner_a, row["statementId"], "a-1"), status=200)  # the same answer
        assert first == again and first["status"] == "confirmed" and first["canConfirm"] is False
        locked = assert_envelope(confirm(owner_b, row["statementId"], "b-1"), status=200)
        assert locked["status"] == "locked"
        refused = confirm(owner_b, row["statementId"], "b-2")
        assert_envelope(refused, status=409, errcode="SET-40902")


def test_a_third_stores_owner_sees_no_statement_and_cannot_reach_one(owner_a, chain, make_entry, used_across):
    from apps.org.tests.factories import StoreFactory

    third = StoreFactory(parent=chain["region"])
    stranger = SignedIn(make_entry(third, codes=CODES, kind="owner"))
    with days_on(1):
        statements_of_yesterday()
        row = assert_envelope(owner_a.get("/rest/settlement/statements"), status=200)["list"][0]
        assert assert_envelope(stranger.get("/rest/settlement/statements"), status=200) == {"list": [], "total": 0}
        assert_envelope(
            stranger.get(f"/rest/settlement/statement/{row['statementId']}"), status=404, errcode="SYS-40400"
        )
        assert_envelope(confirm(stranger, row["statementId"], "x"), status=404, errcode="SYS-40400")


def test_the_months_matrix_and_a_refund_the_next_week_reversing_it(owner_a, head_office, stores, used_across):
    a, b = stores
    month = f"{business_day():%Y-%m}"
    matrix = assert_envelope(head_office.get("/rest/settlement/matrix", {"month": month}), status=200)
    assert matrix["cells"] == [{"fromStoreId": a.pk, "toStoreId": b.pk, "amount": "240.00"}]
    assert {store["id"] for store in matrix["stores"]} == {a.pk, b.pk}
    refunded(used_across)
    matrix = assert_envelope(owner_a.get("/rest/settlement/matrix", {"month": month}), status=200)
    assert matrix["cells"] == []
    assert audit_all() == []


def test_rules_are_head_offices_and_a_version_starts_tomorrow_at_the_earliest(owner_a, head_office):
    rules = assert_envelope(owner_a.get("/rest/settlement/rules"), status=200)
    current = {kind["kind"]: kind["current"]["share"] for kind in rules["kinds"]}
    assert current["storedValueService"] == "80.00"
    first = next(kind for kind in rules["kinds"] if kind["kind"] == "storedValueService")["versions"][-1]
    assert (first["createdBy"], first["note"]) == ("System", "")  # the product's own, in the reader's words
    body = {
        "kind": "storedValueService",
        "effectiveFrom": rules["earliestNewVersion"],
        "share": "70",
        "giftRatio": "50",
    }
    assert_envelope(owner_a.post("/rest/settlement/rules", body, format="json"), status=403, errcode="AUTH-40300")
    today = {**body, "effectiveFrom": business_day().isoformat()}
    refused = head_office.post("/rest/settlement/rules", today, format="json", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert_envelope(refused, status=409, errcode="SET-40904")
    assert refused.json()["errmsg"] == "新版本最早从明天生效：过去的日子已结算"
    too_much = head_office.post("/rest/settlement/rules", {**body, "share": "101"}, format="json")
    assert_envelope(too_much, status=400, errcode="VALID-40000")
    saved = assert_envelope(head_office.post("/rest/settlement/rules", body, format="json"), status=200)
    service = next(kind for kind in saved["kinds"] if kind["kind"] == "storedValueService")
    assert [version["share"] for version in service["versions"]] == ["70.00", "80.00"]
    assert service["current"]["share"] == "80.00"  # today still the old one


def test_head_office_makes_a_day_rolls_the_month_up_and_marks_it_paid(head_office, owner_a, stores, used_across):
    a, _b = stores
    day = business_day()
    refused = head_office.post("/rest/settlement/make", {"date": day.isoformat()}, format="json")
    assert_envelope(refused, status=409, errcode="SET-40901")
    with days_on(1):
        assert_envelope(
            owner_a.post("/rest/settlement/make", {"date": day.isoformat()}, format="json"),
            status=403,
            errcode="AUTH-40300",
        )
        made = assert_envelope(
            head_office.post("/rest/settlement/make", {"date": day.isoformat()}, format="json"), status=200
        )
        assert made == {"made": 1}
        row = assert_envelope(head_office.get("/rest/settlement/statements", {"date": day.isoformat()}), status=200)[
            "list"
        ][0]
        assert assert_envelope(confirm(head_office, row["statementId"], "ho"), status=200)["status"] == "locked"
    month = f"{day:%Y-%m}"
    with days_on(40):
        assert_envelope(head_office.post("/rest/settlement/months/rollUp", {"month": month}, format="json"), status=200)
        months = assert_envelope(head_office.get("/rest/settlement/months", {"month": month}), status=200)
        [settlement] = months["list"]
        assert (settlement["fromStoreId"], settlement["amount"], settlement["status"]) == (a.pk, "240.00", "due")
        no_reference = head_office.post(f"/rest/settlement/month/{settlement['settlementId']}/paid", {}, format="json")
        assert_envelope(no_reference, status=400, errcode="VALID-40000")
        paid = assert_envelope(
            head_office.post(
                f"/rest/settlement/month/{settlement['settlementId']}/paid", {"reference": "CMB001"}, format="json"
            ),
            status=200,
        )
        assert (paid["status"], paid["reference"]) == ("paid", "CMB001")
        statement = assert_envelope(head_office.get(f"/rest/settlement/statement/{row['statementId']}"), status=200)
        assert statement["status"] == "paid"
    assert audit_all() == []


def test_a_store_sees_its_clearing_of_the_day_and_exports_the_months_entries(owner_a, owner_b, used_across):
    owed = assert_envelope(owner_b.get("/rest/settlement/dayClearing"), status=200)
    assert (owed["net"], owed["owedToStore"], owed["owedByStore"], owed["entries"]) == ("240.00", "240.00", "0.00", 1)
    owing = assert_envelope(owner_a.get("/rest/settlement/dayClearing"), status=200)
    assert owing["net"] == "-240.00"
    response = owner_a.get("/rest/settlement/entries/export", {"month": f"{business_day():%Y-%m}"})
    assert response.status_code == 200
    sheet = load_workbook(BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert len(rows) == 2 and rows[1][4] == 240


def test_a_dispute_needs_a_reason_and_blocks_confirming_until_decided(owner_a, owner_b, used_across):
    with days_on(1):
        statements_of_yesterday()
        row = assert_envelope(owner_a.get("/rest/settlement/statements"), status=200)["list"][0]
        path = f"/rest/settlement/dispute/{row['statementId']}"
        no_reason = owner_a.post(path, {"correction": "-40"}, format="json", headers={"Idempotency-Key": "d0"})
        assert_envelope(no_reason, status=400, errcode="VALID-40000")
        sent = assert_envelope(
            owner_a.post(
                path, {"correction": "-40", "reason": "少做一次"}, format="json", headers={"Idempotency-Key": "d1"}
            ),
            status=200,
        )
        assert sent["statement"]["disputeId"] == sent["approvalId"]
        assert_envelope(confirm(owner_b, row["statementId"], "b"), status=409, errcode="SET-40903")
        yesterday = business_day() - timedelta(days=1)
        assert yesterday.isoformat() == row["date"]


def test_the_filters_offer_the_callers_stores_and_say_whether_it_acts_as_head_office(owner_a, head_office, stores):
    a, b = stores
    at_store = assert_envelope(owner_a.get("/rest/settlement/stores"), status=200)
    assert at_store == {"stores": [{"id": a.pk, "name": a.name}], "headOffice": False}
    chain = assert_envelope(head_office.get("/rest/settlement/stores"), status=200)
    assert chain["headOffice"] is True
    assert {store["id"] for store in chain["stores"]} >= {a.pk, b.pk}
