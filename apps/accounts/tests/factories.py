from __future__ import annotations

from typing import Any

import factory

from apps.accounts.choices import RoleKind
from apps.accounts.models import Resource, Role, User, UserRole
from apps.accounts.services import resources_sync, user_role_grant
from apps.core.audit import SYSTEM_ACTOR
from apps.org.tests.factories import StoreFactory

PASSWORD = "Secret@12345"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    login_name = factory.Sequence(lambda n: f"SY{n + 10000:05d}")
    nickname = factory.Faker("name", locale="zh_CN")
    phone = factory.Sequence(lambda n: f"139{n:08d}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @classmethod
    def _after_postgeneration(cls, instance: User, create: bool, results: dict | None = None) -> None:
        if create:
            instance.save(update_fields=["password"])


class RoleFactory(factory.django.DjangoModelFactory):
    """A role with the given codes: RoleFactory(codes=["ERP-MENU", "BTN-..."])."""

    class Meta:
        model = Role
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Role {n}")
    kind = RoleKind.PRINCIPAL

    @factory.post_generation
    def codes(role: Role, create: bool, extracted: list[str] | None, **kwargs: object) -> None:
        if not create or not extracted:
            return
        resources_sync()
        role.resources.set(Resource.objects.filter(code__in=extracted))


class UserRoleFactory(factory.django.DjangoModelFactory):
    """Grants through the service, so the django-guardian permission comes with the entry."""

    class Meta:
        model = UserRole

    user = factory.SubFactory(UserFactory)
    role = factory.SubFactory(RoleFactory)
    hier = factory.SubFactory(StoreFactory)

    @classmethod
    def _create(cls, model_class: type[UserRole], *args: object, **kwargs: Any) -> UserRole:
        return user_role_grant(actor=SYSTEM_ACTOR, user=kwargs["user"], role=kwargs["role"], hier=kwargs["hier"])
