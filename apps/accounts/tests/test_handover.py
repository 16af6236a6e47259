"""The manager-side login hand-over of spec §2.4 and the /xxbLogin auto-login of spec §2.1: the
host mapping, the link, and signing in from it once, within HANDOVER_LINK_SECONDS."""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlsplit

import pytest
from cryptography.fernet import Fernet, InvalidToken
from rest_framework.test import APIClient

from apps.accounts.choices import AuditAction, SignInWay
from apps.accounts.handover import manager_host
from apps.accounts.models import User
from apps.accounts.quick_login import QUICK_LOGIN_COOKIE
from apps.accounts.testing import api_client
from apps.accounts.tests.factories import PASSWORD
from apps.accounts.tests.helpers import form_login
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope

LINK_URL = "/rest/acct/managerLink"
HANDOVER_URL = "/rest/auth/handoverLogin"
KEY = Fernet.generate_key()
STORE_HOST = "store.example.com:8889"


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("store.example.com:8889", "manager.example.com:8802"),
        ("store.example.com", "manager.example.com"),
        ("s2.x.com", "m2.x.com"),
        ("sto.example.com:8889", "mng.example.com:8802"),
        ("erp.sto.example.com", "erp.mng.example.com"),
        ("STORE.Example.com", "manager.Example.com"),
        ("store.s2.example.com", "manager.m2.example.com"),
        ("localhost:8889", "localhost:8802"),
        ("localhost:8000", "localhost:8000"),
        ("erp.example.com:88890", "erp.example.com:88890"),
        # Only whole labels change.
        ("sto-a.example.com", "sto-a.example.com"),
        ("mystore.example.com", "mystore.example.com"),
        ("s20.example.com", "s20.example.com"),
        ("store-s2.example.com", "store-s2.example.com"),
        ("10.0.0.5:8889", "10.0.0.5:8802"),
        ("[::1]:8889", "[::1]:8802"),
        ("[::1]", "[::1]"),
    ],
)
def test_manager_host(host, expected):
    assert manager_host(host) == expected


@pytest.fixture
def handover_settings(settings):
    settings.HANDOVER_KEY = KEY.decode()
    settings.HANDOVER_LINK_SECONDS = 60
    settings.ALLOWED_HOSTS = [".example.com", "testserver"]
    return settings


@pytest.fixture
def owner(chain, make_entry, handover_settings):
    return make_entry(chain["store"], kind="owner").user


def link_for(user: User, *, new_tab: str | None = "true", host: str = STORE_HOST) -> dict:
    params = {} if new_tab is None else {"newTab": new_tab}
    response = api_client(user=user).get(LINK_URL, params, HTTP_HOST=host)
    return assert_envelope(response, status=200)


def link_params(link: dict) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(link["url"]).query).items()}


def hand_over(params: dict[str, str], client: APIClient | None = None):
    return (client or APIClient(HTTP_ACCEPT_LANGUAGE="en")).post(HANDOVER_URL, params, format="json")


def assert_invalid(response) -> None:
    assert_envelope(response, status=401, errcode="LOGIN-HANDOVER-INVALID")
    assert response.json()["errmsg"] == "the sign-in link has expired, please sign in again"


# --- the link ------------------------------------------------------------------------------------


def test_link_points_at_the_manager_side_xxblogin_with_the_four_parameters(owner):
    link = link_for(owner)
    parts = urlsplit(link["url"])
    assert (parts.scheme, parts.netloc, parts.path) == ("http", "manager.example.com:8802", "/xxbLogin")
    params = link_params(link)
    assert set(params) == {"u", "p", "uid", "userId"}
    assert params["userId"] == str(owner.pk)
    assert params["uid"] == owner.account_version
    fernet = Fernet(KEY)
    assert fernet.decrypt(params["u"]).decode() == owner.login_name
    assert fernet.decrypt(params["p"]).decode() != PASSWORD  # a one-time secret, never the password
    assert link["target"] == "_blank"
    log = SystemLog.objects.get(action=AuditAction.HANDOVER_LINK_ISSUED)
    assert (log.user_id, log.detail) == (owner.pk, {"newTab": True})


@pytest.mark.parametrize(("new_tab", "target"), [("true", "_blank"), ("false", "_self"), (None, "_blank")])
def test_link_opens_in_a_new_tab_or_the_same_one(owner, new_tab, target):
    assert link_for(owner, new_tab=new_tab)["target"] == target


def test_principal_may_have_a_link(chain, make_entry, handover_settings):
    principal = make_entry(chain["store"], kind="principal").user
    assert link_for(principal)["url"]


@pytest.mark.parametrize("kind", ["store_employee", "material_builder_admin", "other"])
def test_others_may_not_have_a_link(chain, make_entry, handover_settings, kind):
    user = make_entry(chain["store"], kind=kind).user
    response = api_client(user=user).get(LINK_URL, HTTP_HOST=STORE_HOST)
    assert_envelope(response, status=403, errcode="AUTH-40300")


