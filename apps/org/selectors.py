from __future__ import annotations

from django.db.models import Q

from apps.org.models import OrgUnit


def store_ids_under(unit: OrgUnit) -> frozenset[int]:
    """The store itself, or every store beneath a head-office or region level."""
    if unit.is_store:
        return frozenset({unit.pk})
    return frozenset(OrgUnit.objects.stores().subtree_of(unit).values_list("id", flat=True))


def stores_under_units(units: list[OrgUnit]) -> list[OrgUnit]:
    """The stores at or beneath any of `units`, each once, in tree order (one query)."""
    if not units:
        return []
    condition = Q()
    for unit in units:
        condition |= Q(path__startswith=unit.path)
    return list(OrgUnit.objects.stores().filter(condition, is_active=True).only("id", "name", "path"))


def borrow_out_targets_of(store_id: int) -> list[OrgUnit]:
    return list(OrgUnit.objects.stores().filter(borrow_out_sources__id=store_id, is_active=True).order_by("name"))
