"""Request parsers and documented answers of the payment calls (contract §8, docs/api.md "Payment").
The rules and their messages live in apps.billing.till.checkout and apps.billing.orders.signatures."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.billing.choices import SIGNATURE_MAX_BYTES, OrderStatus, TenderMethod, TenderStatus
from apps.billing.orders.api.serializers import OrderDraftInputSerializer
from apps.core import bounds, fields
from apps.core.json_types import ValidatedData

MAX_TENDERS = 10
DATA_URL_MAX_LENGTH = SIGNATURE_MAX_BYTES * 4 // 3 + 64
# The contract's methods; package sessions are taken from the order's lines, not given as a tender.
PAY_METHODS = [choice for choice in TenderMethod.choices if choice[0] != TenderMethod.SESSIONS]


class TenderInputSerializer(serializers.Serializer[Any]):
    method = serializers.ChoiceField(choices=PAY_METHODS)
    amount = fields.number(
        bounds.MONEY_ORDER,
        low=Decimal("0.01"),
        help_text="what this tender pays; cash: what was received (the change is given back)",
    )
    cardId = fields.IntegerField(required=False, allow_null=True, min_value=1, help_text="storedValue: the card")
    authCode = fields.CharField(
        required=False,
        allow_blank=True,
        max_length=64,
        help_text="wechat, alipay: the customer's payment code the cashier scanned; none: a QR for the customer",
    )
    terminalId = fields.CharField(
        required=False,
        allow_blank=True,
        max_length=32,
        help_text="pos: the card terminal that takes the card (pos/terminal lists them); box: the payment box "
        "that reads the customer's code (pay/boxList lists them); none: the store's default",
    )


class PayInputSerializer(serializers.Serializer[Any]):
    orderId = fields.IntegerField(min_value=1)
    tenders = serializers.ListField(
        child=TenderInputSerializer(),
        max_length=MAX_TENDERS,
        required=False,
        default=list,
        help_text="none when nothing is due",
    )


class PaymentTenderOutputSerializer(serializers.Serializer[Any]):
    tenderId = serializers.IntegerField()
    method = serializers.ChoiceField(choices=TenderMethod.choices)
    amount = serializers.CharField(help_text="2 places")
    status = serializers.ChoiceField(
        choices=TenderStatus.choices, help_text="provider tenders are pending until the provider's word"
    )
    message = serializers.CharField(
        required=False,
        help_text="provider tenders: the provider's reason of a decline; a paid box tender: the wallet "
        "(wechat, alipay); a tender failed because the provider reported another amount, currency or "
        "merchant than asked: what it reported and that a person checks it, in the caller's language",
    )
    terminalId = serializers.CharField(required=False, help_text="pos, box: the terminal or payment box asked")
    mode = serializers.ChoiceField(
        choices=["code", "qr", ""], required=False, help_text="provider tenders: code scanned or QR; empty before asked"
    )
    codeUrl = serializers.CharField(required=False, help_text="a pending QR tender: what the QR encodes")
    qrImage = serializers.CharField(
        required=False, help_text="a pending QR tender: the QR as a data:image/svg+xml URL drawn by the server"
    )
    expiresAt = serializers.DateTimeField(
        required=False, allow_null=True, help_text="provider tenders: when an unpaid one is closed"
    )


class PaymentOutputSerializer(serializers.Serializer[Any]):
    orderId = serializers.IntegerField()
    status = serializers.ChoiceField(choices=OrderStatus.choices)
    paid = serializers.CharField()
    pending = serializers.CharField(help_text="what pending provider tenders wait for (not in paid, not in due)")
    due = serializers.CharField(help_text="payable - paid")
    change = serializers.CharField(help_text="cash to give back for this payment")
    tenders = PaymentTenderOutputSerializer(many=True, help_text="every tender of the order, oldest first")


class TenderStatusOutputSerializer(serializers.Serializer[Any]):
    tender = PaymentTenderOutputSerializer()
    order = PaymentOutputSerializer()


QR_METHODS = [TenderMethod.WECHAT, TenderMethod.ALIPAY]


class QrSplitInputSerializer(serializers.Serializer[Any]):
    orderId = fields.IntegerField(min_value=1)
    method = serializers.ChoiceField(choices=[(m.value, m.label) for m in QR_METHODS])
    amount = fields.number(bounds.MONEY_ORDER, low=Decimal("0.01"))


class PosPayInputSerializer(serializers.Serializer[Any]):
    orderId = fields.IntegerField(min_value=1)
    amount = fields.number(bounds.MONEY_ORDER, low=Decimal("0.01"))
    terminalId = fields.CharField(required=False, allow_blank=True, max_length=32)


class BoxPayInputSerializer(serializers.Serializer[Any]):
    orderId = fields.IntegerField(min_value=1)
    amount = fields.number(
        bounds.MONEY_ORDER,
        low=Decimal("0.01"),
        required=False,
        help_text="none: all that is still to pay (the due less what pending tenders wait for)",
    )
    boxId = fields.CharField(
        required=False, allow_blank=True, max_length=32, help_text="pay/boxList lists them; none: the store's default"
    )


class PosQueryInputSerializer(serializers.Serializer[Any]):
    tenderId = fields.IntegerField(min_value=1)


class TerminalOutputSerializer(serializers.Serializer[Any]):
    terminalId = serializers.CharField()
    name = serializers.CharField()
    storeCode = serializers.CharField()
    online = serializers.BooleanField()


@extend_schema_field(
    {"type": "string", "format": "data-url", "maxLength": DATA_URL_MAX_LENGTH, "pattern": "^data:image/png;base64,"}
)
class PngDataUrlField(fields.CharField):
    """A canvas's toDataURL: longer than any other text a call reads, bounded by the PNG's size."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=DATA_URL_MAX_LENGTH, **kwargs)


class SignatureInputSerializer(serializers.Serializer[Any]):
    orderId = fields.IntegerField(min_value=1)
    signature = PngDataUrlField(required=False, help_text="a data URL: data:image/png;base64,...")
    file = fields.FileField(required=False, max_bytes=SIGNATURE_MAX_BYTES, help_text="or the PNG as a file")

    def validate(self, attrs: ValidatedData) -> ValidatedData:
        if not attrs.get("signature") and not attrs.get("file"):
            raise serializers.ValidationError({"signature": [_("please sign first")]})
        return attrs


class SignStatusOutputSerializer(serializers.Serializer[Any]):
    # The answer's field is `required`, which a DRF field also has as an attribute.
    required = serializers.BooleanField(  # type: ignore[assignment]
        help_text="the store requires a signature and the order uses sessions"
    )
    signed = serializers.BooleanField()


class DrawnSessionOutputSerializer(serializers.Serializer[Any]):
    cardId = serializers.IntegerField()
    cardNo = serializers.CharField()
    projectId = serializers.IntegerField()
    projectName = serializers.CharField()
    sessions = serializers.IntegerField(help_text="sessions used")
    sessionsLeft = serializers.IntegerField(help_text="left on the card after it")
    storeId = serializers.IntegerField()
    operatorName = serializers.CharField()
    createdAt = serializers.DateTimeField()


class CommitFromScanInputSerializer(OrderDraftInputSerializer):
    """An order as order/commit takes it, and the customer's payment code that pays all of it."""

    method = serializers.ChoiceField(choices=[(m.value, m.label) for m in QR_METHODS])
    authCode = fields.CharField(max_length=64, help_text="the customer's payment code the cashier scanned")
