import factory

from apps.masterdata.choices import MasterType, PlatformType
from apps.masterdata.models import MarketSegment, MasterItem, Platform


class MasterItemFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MasterItem

    type = MasterType.OCCUPATION
    code = factory.Sequence(lambda n: f"code{n}")
    name = factory.Sequence(lambda n: f"职业{n}")


class PlatformFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Platform

    id = factory.Sequence(lambda n: 1000 + n)
    name = factory.Sequence(lambda n: f"平台{n}")
    platform_type = PlatformType.GROUP_BUY


class MarketSegmentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MarketSegment

    city_code = "310100"
    name = factory.Sequence(lambda n: f"商圈{n}")