def test_link_needs_a_signed_in_user(handover_settings, db):
    assert_envelope(APIClient().get(LINK_URL), status=401, errcode="SECURES-LOGIN-ON-401")


# --- signing in from it --------------------------------------------------------------------------


def test_round_trip_answers_what_the_password_login_answers(owner):
    response = hand_over(link_params(link_for(owner)))
    data = assert_envelope(response, status=200)
    assert response.json()["errmsg"] == "signed in"
    by_password = assert_envelope(form_login(None, owner.login_name, PASSWORD), status=200)
    tokens = {"access", "refresh"}
    assert {k: v for k, v in data.items() if k not in tokens} == {
        k: v for k, v in by_password.items() if k not in tokens
    }
    assert response.cookies[QUICK_LOGIN_COOKIE].value
    log = SystemLog.objects.filter(user_id=owner.pk, action=AuditAction.LOGIN).order_by("id").first()
    assert log.detail == {"way": SignInWay.HANDOVER}


def test_a_link_works_once(owner):
    params = link_params(link_for(owner))
    assert_envelope(hand_over(params), status=200)
    assert_invalid(hand_over(params))


def test_two_links_each_work_once(owner):
    first, second = link_params(link_for(owner)), link_params(link_for(owner))
    assert_envelope(hand_over(second), status=200)
    assert_envelope(hand_over(first), status=200)


def _resealed(params: dict[str, str], *, seconds_ago: int) -> dict[str, str]:
    fernet = Fernet(KEY)
    made = int(time.time()) - seconds_ago
    return {
        **params,
        "u": fernet.encrypt_at_time(fernet.decrypt(params["u"]), made).decode(),
        "p": fernet.encrypt_at_time(fernet.decrypt(params["p"]), made).decode(),
    }


def test_a_link_older_than_its_lifetime_is_refused(owner):
    params = link_params(link_for(owner))
    assert_invalid(hand_over(_resealed(params, seconds_ago=61)))


def test_a_link_within_its_lifetime_works(owner):
    params = link_params(link_for(owner))
    assert_envelope(hand_over(_resealed(params, seconds_ago=50)), status=200)


def test_the_one_time_secret_lives_as_long_as_the_link(owner, handover_settings):
    handover_settings.HANDOVER_LINK_SECONDS = 1
    params = link_params(link_for(owner))
    time.sleep(1.1)
    # Freshly sealed tokens, but the cached secret has gone with the link's lifetime.
    assert_invalid(hand_over(_resealed(params, seconds_ago=0)))


def test_an_altered_link_is_refused(owner):
    params = link_params(link_for(owner))
    u = params["u"]
    altered = u[:20] + ("A" if u[20] != "A" else "B") + u[21:]
    assert_invalid(hand_over({**params, "u": altered}))
    assert_invalid(hand_over({**params, "p": params["p"][:-4]}))
    assert_invalid(hand_over({**params, "u": "not a token ü"}))
    # The refused attempts did not use the link up.
    assert_envelope(hand_over(params), status=200)


def test_a_link_sealed_with_another_key_is_refused(owner):
    params = link_params(link_for(owner))
    forged = Fernet(Fernet.generate_key())
    assert_invalid(
        hand_over(
            {**params, "u": forged.encrypt(owner.login_name.encode()).decode(), "p": forged.encrypt(b"x").decode()}
        )
    )


def test_u_and_p_swapped_between_accounts_are_refused(owner, chain, make_entry):
    other = make_entry(chain["store"], kind="owner").user
    mine, theirs = link_params(link_for(owner)), link_params(link_for(other))
    # Their account with my secret: the secret belongs to my account.
    assert_invalid(hand_over({**theirs, "p": mine["p"]}))
    assert_envelope(hand_over(theirs), status=200)


@pytest.mark.parametrize(
    "change",
    [{"userId": "999999"}, {"uid": "0000000000000000"}, {"userId": ""}, {"uid": ""}, {"u": ""}, {"p": ""}],
    ids=["other userId", "other uid", "no userId", "no uid", "no u", "no p"],
)
def test_a_link_whose_ids_do_not_match_the_account_is_refused(owner, change):
    params = link_params(link_for(owner))
    assert_invalid(hand_over({**params, **change}))


def test_a_link_of_a_disabled_account_is_refused(owner):
    params = link_params(link_for(owner))
    User.objects.filter(pk=owner.pk).update(enabled=False)
    assert_envelope(hand_over(params), status=401, errcode="LOGIN-40101")


def test_without_a_configured_key_development_gets_a_key_per_process(owner, handover_settings):
    handover_settings.HANDOVER_KEY = ""
    params = link_params(link_for(owner))
    with pytest.raises(InvalidToken):  # sealed with the per-process key, not the test key
        Fernet(KEY).decrypt(params["u"])
    assert_envelope(hand_over(params), status=200)
