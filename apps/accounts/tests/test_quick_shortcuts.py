"""Quick shortcuts (spec §2.4, §5, §9; contract §1): at most 10, only pages the chosen role may
open, only in stores it acts in; saved ones come back first and appear in the role entry rows."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from apps.accounts import services
from apps.accounts.choices import AuditAction
from apps.accounts.models import QuickShortcut
from apps.accounts.session import ActingSession
from apps.accounts.testing import api_client
from apps.core.audit import SYSTEM_ACTOR
from apps.core.errors import InvalidInput, NotFound, PermissionRefused
from apps.core.models import SystemLog
from apps.core.page_registry import PAGES
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db

SAVE_URL = "/rest/hier/addStoreQuicks"
CHOICES_URL = "/rest/hier/findStoreQuickBase"
CODES = ("ERP-YUKB-PAG-0001-0000", "ERP-KDJC-PAG-0003-0000")
ALLOWED = [page.route for page in PAGES if page.code is None or page.code in CODES]
TOO_MANY_MESSAGE = "at most 10 quick shortcuts can be chosen"


@pytest.fixture
def entry(chain, make_entry):
    return make_entry(chain["store"], codes=CODES)


def save(entry, routers, *, store=None, client=None, **overrides):
    body = {
        "roleId": entry.role_id,
        "routers": list(routers),
        "storeId": (store or entry.hier).pk,
        "userId": entry.user_id,
        **overrides,
    }
    return (client or api_client(entry=entry)).post(SAVE_URL, body, format="json")


def saved_routes(entry, store=None) -> list[str]:
    rows = QuickShortcut.objects.filter(user_role=entry, store=store or entry.hier).order_by("position")
    return list(rows.values_list("router", flat=True))


def test_enough_pages_to_choose_from():
    assert len(ALLOWED) > 11
    assert "/shopManagement" not in ALLOWED


def test_ten_shortcuts_are_saved_in_the_order_chosen(entry):
    routes = list(reversed(ALLOWED[:10]))
    response = save(entry, routes)
    assert assert_envelope(response, status=200) == {"routers": routes}
    assert saved_routes(entry) == routes
    assert list(
        QuickShortcut.objects.filter(user_role=entry).order_by("position").values_list("position", flat=True)
    ) == list(range(10))


def test_eleven_shortcuts_are_refused_and_nothing_is_saved(entry):
    assert_envelope(save(entry, ALLOWED[:2]), status=200)
    response = save(entry, ALLOWED[:11])
    data = assert_envelope(response, status=400, errcode="VALID-40000")
    assert response.json()["errmsg"] == TOO_MANY_MESSAGE
    assert data == {"fields": {"routers": [TOO_MANY_MESSAGE]}}
    assert saved_routes(entry) == ALLOWED[:2]


def test_too_many_shortcuts_message_in_chinese(entry):
    response = save(entry, ALLOWED[:11], client=api_client(entry=entry, language="zh-hans"))
    assert_envelope(response, status=400, errcode="VALID-40000")
    assert response.json()["errmsg"] == "快捷入口最多选择10个"  # locale/zh_Hans/LC_MESSAGES/django.po


def test_a_route_chosen_twice_counts_once(entry):
    routes = [*ALLOWED[:10], ALLOWED[0]]
    assert assert_envelope(save(entry, routes), status=200) == {"routers": ALLOWED[:10]}


def test_an_empty_choice_clears_the_shortcuts(entry):
    assert_envelope(save(entry, ALLOWED[:3]), status=200)
    assert_envelope(save(entry, []), status=200)
    assert saved_routes(entry) == []


@pytest.mark.parametrize("route", ["/shopManagement", "/bookProdLstNew", "/no-such-page"])
def test_a_route_the_role_may_not_open_is_refused(entry, route):
    assert_envelope(save(entry, ["/orderBoard"]), status=200)
    response = save(entry, ["/newOrder", route])
    data = assert_envelope(response, status=400, errcode="VALID-40000")
    assert list(data["fields"]) == ["routers"]
    assert route in response.json()["errmsg"]
    assert saved_routes(entry) == ["/orderBoard"]


def test_a_store_outside_the_roles_scope_is_not_found(chain, entry):
    response = save(entry, ["/orderBoard"], store=chain["other_store"])
    assert_envelope(response, status=404, errcode="SYS-40400")
    assert not QuickShortcut.objects.exists()


def test_choices_of_a_store_outside_the_roles_scope_are_not_found(chain, entry):
    response = api_client(entry=entry).get(CHOICES_URL, {"store": chain["other_store"].pk})
    assert_envelope(response, status=404, errcode="SYS-40400")


@pytest.mark.parametrize("field", ["roleId", "userId"])
def test_saving_for_another_role_or_user_is_refused(entry, field):
    response = save(entry, ["/orderBoard"], **{field: 999999})
    assert_envelope(response, status=403, errcode="AUTH-40300")
    assert not QuickShortcut.objects.exists()


def test_a_head_office_role_saves_shortcuts_for_a_store_beneath_it(chain, make_entry):
    regional = make_entry(chain["region"], codes=CODES)
    assert_envelope(save(regional, ["/orderBoard"], store=chain["other_store"]), status=200)
    assert saved_routes(regional, chain["other_store"]) == ["/orderBoard"]


def test_saved_shortcuts_come_first_and_checked_in_the_choices(entry):
    chosen = ["/newOrder", "/cancellation", "/orderBoard"]
    assert_envelope(save(entry, chosen), status=200)
    choices = assert_envelope(api_client(entry=entry).get(CHOICES_URL, {"store": entry.hier_id}), status=200)
    assert [choice["router"] for choice in choices[:3]] == chosen
    assert [choice["checked"] for choice in choices] == [True] * 3 + [False] * (len(ALLOWED) - 3)
    assert sorted(choice["router"] for choice in choices) == sorted(ALLOWED)
    assert choices[0]["name"] == "New reservation"


def test_choices_default_to_the_chosen_store(entry):
    assert_envelope(save(entry, ["/payment"]), status=200)
    choices = assert_envelope(api_client(entry=entry).get(CHOICES_URL), status=200)
    assert choices[0] == {"name": "Payment", "router": "/payment", "checked": True}


def test_saved_shortcuts_appear_in_the_role_entry_rows_of_login_info(entry):
    assert_envelope(save(entry, ["/newOrder", "/orderBoard"]), status=200)
    info = assert_envelope(api_client(user=entry.user).get("/rest/acct/loginInfo"), status=200)
    (row,) = info["roles"]
    assert row["quicks"] == [
        {"name": "New reservation", "rsrc": "/newOrder"},
        {"name": "Reservation board", "rsrc": "/orderBoard"},
    ]


def test_quick_names_follow_the_language(entry):
    assert_envelope(save(entry, ["/orderBoard"]), status=200)
    info = assert_envelope(api_client(user=entry.user, language="zh-hans").get("/rest/acct/loginInfo"), status=200)
    assert info["roles"][0]["quicks"] == [{"name": "预约看板", "rsrc": "/orderBoard"}]


def test_saving_writes_the_system_log(entry):
    assert_envelope(save(entry, ["/orderBoard"]), status=200)
    row = SystemLog.objects.get(action=AuditAction.QUICKS_SAVED)
    assert row.user_id == entry.user_id
    assert row.store_id == entry.hier_id
    assert row.detail == {"routers": ["/orderBoard"]}


# --- the rule in the service -----------------------------------------------------------------


def save_through_service(entry, routers, store_id=None):
    return services.quick_shortcuts_save(
        actor=SYSTEM_ACTOR,
        session=ActingSession(user=entry.user, user_role=entry),
        role_id=entry.role_id,
        routers=list(routers),
        store_id=store_id if store_id is not None else entry.hier_id,
        user_id=entry.user_id,
    )


def test_service_keeps_at_most_ten(entry):
    assert save_through_service(entry, ALLOWED[:10]) == ALLOWED[:10]
    with pytest.raises(InvalidInput) as refused:
        save_through_service(entry, ALLOWED[:11])
    assert refused.value.field == "routers"
    assert saved_routes(entry) == ALLOWED[:10]


def test_service_refuses_a_store_outside_scope_and_a_session_without_role(chain, entry):
    with pytest.raises(NotFound):
        save_through_service(entry, ["/orderBoard"], store_id=chain["other_store"].pk)
    with pytest.raises(PermissionRefused):
        services.quick_shortcuts_save(
            actor=SYSTEM_ACTOR,
            session=ActingSession(user=entry.user),
            role_id=entry.role_id,
            routers=["/orderBoard"],
            store_id=entry.hier_id,
            user_id=entry.user_id,
        )


# --- the database backs the rule -------------------------------------------------------------


def test_database_refuses_an_eleventh_shortcut_written_directly(entry):
    QuickShortcut.objects.bulk_create(
        QuickShortcut(user_role=entry, store=entry.hier, router=route, position=position)
        for position, route in enumerate(ALLOWED[:10])
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        QuickShortcut.objects.create(user_role=entry, store=entry.hier, router=ALLOWED[10], position=10)
    assert QuickShortcut.objects.count() == 10


def test_database_refuses_two_shortcuts_at_one_position(entry):
    QuickShortcut.objects.create(user_role=entry, store=entry.hier, router=ALLOWED[0], position=3)
    with pytest.raises(IntegrityError), transaction.atomic():
        QuickShortcut.objects.create(user_role=entry, store=entry.hier, router=ALLOWED[1], position=3)


def test_database_refuses_the_same_route_twice(entry):
    QuickShortcut.objects.create(user_role=entry, store=entry.hier, router=ALLOWED[0], position=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        QuickShortcut.objects.create(user_role=entry, store=entry.hier, router=ALLOWED[0], position=1)
