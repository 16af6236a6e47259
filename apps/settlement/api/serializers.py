"""Request parsers and documented answers of the settlement between stores (contract §11;
docs/api.md "Settlement between stores")."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.core import fields
from apps.core.bounds import MONEY_CORRECTION, PERCENT
from apps.settlement.choices import (
    NOTE_MAX_LENGTH,
    REFERENCE_MAX_LENGTH,
    RULE_KINDS,
    MonthStatus,
    SettlementKind,
    StatementStatus,
)

# -- inputs --------------------------------------------------------------------------------------


class StatementsInputSerializer(serializers.Serializer[Any]):
    date = fields.DateField(required=False, help_text="default: yesterday")
    storeId = fields.IntegerField(
        min_value=1, required=False, source="store_id", help_text="one of the caller's stores"
    )


class DayStoreInputSerializer(serializers.Serializer[Any]):
    date = fields.DateField(required=False, help_text="default: today")
    storeId = fields.IntegerField(
        min_value=1, required=False, source="store_id", help_text="one of the caller's stores"
    )


class MonthInputSerializer(serializers.Serializer[Any]):
    month = fields.MonthField(help_text="YYYY-MM")


class MonthStoreInputSerializer(MonthInputSerializer):
    storeId = fields.IntegerField(
        min_value=1, required=False, source="store_id", help_text="one of the caller's stores"
    )


class DayInputSerializer(serializers.Serializer[Any]):
    date = fields.DateField(help_text="a day that has ended")


class DisputeInputSerializer(serializers.Serializer[Any]):
    correction = fields.number(
        MONEY_CORRECTION, help_text="what the from-store should owe the to-store more (negative: less)"
    )
    reason = fields.CharField(max_length=NOTE_MAX_LENGTH)


class RuleVersionInputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=[(kind.value, kind.label) for kind in RULE_KINDS])
    effectiveFrom = fields.DateField(source="effective_from", help_text="tomorrow at the earliest")
    share = fields.number(PERCENT, help_text="percent of the value cleared")
    giftRatio = fields.number(PERCENT, source="gift_ratio", help_text="percent of a gift part counted")
    note = fields.CharField(max_length=NOTE_MAX_LENGTH, required=False, allow_blank=True)


class MarkPaidInputSerializer(serializers.Serializer[Any]):
    reference = fields.CharField(max_length=REFERENCE_MAX_LENGTH, help_text="the bank transfer's reference")


# -- outputs -------------------------------------------------------------------------------------


class ConfirmationOutputSerializer(serializers.Serializer[Any]):
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    confirmedBy = serializers.CharField()
    confirmedAt = serializers.DateTimeField(allow_null=True)


class StatementHeadOutputSerializer(serializers.Serializer[Any]):
    statementId = serializers.IntegerField()
    date = serializers.DateField()
    fromStoreId = serializers.IntegerField()
    fromStoreName = serializers.CharField()
    toStoreId = serializers.IntegerField()
    toStoreName = serializers.CharField()
    amount = serializers.CharField(help_text="what the from-store owes the to-store, netted, 2 places")
    status = serializers.ChoiceField(choices=StatementStatus.choices)
    statusName = serializers.CharField()
    confirmations = ConfirmationOutputSerializer(many=True, help_text="each of the two stores")
    lockedBy = serializers.CharField()
    lockedAt = serializers.DateTimeField(allow_null=True)
    disputeId = serializers.IntegerField(allow_null=True, help_text="the approval request of a dispute waiting")
    monthSettlementId = serializers.IntegerField(allow_null=True)
    canConfirm = serializers.BooleanField()
    canDispute = serializers.BooleanField()


class StatementOutputSerializer(StatementHeadOutputSerializer):
    entries = serializers.IntegerField(help_text="how many entries it nets")


class StatementPageOutputSerializer(serializers.Serializer[Any]):
    list = StatementOutputSerializer(many=True)
    total = serializers.IntegerField()


class StatementEntryOutputSerializer(serializers.Serializer[Any]):
    entryId = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=SettlementKind.choices)
    kindName = serializers.CharField()
    orderId = serializers.IntegerField(allow_null=True)
    orderNo = serializers.CharField()
    cardId = serializers.IntegerField(allow_null=True)
    cardNo = serializers.CharField(help_text="the card's number; empty for a loan or an adjustment")
    amount = serializers.CharField(help_text="what the from-store owes the to-store for it (negative: the other way)")
    value = serializers.CharField(help_text="the value the rule's share was taken of")
    share = serializers.CharField(allow_null=True, help_text="percent; null for an adjustment")
    giftRatio = serializers.CharField(allow_null=True)
    sessions = serializers.IntegerField()
    ruleVersion = serializers.IntegerField(allow_null=True)
    reversesEntryId = serializers.IntegerField(allow_null=True, help_text="a refund's reversal: the entry it reverses")
    servedStoreName = serializers.CharField(help_text="the store the entry is owed to")
    note = serializers.CharField()
    createdAt = serializers.DateTimeField()


class StatementDetailOutputSerializer(StatementHeadOutputSerializer):
    entryCount = serializers.IntegerField()
    entries = StatementEntryOutputSerializer(many=True)


class MatrixStoreOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class MatrixCellOutputSerializer(serializers.Serializer[Any]):
    fromStoreId = serializers.IntegerField()
    toStoreId = serializers.IntegerField()
    amount = serializers.CharField(help_text="what from owes to over the month, netted")


class CallerStoresOutputSerializer(serializers.Serializer[Any]):
    stores = MatrixStoreOutputSerializer(many=True, help_text="the caller's stores, by name")
    headOffice = serializers.BooleanField(help_text="the role acts above the stores (head office's calls open)")


class MatrixOutputSerializer(serializers.Serializer[Any]):
    month = serializers.CharField(help_text="YYYY-MM")
    stores = MatrixStoreOutputSerializer(many=True)
    cells = MatrixCellOutputSerializer(many=True)


class RuleVersionOutputSerializer(serializers.Serializer[Any]):
    versionId = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=SettlementKind.choices)
    kindName = serializers.CharField()
    effectiveFrom = serializers.DateField()
    share = serializers.CharField()
    giftRatio = serializers.CharField()
    note = serializers.CharField()
    createdBy = serializers.CharField()
    createdAt = serializers.DateTimeField()
    inForce = serializers.BooleanField()


class RuleKindOutputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=SettlementKind.choices)
    kindName = serializers.CharField()
    current = RuleVersionOutputSerializer()
    versions = RuleVersionOutputSerializer(many=True, help_text="newest first")


class RulesOutputSerializer(serializers.Serializer[Any]):
    kinds = RuleKindOutputSerializer(many=True)
    earliestNewVersion = serializers.DateField()


class MonthSettlementOutputSerializer(serializers.Serializer[Any]):
    settlementId = serializers.IntegerField()
    month = serializers.CharField()
    fromStoreId = serializers.IntegerField()
    fromStoreName = serializers.CharField()
    toStoreId = serializers.IntegerField()
    toStoreName = serializers.CharField()
    amount = serializers.CharField()
    statements = serializers.IntegerField()
    status = serializers.ChoiceField(choices=MonthStatus.choices)
    statusName = serializers.CharField()
    reference = serializers.CharField()
    paidAt = serializers.DateTimeField(allow_null=True)
    paidBy = serializers.CharField()


class MonthSettlementPageOutputSerializer(serializers.Serializer[Any]):
    list = MonthSettlementOutputSerializer(many=True)
    total = serializers.IntegerField()


class MadeOutputSerializer(serializers.Serializer[Any]):
    made = serializers.IntegerField()


class DisputeOutputSerializer(serializers.Serializer[Any]):
    approvalId = serializers.IntegerField()
    statement = StatementOutputSerializer()


class DayClearingOutputSerializer(serializers.Serializer[Any]):
    date = serializers.DateField()
    net = serializers.CharField(help_text="what the store is owed by the other stores, net (negative: it owes)")
    owedToStore = serializers.CharField()
    owedByStore = serializers.CharField()
    entries = serializers.IntegerField()
