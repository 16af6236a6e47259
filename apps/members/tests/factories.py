from __future__ import annotations

import factory

from apps.members.models import Member, MemberLabel
from apps.org.tests.factories import StoreFactory


class MemberLabelFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MemberLabel

    name = factory.Sequence(lambda n: f"标签{n}")
    color = "#1976d2"


class MemberFactory(factory.django.DjangoModelFactory):
    """A member created straight in the table (no service, no log): for reads and fixtures."""

    class Meta:
        model = Member
        skip_postgeneration_save = True

    home_store = factory.SubFactory(StoreFactory)
    name = factory.Sequence(lambda n: f"会员{n:04d}")
    area_code = "0086"
    phone = factory.Sequence(lambda n: f"1380000{n:04d}")

    @factory.post_generation
    def labels(self, create: bool, extracted: list[MemberLabel] | None, **kwargs: object) -> None:
        if create and extracted:
            self.labels.set(extracted)
