"""The property of issue 10: no answer of any operation to any input is a server error, and every
answer is what the committed schema (docs/openapi.yaml) says.

Schemathesis generates cases from the committed schema, valid ones and invalid ones, for every
operation, and sends each through the WSGI application in this process, as the demo principal
(SY00002, a principal of the first demo store, with that role chosen). Each case runs in a savepoint
that is rolled back and with an empty cache, so every case meets the same demo data and the run is
reproducible: the generation is seeded (FUZZ_SEED). FUZZ_CASES sets how many cases: in the suite
640, one of every operation (320) in each mode, valid and invalid, with the schema's examples about
1,270 requests in 35 to 50 seconds on one core (1,280 cases took 80 in the loaded suite), a budget the
whole `make test` can afford; `make fuzz` runs a deeper one (docs/operations.md).
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from django.conf import settings
from django.core.cache import cache
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, Phase, given, seed
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from apps.accounts.models import UserRole
from apps.accounts.tokens import issue_tokens
from apps.booking.models import Reservation, ShiftType
from apps.catalog.models import Category, CouponTemplate, Product, ProductPackage, Project, ProjectPackage, Promotion
from apps.masterdata.models import MarketSegment, MasterItem, Platform, Region
from apps.members.models import CancellationRequest, Member, MemberLabel
from apps.messaging.models import Message, Task
from apps.org.models import Store
from apps.staff.models import Employee, EmployeeServiceDuration

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

SCHEMA_PATH = Path(settings.BASE_DIR) / "docs" / "openapi.yaml"
CASES = int(os.environ.get("FUZZ_CASES", "640"))
SEED = int(os.environ.get("FUZZ_SEED", "20261124"))
PRINCIPAL = "SY00002"
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
MODES = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)


@pytest.fixture
def in_test_transaction():
    """Like Django's test client: the WSGI handler must not close the connection that holds the
    test's transaction at the end of each request."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def principal_entry(db, in_test_transaction, seeded_demo) -> UserRole:
    seeded_demo()
    return UserRole.objects.select_related("user", "role").get(user__login_name=PRINCIPAL, role_id=2)


def _ids(queryset: Any, count: int = 4) -> list[Any]:
    return list(queryset.order_by("pk").values_list("pk", flat=True)[:count])


def known_values(entry: UserRole) -> dict[str, list[Any]]:
    """Values of the demo data by parameter name: random ids would almost always answer 404, so the
    generated cases draw these too and reach the calls' rules (records of the other store too)."""
    stores = _ids(Store.objects.all(), 3)
    members = _ids(Member.objects.filter(home_store_id=stores[0])) + _ids(
        Member.objects.exclude(home_store_id=stores[0]), 2
    )
    employees = _ids(Employee.objects.all(), 6)
    projects = _ids(Project.objects.all())
    return {
        "store_id": stores,
        "storeId": stores,
        "store": stores,
        "departmentId": [*stores, entry.hier.parent_id],
        "member_id": members,
        "memId": members,
        "introducerId": members,
        "employee_id": employees,
        "employeeId": employees,
        "nurseId": employees,
        "reservation_id": _ids(Reservation.objects.all(), 6),
        "product_id": _ids(Product.objects.all()),
        "package_id": _ids(ProductPackage.objects.all()) + _ids(ProjectPackage.objects.all()),
        "project_id": projects,
        "projectId": projects,
        "projectIds": [projects[:2]],
        "coupon_id": _ids(CouponTemplate.objects.all()),
        "promotion_id": _ids(Promotion.objects.all()),
        "itemId": _ids(Product.objects.all(), 2) + projects[:2],
        "categoryId": _ids(Category.objects.all()),
        "labelId": _ids(MemberLabel.objects.all()),
        "user_role_id": [entry.pk, -1],
        "userRoleId": [entry.pk, -1],
        "userId": [entry.user_id],
        "roleId": [entry.role_id],
        "platform_id": _ids(Platform.objects.all()),
        "type": list(MasterItem.objects.values_list("type", flat=True).distinct()[:4]),
        "city_code": list(MarketSegment.objects.values_list("city_code", flat=True)[:2]),
        "provinceCode": list(Region.objects.filter(level=1).values_list("code", flat=True)[:2]),
        "cityCode": list(Region.objects.filter(level=2).values_list("code", flat=True)[:2]),
    }


