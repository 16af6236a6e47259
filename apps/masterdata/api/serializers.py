"""Request parsers and the documented answer shapes of the master-data calls (spec §7.6, contract §7).
The answers are built by apps.masterdata.selectors; tests/test_api.py keeps both in step."""

from typing import Any

from rest_framework import serializers

from apps.core import fields
from apps.masterdata.choices import PlatformType


class MasterItemOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField(help_text="in English when the value has an English name and the request asks for en")


class PlatformOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    platformType = serializers.ChoiceField(
        choices=PlatformType.choices, help_text="1 group-buy, 2 joint venture, 3 fission"
    )


class PlatformPreCheckOutputSerializer(PlatformOutputSerializer):
    needsPreCheck = serializers.BooleanField(help_text="the coupon pre-check runs for this platform (ids 19 and 21)")


class MarketSegmentOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class RegionOutputSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="GB/T 2260 code, 6 digits")
    name = serializers.CharField()


class RegionCitiesInputSerializer(serializers.Serializer[Any]):
    provinceCode = fields.CharField(max_length=20, help_text="a province's code, e.g. 440000")


class RegionDistrictsInputSerializer(serializers.Serializer[Any]):
    cityCode = fields.CharField(max_length=20, help_text="a city's code, e.g. 440300")
