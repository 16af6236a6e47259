"""Request parsers and documented answers of staff commission (docs/api.md "Staff commission")."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.billing.choices import CreditKind
from apps.commission.choices import MAX_TIERS, NOTE_MAX_LENGTH, PLAN_NAME_MAX_LENGTH, TierMode
from apps.core import fields
from apps.core.bounds import MONEY_LINE, MONEY_MONTH, PERCENT
from apps.staff.choices import EmployeePosition

# -- inputs --------------------------------------------------------------------------------------


class CommissionStoreInputSerializer(serializers.Serializer[Any]):
    storeId = fields.IntegerField(min_value=1, required=False, source="store_id", help_text="default: the chosen store")


class CommissionPeriodInputSerializer(CommissionStoreInputSerializer):
    month = fields.MonthField(help_text="YYYY-MM")


class CommissionOwnInputSerializer(serializers.Serializer[Any]):
    month = fields.MonthField(help_text="YYYY-MM")


class CommissionTierInputSerializer(serializers.Serializer[Any]):
    fromAmount = fields.number(MONEY_MONTH, source="from_amount", help_text="the month's total from which it holds")
    rate = fields.number(PERCENT, help_text="percent of the earned amount")


class CommissionVersionInputSerializer(serializers.Serializer[Any]):
    effectiveFrom = fields.DateField(source="effective_from")
    tierMode = serializers.ChoiceField(choices=TierMode.choices, source="tier_mode")
    perSession = fields.number(MONEY_LINE, required=False, source="per_session", help_text="per session served")
    tiers = serializers.ListField(child=CommissionTierInputSerializer(), min_length=1, max_length=MAX_TIERS)
    note = fields.CharField(max_length=NOTE_MAX_LENGTH, required=False, allow_blank=True)


class CommissionPlanCreateInputSerializer(CommissionStoreInputSerializer):
    name = fields.CharField(max_length=PLAN_NAME_MAX_LENGTH)
    position = serializers.ChoiceField(choices=EmployeePosition.choices)
    kind = serializers.ChoiceField(choices=CreditKind.choices)
    version = CommissionVersionInputSerializer()


class CommissionPlanRenameInputSerializer(serializers.Serializer[Any]):
    name = fields.CharField(max_length=PLAN_NAME_MAX_LENGTH)


# -- outputs -------------------------------------------------------------------------------------


class CommissionTierOutputSerializer(serializers.Serializer[Any]):
    fromAmount = serializers.CharField(help_text="money")
    rate = serializers.CharField(help_text="percent, 2 places")


class CommissionPlanVersionOutputSerializer(serializers.Serializer[Any]):
    versionId = serializers.IntegerField()
    effectiveFrom = serializers.DateField()
    tierMode = serializers.ChoiceField(choices=TierMode.choices)
    perSession = serializers.CharField()
    tiers = CommissionTierOutputSerializer(many=True)
    note = serializers.CharField()
    createdBy = serializers.CharField()
    createdAt = serializers.DateTimeField()
    inForce = serializers.BooleanField(help_text="the version in force today")
    frozen = serializers.BooleanField(help_text="in force on a day of a closed period: it never changes there")


class CommissionPlanOutputSerializer(serializers.Serializer[Any]):
    planId = serializers.IntegerField()
    name = serializers.CharField()
    storeId = serializers.IntegerField(allow_null=True, help_text="null: the chain's plan")
    storeName = serializers.CharField()
    position = serializers.ChoiceField(choices=EmployeePosition.choices)
    positionName = serializers.CharField()
    kind = serializers.ChoiceField(choices=CreditKind.choices)
    kindName = serializers.CharField()
    current = CommissionPlanVersionOutputSerializer(allow_null=True)
    versionCount = serializers.IntegerField()
    changeable = serializers.BooleanField(help_text="the caller may start a version of it (the chain's: head office)")


class CommissionPlanDetailOutputSerializer(CommissionPlanOutputSerializer):
    versions = CommissionPlanVersionOutputSerializer(many=True, help_text="newest first")
    firstOpenDay = serializers.DateField(allow_null=True, help_text="the earliest day a new version may start")


class CommissionStaffFigureOutputSerializer(serializers.Serializer[Any]):
    staffId = serializers.IntegerField()
    staffName = serializers.CharField()
    kind = serializers.ChoiceField(choices=CreditKind.choices)
    kindName = serializers.CharField()
    baseAmount = serializers.CharField(help_text="the credits' net amount under this plan version")
    sessions = serializers.CharField()
    monthTotal = serializers.CharField(help_text="the employee's month of this kind: the tier's base")
    tierFrom = serializers.CharField(allow_null=True, help_text="the tier reached: its threshold")
    rate = serializers.CharField(allow_null=True, help_text="the tier reached: its rate in percent")
    commission = serializers.CharField()
    clawback = serializers.CharField(help_text="refunds in the month, taken back (0 or negative)")
    net = serializers.CharField()
    planVersionId = serializers.IntegerField(allow_null=True, help_text="null: no plan for the position and kind")
    planVersion = serializers.CharField(help_text="the plan's name and the version's effective date")


class CommissionPeriodOutputSerializer(serializers.Serializer[Any]):
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
    month = serializers.CharField(help_text="YYYY-MM")
    status = serializers.ChoiceField(choices=["open", "closed"])
    closedAt = serializers.DateTimeField(allow_null=True)
    closedBy = serializers.CharField()
    figures = CommissionStaffFigureOutputSerializer(many=True)
    commission = serializers.CharField()
    clawback = serializers.CharField()
    net = serializers.CharField()