# `id` (and `ids`) name different records under different paths.
ID_OWNERS = {
    "/rest/reservation/": Reservation,
    "/rest/member/cancelDecide": CancellationRequest,
    "/rest/messageCenter/": Message,
    "/rest/taskCenterRest/": Task,
    "/rest/staffList/closeDurationInfo": EmployeeServiceDuration,
    "/rest/staffList/": Employee,
    "/rest/schedule/shiftType/": ShiftType,
    "/rest/shopDetail/": Store,
}


def _record_ids(path: str) -> list[int]:
    return next(
        (_ids(model._default_manager.all()) for prefix, model in ID_OWNERS.items() if path.startswith(prefix)), []
    )


def draw_known_values(known: dict[str, list[Any]]) -> Any:
    """A schemathesis hook (flatmap_path_parameters, _query, _body): each generated value may be
    swapped for a known one of the same name."""

    def flatmap(context: Any, container: Any) -> st.SearchStrategy:
        if not isinstance(container, dict):
            return st.just(container)
        path = context.operation.path
        choices = {}
        for key, value in container.items():
            options = known.get(key, [])
            if key == "id":
                options = _record_ids(path)
            elif key == "ids":
                options = [_record_ids(path)[:3]]
            choices[key] = st.sampled_from([value, *options]) if options else st.just(value)
        return st.fixed_dictionaries(choices)

    return flatmap


def _headers(entry: UserRole) -> dict[str, str]:
    # A fresh pair per case: a case that signs out or switches role must not end the next one's token.
    issued = issue_tokens(user=entry.user, user_role=entry)
    return {"Authorization": f"Bearer {issued['access']}", "X-Account-Version": issued["accountVersion"]}


def _run_operation(
    operation: Any, mode: GenerationMode, examples: int, run_seed: int, app: Any, entry: UserRole, sent: Counter
) -> str | None:
    """Runs up to `examples` cases of one operation; answers the first failure's report, or None."""

    @seed(run_seed)
    @hypothesis_settings(
        max_examples=examples,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case: Any) -> None:
        cache.clear()
        with transaction.atomic():
            response = case.call(app=app, base_url="http://testserver", headers=_headers(entry))
            transaction.set_rollback(True)
        sent[response.status_code // 100 * 100] += 1
        case.validate_response(response, checks=CHECKS)

    try:
        run()
    except Unsatisfiable:
        return None  # nothing to make invalid: an operation without inputs has no negative cases
    except (Exception, BaseExceptionGroup) as failure:  # every kind of failure is reported with its case
        return f"{operation.label} ({mode.value}):\n{failure}"
    return None


def test_no_operation_answers_a_server_error_or_outside_the_schema(principal_entry, caplog):
    # Thousands of 4xx and refused sign-ins on purpose; a 500 is still logged (apps.core.envelope).
    caplog.set_level(logging.CRITICAL, logger="django.request")
    caplog.set_level(logging.ERROR, logger="axes")
    schema = schemathesis.openapi.from_path(SCHEMA_PATH)
    draw = draw_known_values(known_values(principal_entry))
    for location in ("path_parameters", "query", "body"):
        schema.hook(f"flatmap_{location}")(draw)
    operations = [result.ok() for result in schema.get_all_operations()]
    app = WSGIHandler()
    sent: Counter = Counter()
    failures: dict[str, str] = {}
    started = time.monotonic()
    # Rounds of fresh seeds until the budget is spent: operations with few inputs run out of new
    # cases early, the others take up what those leave.
    for round_no in range(20):
        remaining = CASES - sum(sent.values())
        if remaining <= 0:
            break
        per_case = max(1, math.ceil(remaining / (len(operations) * len(MODES))))
        before = sum(sent.values())
        for operation in operations:
            for mode in MODES:
                failure = _run_operation(operation, mode, per_case, SEED + round_no, app, principal_entry, sent)
                if failure:
                    failures.setdefault(f"{operation.label} {mode.value}", failure)
        if sum(sent.values()) == before:
            break
    elapsed = time.monotonic() - started
    total = sum(sent.values())
    answers = ", ".join(f"{status // 100}xx: {count}" for status, count in sorted(sent.items()))
    print(f"schemathesis: {total} cases over {len(operations)} operations in {elapsed:.0f} s ({answers})")
    assert not failures, "\n\n".join(failures.values())
    assert total >= CASES, f"only {total} of {CASES} cases were sent"
