from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from apps.core.money import money_or_none_to_wire
from apps.org.choices import STORE_REQUIRED_FIELDS, OrgUnitKind, StoreStatus
from apps.org.hooks import account_roles
from apps.org.models import OrgUnit
from apps.org.rows import DebtStatusRow, StoreInfoCheckRow, StoreInfoRow, StoreRefRow, StoreRow


def store_ids_under(unit: OrgUnit) -> frozenset[int]:
    """The store itself, or every store beneath a head-office or region level."""
    if unit.is_store:
        return frozenset({unit.pk})
    return frozenset(OrgUnit.objects.stores().subtree_of(unit).values_list("id", flat=True))


def store_codes(*, store_ids: list[int]) -> dict[int, str]:
    """Each store's code by id (settings name a store's own account by id or code: apps.org.store_settings)."""
    return dict(OrgUnit.objects.filter(pk__in=store_ids).values_list("id", "code"))


def store_names(*, store_ids: frozenset[int]) -> list[StoreRefRow]:
    """The stores among `store_ids` as `{id, name}`, in tree order (a filter's choice of store)."""
    stores = OrgUnit.objects.stores().filter(pk__in=store_ids).order_by("path").values_list("id", "name")
    return [{"id": store_id, "name": name} for store_id, name in stores]


def stores_under_units(units: list[OrgUnit]) -> list[OrgUnit]:
    """The stores at or beneath any of `units`, each once, in tree order (one query)."""
    if not units:
        return []
    condition = Q()
    for unit in units:
        condition |= Q(path__startswith=unit.path)
    return list(OrgUnit.objects.stores().filter(condition, is_active=True).only("id", "name", "path"))


def borrow_out_candidates(store: OrgUnit) -> list[OrgUnit]:
    """Stores this store may lend to: the other active stores of its own chain (same head office)."""
    chain_root = store.path.split("/")[1]
    return list(
        OrgUnit.objects.stores()
        .filter(path__startswith=f"/{chain_root}/", is_active=True)
        .exclude(pk=store.pk)
        .order_by("name")
        .only("id", "name", "path")
    )


def borrow_out_targets_of(store_id: int) -> list[OrgUnit]:
    return list(OrgUnit.objects.stores().filter(borrow_out_sources__id=store_id, is_active=True).order_by("name"))


# --- store information (spec §7.2) -----------------------------------------------------------------


def _time(value: Any) -> str | None:
    return value.strftime("%H:%M") if value is not None else None


def region_names(codes: set[str]) -> dict[str, str]:
    """Names of GB/T 2260 codes, one query for any number of stores."""
    from apps.masterdata.models import Region  # master data is read here, never written

    codes = {code for code in codes if code}
    if not codes:
        return {}
    return dict(Region.objects.filter(code__in=codes).values_list("code", "name"))


def _store_row(store: OrgUnit, names: dict[str, str]) -> StoreRow:
    return {
        "id": store.pk,
        "name": store.name,
        "code": store.code,
        "provinceCode": store.province_code,
        "provinceName": names.get(store.province_code, ""),
        "cityCode": store.city_code,
        "cityName": names.get(store.city_code, ""),
        "districtCode": store.district_code,
        "districtName": names.get(store.district_code, ""),
        "address": store.address,
        "fullAddress": "".join(
            part
            for part in (
                names.get(store.province_code, ""),
                # A municipality's one city repeats the province's name (上海市上海市): once is enough.
                "" if names.get(store.city_code) == names.get(store.province_code) else names.get(store.city_code, ""),
                names.get(store.district_code, ""),
                store.address,
            )
            if part
        ),
        "phone": store.phone,
        "openTime": _time(store.open_time),
        "closeTime": _time(store.close_time),
        "seats": store.seats,
        "status": store.status,
        "statusName": str(StoreStatus(store.status).label),
        "debtDisabled": store.debt_disabled,
        "debtDisabledReason": store.debt_disabled_reason if store.debt_disabled else "",
    }


