import factory

from apps.org.choices import OrgUnitKind
from apps.org.models import OrgUnit


class OrgUnitFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = OrgUnit

    kind = OrgUnitKind.HEAD_OFFICE
    name = factory.Sequence(lambda n: f"Head office {n}")
    code = factory.Sequence(lambda n: f"U{n:05d}")
    parent: factory.SubFactory | None = None


class HeadOfficeFactory(OrgUnitFactory):
    kind = OrgUnitKind.HEAD_OFFICE


class RegionFactory(OrgUnitFactory):
    kind = OrgUnitKind.REGION
    name = factory.Sequence(lambda n: f"Region {n}")
    parent = factory.SubFactory(HeadOfficeFactory)


class StoreFactory(OrgUnitFactory):
    kind = OrgUnitKind.STORE
    name = factory.Sequence(lambda n: f"Store {n}")
    parent = factory.SubFactory(RegionFactory)
