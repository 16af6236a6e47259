"""Keeps the cached role codes (apps.accounts.role_code_cache) in step with the database."""

from typing import Any

from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import receiver

from apps.accounts.models import Resource, Role
from apps.accounts.role_code_cache import forget_role_codes


@receiver(m2m_changed, sender=Role.resources.through)
def role_resources_changed(sender: Any, instance: Any, action: str, reverse: bool, pk_set: Any, **kwargs: Any) -> None:
    if not action.startswith("post_"):
        return
    if reverse:  # resource.roles.add(...): instance is the resource
        # After resource.roles.clear() pk_set is None and the resource holds no role any more, so
        # which roles had it is unknown: forget every role's codes (as a changed resource does).
        role_ids = list(pk_set) if pk_set is not None else list(Role.objects.values_list("id", flat=True))
    else:
        role_ids = [instance.pk]
    forget_role_codes(role_ids)


@receiver([post_save, post_delete], sender=Resource)
def resource_changed(sender: Any, instance: Resource, **kwargs: Any) -> None:
    forget_role_codes(list(Role.objects.values_list("id", flat=True)))


@receiver(post_delete, sender=Role)
def role_deleted(sender: Any, instance: Role, **kwargs: Any) -> None:
    forget_role_codes([instance.pk])
