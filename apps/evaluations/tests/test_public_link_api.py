"""The member's evaluation link (issue 29 §4): a signed token of the order, expiring, public and
throttled; one evaluation per order; the receipt prints the link and its QR code."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import signing
from django.utils import timezone
from rest_framework.test import APIClient

from apps.accounts.testing import api_client
from apps.billing.models import Order
from apps.billing.tests.checkout_factories import order_of, project
from apps.core.page_registry import code_of
from apps.core.testing import assert_envelope
from apps.evaluations import links
from apps.evaluations.models import Evaluation

from .factories import paid_visit

pytestmark = pytest.mark.django_db


def public(path_token: str, *, language: str = "en") -> str:
    return f"/rest/evaluation/public/{path_token}"


def anonymous(language: str = "en") -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE=language)


def rate(token: str, body: dict | None = None, *, language: str = "en"):
    body = body if body is not None else {"serviceScore": 5, "nurseScore": 4, "comment": "很好"}
    return anonymous(language).post(public(token), body, format="json")


def test_the_link_shows_the_visit_without_sign_in(chain):
    order = paid_visit(chain["store"])
    nurse_name = order.lines.get().staff.get().employee.name
    data = assert_envelope(anonymous().get(public(links.token_for(order.pk))), status=200)
    assert data["storeName"] == "Store A"
    assert data["visitDate"] == order.business_date.isoformat()
    assert data["services"] == [order.lines.get().name]
    assert data["nurseName"] == nurse_name
    assert data["rated"] is False


def test_the_member_rates_once_and_a_second_submission_is_already_rated(chain):
    order = paid_visit(chain["store"])
    token = links.token_for(order.pk)
    data = assert_envelope(rate(token), status=201)
    assert (data["serviceScore"], data["nurseScore"], data["comment"], data["channel"]) == (5, 4, "很好", "link")
    evaluation = Evaluation.objects.get(order=order)
    assert evaluation.recorded_by_id is None and evaluation.member_id == order.member_id
    assert evaluation.nurse_id == order.lines.get().staff.get().employee_id
    assert list(evaluation.projects.values_list("pk", flat=True)) == [order.lines.get().item_id]

    response = rate(token, {"serviceScore": 1, "nurseScore": 1}, language="zh-hans")
    assert_envelope(response, status=409, errcode="EVAL-40901")
    assert response.json()["errmsg"] == "此次到店已评价，谢谢"
    assert Evaluation.objects.get(order=order).service_score == 5
    assert assert_envelope(anonymous().get(public(token)), status=200)["rated"] is True


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"serviceScore": 0, "nurseScore": 3}, "serviceScore"),
        ({"serviceScore": 6, "nurseScore": 3}, "serviceScore"),
        ({"serviceScore": 3, "nurseScore": 9}, "nurseScore"),
        ({"nurseScore": 3}, "serviceScore"),
        ({"serviceScore": 3, "nurseScore": 3, "comment": "好" * 501}, "comment"),
    ],
)
def test_scores_outside_one_to_five_and_long_comments_are_refused_and_change_nothing(chain, body, field):
    order = paid_visit(chain["store"])
    data = assert_envelope(rate(links.token_for(order.pk), body), status=400, errcode="VALID-40000")
    assert field in data["fields"]
    assert not Evaluation.objects.exists()


def test_a_forged_or_cut_token_answers_a_clear_not_valid_link(chain):
    order = paid_visit(chain["store"])
    token = links.token_for(order.pk)
    other_order = paid_visit(chain["store"])
    forged = f"{other_order.pk}:{token.split(':', 1)[1]}"
    other_salt = signing.TimestampSigner(salt="another.purpose").sign(str(order.pk))
    for bad in (forged, token[:-3], other_salt, "42", "not-a-token"):
        response = rate(bad)
        assert_envelope(response, status=404, errcode="EVAL-40401")
        assert "not valid" in response.json()["errmsg"]
        assert_envelope(anonymous().get(public(bad)), status=404, errcode="EVAL-40401")
    assert not Evaluation.objects.exists()


def test_a_link_older_than_the_setting_has_expired(chain, settings, monkeypatch):
    settings.EVALUATION_LINK_DAYS = 7
    order = paid_visit(chain["store"])
    eight_days_ago = (timezone.now() - timedelta(days=8)).timestamp()
    monkeypatch.setattr("django.core.signing.time.time", lambda: eight_days_ago)
    old_token = links.token_for(order.pk)
    monkeypatch.undo()
    response = rate(old_token, language="zh-hans")
    assert_envelope(response, status=400, errcode="EVAL-40001")
    assert response.json()["errmsg"] == "评价链接已过期"
    assert not Evaluation.objects.exists()


def test_a_new_token_does_not_lengthen_the_visits_days(chain, settings):
    settings.EVALUATION_LINK_DAYS = 7
    order = paid_visit(chain["store"])
    Order.objects.filter(pk=order.pk).update(paid_at=timezone.now() - timedelta(days=7, minutes=1))
    assert_envelope(anonymous().get(public(links.token_for(order.pk))), status=400, errcode="EVAL-40001")


def test_an_unpaid_order_is_not_rated(chain):
    unpaid = order_of(store=chain["store"], lines=[project("100.00")])
    assert_envelope(rate(links.token_for(unpaid.pk)), status=409, errcode="EVAL-40902")


def test_the_public_calls_are_throttled_per_client_address(chain, settings):
    settings.EVALUATION_PUBLIC_RATE = "3/hour"
    token = links.token_for(paid_visit(chain["store"]).pk)
    client = anonymous()
    for _ in range(3):
        assert_envelope(client.get(public(token), REMOTE_ADDR="203.0.113.7"), status=200)
    assert_envelope(client.get(public(token), REMOTE_ADDR="203.0.113.7"), status=429, errcode="SYS-42900")
    assert_envelope(rate(token), status=201)  # another address


def test_the_receipt_prints_the_link_and_its_qr_code_until_the_visit_is_rated(chain, make_entry):
    order = paid_visit(chain["store"])
    client = api_client(entry=make_entry(chain["store"], codes=[code_of("/payment")]))
    html = client.get(f"/rest/pay/print/{order.pk}/1").content.decode()
    token = links.token_for(order.pk).split(":")[0]
    assert f"http://testserver/evaluate/{token}:" in html
    assert 'src="data:image/svg+xml' in html
    assert_envelope(rate(links.token_for(order.pk)), status=201)
    html = client.get(f"/rest/pay/print/{order.pk}/1").content.decode()
    assert "/evaluate/" not in html


def test_the_page_is_served_to_a_stranger(chain, client):
    order = paid_visit(chain["store"])
    response = client.get(links.link_path(order.pk))
    assert response.status_code == 200
    assert b"EvaluatePage" in response.content