def store_info(*, store: OrgUnit) -> StoreInfoRow:
    names = region_names({store.province_code, store.city_code, store.district_code})
    return {
        **_store_row(store, names),
        "frontDeskCheckRequired": store.front_desk_check_required,
        "signatureRequired": store.signature_required,
        "negativeStockAllowed": store.negative_stock_allowed,
        "cardTransferApproval": store.card_transfer_approval,
        "refundApprovalAbove": money_or_none_to_wire(store.refund_approval_above),
        "borrowOutTargets": [{"id": target.pk, "name": target.name} for target in borrow_out_targets_of(store.pk)],
        "updatedAt": store.updated_at,
    }


def _is_blank(value: Any) -> bool:
    return value is None or value == ""


def store_info_check(*, store: OrgUnit) -> StoreInfoCheckRow:
    """findErpByIdCheck: the information plus whether every required field is filled."""
    info = store_info(store=store)
    missing = [field for field in STORE_REQUIRED_FIELDS if _is_blank(info.get(field))]
    return {**info, "complete": not missing, "missingFields": missing}


def store_debt_status(*, store: OrgUnit) -> DebtStatusRow:
    return {"disabled": store.debt_disabled, "reason": store.debt_disabled_reason if store.debt_disabled else ""}


def owner_store_ids(*, user_id: int) -> frozenset[int]:
    """The stores at or under the user's owner-type role entries (spec §6 shop management)."""
    # The owner entries are accounts' (above org), asked through apps.org.hooks.
    units = account_roles().owner_units(user_id=user_id)
    return frozenset(store.pk for store in stores_under_units(units))


def visible_stores(*, user_id: int, store_ids: frozenset[int]) -> QuerySet[OrgUnit]:
    """The active stores a store-information call may read: those of the chosen role (`store_ids`)
    and those the user owns (shop management shows all of them)."""
    return OrgUnit.objects.stores().filter(pk__in=store_ids | owner_store_ids(user_id=user_id), is_active=True)


def owner_stores(*, user_id: int) -> list[StoreRow]:
    """The owner's stores as shop management shows them, in tree order; the staff and on-duty counts
    are added by the reports app's view, which may read the apps above org."""
    stores = list(OrgUnit.objects.stores().filter(pk__in=owner_store_ids(user_id=user_id)).order_by("path"))
    names = region_names({code for s in stores for code in (s.province_code, s.city_code, s.district_code)})
    return [_store_row(store, names) for store in stores]


def store_acted_in(session: Any) -> OrgUnit:
    """The store the chosen role acts in (an ActingSession). A role above store level has no store
    to file members or run a board in: 400 with a message saying so."""
    from django.utils.translation import gettext as _

    from apps.core.errors import InvalidInput

    store = None
    if session.hier_id in session.store_ids:
        # The sign-in check loaded the chosen level with the role entry (one query per call).
        level = session.user_role.hier if session.user_role is not None else None
        if isinstance(level, OrgUnit) and level.kind == OrgUnitKind.STORE:
            store = level
        else:
            store = OrgUnit.objects.stores().filter(pk=session.hier_id).first()
    if store is None:
        raise InvalidInput(_("please choose a role at a store first"))
    return store


# Views name a store (or any level of the tree) by this type, so they need not import org's models.
Store = OrgUnit


def stores() -> QuerySet[OrgUnit]:
    """Every store of the chain, for apps.core.scoping to pick the one a call names."""
    return OrgUnit.objects.stores()


def org_levels() -> QuerySet[OrgUnit]:
    """Every level of the tree (head office, regions, stores), for apps.core.scoping."""
    return OrgUnit.objects.all()


def store_row(*, store_id: int) -> OrgUnit:
    """The store of an id the caller's session vouches for (it raises on an unknown id)."""
    return OrgUnit.objects.get(pk=store_id)


def level_as_store(level: object) -> OrgUnit | None:
    """A level already loaded (the chosen one) when it is a store, else None: no query."""
    if isinstance(level, OrgUnit) and level.kind == OrgUnitKind.STORE:
        return level
    return None


def active_stores(*, store_ids: frozenset[int]) -> QuerySet[OrgUnit]:
    """The open stores among `store_ids`, in tree order (a page's store picker)."""
    return OrgUnit.objects.stores().filter(pk__in=store_ids, is_active=True).order_by("path")
