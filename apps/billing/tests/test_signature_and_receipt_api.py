"""The member's signature on an order (order/signature, pay/signStatus), a store that requires it
before package sessions are used, and the 80 mm receipt (pay/print)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.files.uploadedfile import SimpleUploadedFile

from apps.billing.choices import SIGNATURE_MAX_BYTES, AuditAction
from apps.billing.models import Order
from apps.billing.tests.checkout_factories import data_url, order_of, png, product, sessions
from apps.cards.tests.factories import package_card, stored_value_card
from apps.core.models import SystemLog
from apps.core.testing import assert_envelope

pytestmark = pytest.mark.django_db

SIGN = "/rest/order/signature"


@pytest.fixture
def sessions_order(store, member):
    store.signature_required = True
    store.save()
    return order_of(store=store, member=member, lines=[sessions(package_card(member=member, sessions=3))])


def test_a_store_that_requires_it_takes_no_sessions_before_the_member_signs(client, sessions_order):
    status = assert_envelope(client.get(f"/rest/pay/signStatus/{sessions_order.pk}"), status=200)
    assert status == {"required": True, "signed": False}
    refused = client.post("/rest/pay/excute", {"orderId": sessions_order.pk, "tenders": []}, format="json")
    assert_envelope(refused, status=409, errcode="ORD-40902")
    signed = client.post(SIGN, {"orderId": sessions_order.pk, "signature": data_url(png())}, format="json")
    assert assert_envelope(signed, status=200) == {"required": True, "signed": True}
    assert signed.json()["errmsg"] == "saved"
    stored = Order.objects.get(pk=sessions_order.pk).signature
    assert stored.name.endswith(".png") and stored.read() == png()
    assert SystemLog.objects.filter(action=AuditAction.ORDER_SIGNED).count() == 1
    paid = client.post("/rest/pay/excute", {"orderId": sessions_order.pk, "tenders": []}, format="json")
    assert assert_envelope(paid, status=200)["status"] == "paid"
    again = client.post(SIGN, {"orderId": sessions_order.pk, "signature": data_url(png())}, format="json")
    assert_envelope(again, status=409, errcode="ORD-40901")  # a paid order's signature is final


def test_a_new_signature_replaces_the_old_one_and_its_file(client, sessions_order, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        client.post(SIGN, {"orderId": sessions_order.pk, "signature": data_url(png(2, 2))}, format="json")
    first = Order.objects.get(pk=sessions_order.pk).signature
    storage, first_name = first.storage, first.name
    with django_capture_on_commit_callbacks(execute=True):
        client.post(SIGN, {"orderId": sessions_order.pk, "signature": data_url(png(3, 3))}, format="json")
    second = Order.objects.get(pk=sessions_order.pk).signature
    assert second.read() == png(3, 3)
    assert not storage.exists(first_name) and storage.exists(second.name)


def test_a_signature_whose_saving_fails_leaves_no_file(sessions_order, monkeypatch, settings, tmp_path):
    from apps.billing.orders import signatures
    from apps.core.audit import Actor

    settings.MEDIA_ROOT = tmp_path

    def log_fails(**_kwargs: object) -> None:  # the last step of the transaction, after the file is written
        raise RuntimeError("system log unavailable")

    monkeypatch.setattr(signatures, "audit_record", log_fails)
    with pytest.raises(RuntimeError):
        signatures.order_signature_save(actor=Actor(login_name="t"), order_id=sessions_order.pk, png=png())
    assert not Order.objects.get(pk=sessions_order.pk).signature
    assert [path for path in tmp_path.rglob("*") if path.is_file()] == []


def test_the_signature_can_come_as_a_file(client, sessions_order):
    upload = SimpleUploadedFile("sign.png", png(), content_type="image/png")
    signed = client.post(SIGN, {"orderId": sessions_order.pk, "file": upload}, format="multipart")
    assert assert_envelope(signed, status=200)["signed"] is True


@pytest.mark.parametrize(
    "body",
    [
        {"signature": "data:image/jpeg;base64,/9j/4AAQ"},
        {"signature": "data:image/png;base64,not base64!"},
        {"signature": data_url(b"GIF89a" + b"\x00" * 20)},
        {},
    ],
    ids=["jpeg", "not-base64", "not-png", "nothing"],
)
def test_only_a_png_is_kept(client, sessions_order, body):
    refused = client.post(SIGN, {"orderId": sessions_order.pk, **body}, format="json")
    assert assert_envelope(refused, status=400, errcode="VALID-40000")["fields"].keys() == {"signature"}
    assert not Order.objects.get(pk=sessions_order.pk).signature


def test_a_signature_too_large_is_refused(client, sessions_order):
    large = png() + b"\x00" * SIGNATURE_MAX_BYTES
    refused = client.post(SIGN, {"orderId": sessions_order.pk, "signature": data_url(large)}, format="json")
    assert_envelope(refused, status=400, errcode="VALID-40000")
    upload = SimpleUploadedFile("sign.png", large, content_type="image/png")
    refused = client.post(SIGN, {"orderId": sessions_order.pk, "file": upload}, format="multipart")
    assert_envelope(refused, status=400, errcode="VALID-40000")


def test_no_signature_is_required_without_sessions_or_when_the_store_does_not_ask(client, store, member):
    store.signature_required = True
    store.save()
    plain = order_of(store=store, member=member, lines=[product("10.00")])
    assert assert_envelope(client.get(f"/rest/pay/signStatus/{plain.pk}"), status=200)["required"] is False
    store.signature_required = False
    store.save()
    with_sessions = order_of(store=store, member=member, lines=[sessions(package_card(member=member))])
    assert assert_envelope(client.get(f"/rest/pay/signStatus/{with_sessions.pk}"), status=200)["required"] is False


def test_the_receipt_is_an_80mm_page_with_or_without_amounts(client, store, member):
    card = stored_value_card(member=member, paid="500.00")
    package = package_card(member=member, sessions=3)
    order = order_of(store=store, member=member, lines=[product("88.00"), sessions(package, qty=1)])
    client.post(
        "/rest/pay/excute",
        {
            "orderId": order.pk,
            "tenders": [
                {"method": "storedValue", "amount": "8", "cardId": card.pk},
                {"method": "cash", "amount": "100"},
            ],
        },
        format="json",
    )
    printed = client.get(f"/rest/pay/print/{order.pk}/1")
    assert printed.status_code == 200 and printed["Content-Type"].startswith("text/html")
    page = printed.content.decode()
    assert order.order_no in page and store.name in page and "<style" not in page
    assert 'href="http://testserver/static/billing/receipt.css"' in page
    assert "size: 80mm auto" in Path(str(finders.find("billing/receipt.css"))).read_text()
    assert "88.00" in page and "Change" in page and "20.00" in page and card.card_no in page
    assert "139****5678" in page and "13912345678" not in page
    assert "sessions left" in page
    without = client.get(f"/rest/pay/print/{order.pk}/0").content.decode()
    assert "88.00" not in without and order.order_no in without
    assert client.get(f"/rest/pay/print/{order.pk}/2").status_code == 404


def test_the_receipt_reads_in_chinese(store, member, cashier_entry):
    from apps.accounts.testing import api_client

    order = order_of(store=store, member=member, lines=[product("10.00")])
    page = api_client(entry=cashier_entry, language="zh-hans").get(f"/rest/pay/print/{order.pk}/1").content.decode()
    assert "订单号" in page and "应付" in page and "未付款" in page


def test_the_receipt_of_another_stores_order_is_not_found(other_client, store, member):
    order = order_of(store=store, member=member, lines=[product("10.00")])
    assert_envelope(other_client.get(f"/rest/pay/print/{order.pk}/1"), status=404, errcode="SYS-40400")
    assert_envelope(other_client.get(f"/rest/pay/drawDetail/{order.pk}"), status=404, errcode="SYS-40400")
