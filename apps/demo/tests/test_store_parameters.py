"""Every call that takes a store by id (`storeId`, `stoId`, `store`, a path's `{storeId}`, ...)
honours it: the store named is the one answered for when the role acts in it, and a store the role
lacks answers 404 `SYS-40400` (contract §5; docs/api.md), never the chosen store's data instead
(issue 25, finding 7: `reservation/todayReserved?stoId=` answered the chosen store whatever it
named). Each such input of the schema is declared below; a new one fails the walk until it is. And
every store parameter docs/api.md shows in a call's path is one the schema (so the view) reads.

A whole-project walk (its records come from catalogue, messaging, booking, inventory...), so it
lives on the top floor, in demo."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django.urls import resolve
from drf_spectacular.generators import SchemaGenerator

from apps.core.testing import assert_envelope
from apps.core.tests.test_bad_bodies import _client_allowed_to_call
from apps.demo.tests.test_other_store_writes import OTHER_STORE_WRITES

API_MD = Path(__file__).resolve().parents[3] / "docs" / "api.md"
STORE_INPUT = re.compile(r"(?i)^(sto|store|shop)(_?id)?$|store_?id$")
TODAY = date.today().isoformat()

# (method, schema path, input name) -> how to call it naming a store: given the chain and a store,
# the URL (reads). The walk calls it for the caller's store (not a 404) and for the other store (404).
Read = Callable[[dict[str, Any], int], str]


def _product(chain, store_id):
    from apps.catalog.tests.factories import ProductFactory

    return f"/rest/commodity/productDetail/{ProductFactory().pk}?storeId={store_id}"


def _project(chain, store_id):
    from apps.catalog.tests.factories import ProjectFactory

    return f"/rest/commodity/projectDetail/{ProjectFactory().pk}?storeId={store_id}"


def _product_package(chain, store_id):
    from apps.catalog.tests.factories import ProductPackageFactory

    return f"/rest/commodity/productPackageDetail/{ProductPackageFactory().pk}?storeId={store_id}"


def _project_package(chain, store_id):
    from apps.catalog.tests.factories import ProjectPackageFactory

    return f"/rest/commodity/packageDetail/{ProjectPackageFactory().pk}?storeId={store_id}"


def _coupon(chain, store_id):
    from apps.catalog.tests.factories import CouponTemplateFactory

    return f"/rest/commodity/couponTemplateDetail/{CouponTemplateFactory().pk}?storeId={store_id}"


def _task(chain, store_id):
    from apps.messaging.tests.factories import TaskFactory

    task = TaskFactory(store_id=store_id)
    return f"/rest/taskCenterRest/getTaskDetailStore?id={task.pk}&storeId={store_id}"


def _stock_moves(chain, store_id):
    from apps.catalog.tests.factories import ProductFactory

    return f"/rest/stock/moves?storeId={store_id}&productId={ProductFactory().pk}&dateFrom={TODAY}&dateTo={TODAY}"


def _query(path: str, name: str = "storeId", extra: str = "") -> Read:
    return lambda chain, store_id: f"{path}?{name}={store_id}{extra}"


def _in_path(template: str) -> Read:
    return lambda chain, store_id: template.format(store_id)


READS: dict[tuple[str, str, str], Read] = {
    ("get", "/rest/bookProd/headOfficeList", "storeId"): _query("/rest/bookProd/headOfficeList"),
    ("get", "/rest/bookProd/list", "storeId"): _query("/rest/bookProd/list"),
    ("get", "/rest/commission/periods", "storeId"): _query("/rest/commission/periods", extra="&month=2026-01"),
    ("get", "/rest/commission/plans", "storeId"): _query("/rest/commission/plans"),
    ("get", "/rest/commodity/cardTypeList", "storeId"): _query("/rest/commodity/cardTypeList"),
    ("get", "/rest/commodity/couponTemplateDetail/{coupon_id}", "storeId"): _coupon,
    ("get", "/rest/commodity/couponTemplateList", "storeId"): _query("/rest/commodity/couponTemplateList"),
    ("get", "/rest/commodity/packageDetail/{package_id}", "storeId"): _project_package,
    ("get", "/rest/commodity/packageList", "storeId"): _query("/rest/commodity/packageList"),
    ("get", "/rest/commodity/productDetail/{product_id}", "storeId"): _product,
    ("get", "/rest/commodity/productList", "storeId"): _query("/rest/commodity/productList"),
    ("get", "/rest/commodity/productList/export", "storeId"): _query("/rest/commodity/productList/export"),
    ("get", "/rest/commodity/productPackageDetail/{package_id}", "storeId"): _product_package,
    ("get", "/rest/commodity/productPackageList", "storeId"): _query("/rest/commodity/productPackageList"),
    ("get", "/rest/commodity/projectDetail/{project_id}", "storeId"): _project,
    ("get", "/rest/commodity/projectList", "storeId"): _query("/rest/commodity/projectList"),
    ("get", "/rest/commodity/projectList/export", "storeId"): _query("/rest/commodity/projectList/export"),
    ("get", "/rest/groupPurchasing/cards", "storeId"): _query("/rest/groupPurchasing/cards"),
    ("get", "/rest/groupPurchasing/items", "storeId"): _query("/rest/groupPurchasing/items", extra="&type=2"),
    ("get", "/rest/groupPurchasing/records", "storeId"): _query("/rest/groupPurchasing/records"),
    ("get", "/rest/hier/findStoreQuickBase", "store"): _query("/rest/hier/findStoreQuickBase", "store"),
    ("get", "/rest/oldcardcoefficient/searchByStoreId/{store_id}", "store_id"): _in_path(
        "/rest/oldcardcoefficient/searchByStoreId/{}"
    ),
    ("get", "/rest/reservation/nameList/{store_id}", "store_id"): _in_path("/rest/reservation/nameList/{}"),
    ("get", "/rest/reservation/projectNameList/{store_id}", "store_id"): _in_path(
        "/rest/reservation/projectNameList/{}"
    ),
    ("get", "/rest/reservation/todayReserved", "stoId"): _query("/rest/reservation/todayReserved", "stoId"),
    ("get", "/rest/rzCheckFrequencyLimit/isFrontCheckStore", "storeId"): _query(
        "/rest/rzCheckFrequencyLimit/isFrontCheckStore"
    ),
    ("get", "/rest/shopDetail/borrowOutCandidates/{store_id}", "store_id"): _in_path(
        "/rest/shopDetail/borrowOutCandidates/{}"
    ),
    ("get", "/rest/shopDetail/checkStoreStatusIsDebtDisable", "storeId"): _query(
        "/rest/shopDetail/checkStoreStatusIsDebtDisable"
    ),
    ("get", "/rest/shopDetail/findErpById/{store_id}", "store_id"): _in_path("/rest/shopDetail/findErpById/{}"),
    ("get", "/rest/shopDetail/findErpByIdCheck/{store_id}", "store_id"): _in_path(
        "/rest/shopDetail/findErpByIdCheck/{}"
    ),
    ("get", "/rest/shopDetail/findStoreListByBossId/{store_id}", "store_id"): _in_path(
        "/rest/shopDetail/findStoreListByBossId/{}"
    ),
    ("get", "/rest/stock/live", "storeId"): _query("/rest/stock/live"),
    ("get", "/rest/stock/liveExport", "storeId"): _query("/rest/stock/liveExport"),
    ("get", "/rest/stock/moves", "storeId"): _stock_moves,
    ("get", "/rest/sysLog/export", "storeId"): _query("/rest/sysLog/export", extra=f"&dateFrom={TODAY}&dateTo={TODAY}"),
    ("get", "/rest/sysLog/list", "storeId"): _query("/rest/sysLog/list", extra=f"&dateFrom={TODAY}&dateTo={TODAY}"),
    ("get", "/rest/taskCenterRest/getTaskDetailStore", "storeId"): _task,
    ("get", "/rest/taskCenterRest/searchCountMsgStore", "storeId"): _query("/rest/taskCenterRest/searchCountMsgStore"),
    ("get", "/rest/taskCenterRest/searchTaskStore", "storeId"): _query("/rest/taskCenterRest/searchTaskStore"),
    ("get", "/rest/timePeriod/list", "storeId"): _query("/rest/timePeriod/list"),
    ("get", "/rest/settlement/dayClearing", "storeId"): _query("/rest/settlement/dayClearing"),
    ("get", "/rest/settlement/matrix", "storeId"): _query("/rest/settlement/matrix", extra="&month=2026-01"),
    ("get", "/rest/settlement/entries/export", "storeId"): _query(
        "/rest/settlement/entries/export", extra="&month=2026-01"
    ),
    ("get", "/rest/settlement/statements", "storeId"): _query("/rest/settlement/statements"),
}

# Writes whose store input the other-store write walk (test_other_store_writes.OTHER_STORE_WRITES,
# by URL name) calls with the other store and holds to 404.
WALKED_WRITES: dict[tuple[str, str, str], str] = {
    ("post", "/rest/acct/checkStoreMaster", "storeId"): "acct-check-store-master",
    ("post", "/rest/acct/employeeLogin", "storeId"): "acct-employee-login",
    ("post", "/rest/acct/erpToken", "storeId"): "acct-erp-token",
    ("post", "/rest/acct/getResources", "storeId"): "acct-resources",
    ("post", "/rest/acct/selectHierRole/{user_role_id}", "storeId"): "acct-select-role",
    ("put", "/rest/acct/storeModify", "storeId"): "acct-store-modify",
    ("post", "/rest/commission/period/close", "storeId"): "commission-period-close",
    ("post", "/rest/commission/plans", "storeId"): "commission-plans",
    ("post", "/rest/commodity/storeItem", "storeId"): "catalog-store-item",
    ("post", "/rest/groupPurchasing/preCheck", "storeId"): "groupbuy-pre-check",
    ("post", "/rest/groupPurchasing/writeOff", "storeId"): "groupbuy-write-off",
    ("post", "/rest/groupPurchasing/writeOffReview", "storeId"): "groupbuy-write-off-review",
    ("post", "/rest/hier/addStoreQuicks", "storeId"): "hier-quick-save",
    ("post", "/rest/rzCheckFrequencyLimit/checkCode", "storeId"): "groupbuy-code-check",
    ("post", "/rest/rzCheckFrequencyLimit/onlinePriceCheck", "storeId"): "groupbuy-price-check",
    ("post", "/rest/rzCheckFrequencyLimit/reviewFrontCheck", "storeId"): "groupbuy-front-check-review",
    ("post", "/rest/staffList/save", "storeId"): "staff-save",
    ("post", "/rest/stock/safety/set", "storeId"): "stock-safety-set",
    ("post", "/rest/taskCenterRest/batchReadTaskStore", "storeId"): "task-batch-read",
    ("post", "/rest/timePeriod/save", "storeId"): "catalog-time-period-save",
}

# Inputs that name another store on purpose, each with the reason and where it is held.
OTHER_STORE_BY_DESIGN = {
    # An asset transfer moves a member's assets TO another store of the chain (decision 0025);
    # `stores` lists the ones allowed (apps/cards/tests).
    ("get", "/rest/asserMigration/preview", "toStoreId"),
    ("post", "/rest/asserMigration/apply", "toStoreId"),
    # A loan goes out to another store: one of the store's borrow-out targets, else 400 LOAN-40001.
    ("post", "/rest/stockOut/create", "targetStoreId"),
    # A filter of the approval centre's boxes, not a store to act in: "mine" and "decided" are the
    # person's own requests and decisions, made at any store with any of their roles; "waiting" and
    # "all" are already limited to the role's stores, so another store only narrows them to none.
    ("get", "/rest/approvalCenterRest/list", "storeId"),
}


# Inputs whose walk needs what this walk cannot give (each with the reason and where it is held).
HELD_ELSEWHERE = {
    # Every business report reads its filters through one parser (apps.reports.framework.filters):
    # a key exists only once a report module registers it, and a report's own code is checked
    # before the store. The store, region and staff scope are walked with reports the tests define
    # in apps/reports/tests/test_report_framework.py (another store: 404).
    ("get", "/rest/businessReport{key}/show", "storeId"),
    ("post", "/rest/businessReport{key}/export", "storeId"),
}


def store_inputs(schema: dict[str, Any]) -> set[tuple[str, str, str]]:
    """(method, path, name) of every integer input of the schema that names a store."""

    def deref(node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
        return node

    found = set()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            named = [(p["name"], p["schema"]) for p in operation.get("parameters", [])]
            for content in operation.get("requestBody", {}).get("content", {}).values():
                named += list(deref(content["schema"]).get("properties", {}).items())
            found |= {
                (method, path, name)
                for name, node in named
                if STORE_INPUT.search(name) and deref(node).get("type") == "integer"
            }
    return found


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def test_every_input_that_names_a_store_is_declared(schema):
    declared = set(READS) | set(WALKED_WRITES) | OTHER_STORE_BY_DESIGN | HELD_ELSEWHERE
    found = store_inputs(schema)
    assert not found - declared, (
        f"{sorted(found - declared)}: declare how the walk names a store (READS), the other-store write "
        "walk's call (WALKED_WRITES), or why it names another store by design (OTHER_STORE_BY_DESIGN)"
    )
    assert not declared - found, f"{sorted(declared - found)}: declared inputs that no longer exist"
    assert set(WALKED_WRITES.values()) <= set(OTHER_STORE_WRITES), "the other-store write walk must call these"


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(READS), ids=lambda key: f"{key[1]}:{key[2]}")
def test_a_store_named_is_answered_for_and_one_the_role_lacks_answers_404(key, chain, make_entry, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    own = READS[key](chain, chain["store"].pk)
    endpoint = SimpleNamespace(view_class=resolve(own.split("?")[0]).func.cls)
    client = _client_allowed_to_call(endpoint, chain, make_entry)
    answer = client.get(own)
    assert answer.status_code == 200, getattr(answer, "content", b"")[:300]
    other = client.get(READS[key](chain, chain["other_store"].pk))
    assert_envelope(other, status=404, errcode="SYS-40400")


# A documented call: "`GET /rest/reservation/todayReserved?stoId=`".
DOCUMENTED_CALL = re.compile(r"`(GET|POST|PUT|PATCH|DELETE) (/rest/[^`?\s]+)\?([^`]+)`")


def test_every_store_parameter_docs_api_shows_is_one_the_call_reads(schema):
    def shape(path: str) -> str:
        return re.sub(r"\{[^}]+\}", "{}", path)

    read = {(method, shape(path), name) for method, path, name in store_inputs(schema)}
    missing = []
    for method, path, query in DOCUMENTED_CALL.findall(API_MD.read_text(encoding="utf-8")):
        for name in re.findall(r"([A-Za-z_]+)\??=", query):
            if STORE_INPUT.search(name) and (method.lower(), shape(path), name) not in read:
                missing.append(f"{method} {path}?{name}=")
    assert not missing, f"docs/api.md shows store parameters no call reads: {missing}"
