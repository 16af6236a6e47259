"""Reads of the catalogue. Every list is one COUNT plus a fixed number of SELECTs (the acting
store's switch and price come from subqueries, lines from prefetches), whatever the page size."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any, TypeVar, overload

from django.db.models import BooleanField, DecimalField, Exists, Model, OuterRef, Prefetch, Q, QuerySet, Subquery, Value
from django.utils import timezone

from apps.catalog.choices import CategoryKind, ItemType, PromotionStatus
from apps.catalog.models import (
    CardType,
    CardTypeDiscount,
    Category,
    CouponTemplate,
    PriceChange,
    Product,
    ProductPackage,
    ProductPackageLine,
    Project,
    ProjectConsumable,
    ProjectPackage,
    ProjectPackageLine,
    Promotion,
    PromotionLine,
    StoreItem,
    SwitchableItem,
    TimePeriod,
)
from apps.catalog.rows import (
    CardTypeRow,
    CatalogItemStateRow,
    CategoryOptionRow,
    CouponTemplateRow,
    FilterOptionsRow,
    PriceChangeRow,
    ProductDetailRow,
    ProductPackageDetailRow,
    ProductPackageRow,
    ProductRow,
    ProjectDetailRow,
    ProjectPackageDetailRow,
    ProjectPackageRow,
    ProjectRow,
    PromotionDetailRow,
    PromotionLineRow,
    PromotionRow,
    StoreItemRow,
    TimePeriodRow,
)
from apps.core.audit import operator_name
from apps.core.errors import NotFound
from apps.core.model_fields import MONEY_DIGITS
from apps.core.money import money_or_none_to_wire
from apps.org.models import Store

ITEM_MODELS: dict[str, type[SwitchableItem]] = {
    ItemType.PRODUCT: Product,
    ItemType.PRODUCT_PACKAGE: ProductPackage,
    ItemType.PROJECT: Project,
    ItemType.PROJECT_PACKAGE: ProjectPackage,
    ItemType.CARD_TYPE: CardType,
    ItemType.COUPON_TEMPLATE: CouponTemplate,
}


# Any catalogue model a helper narrows or annotates, given and returned as the same queryset type.
_Item = TypeVar("_Item", bound=Model)


def stores() -> QuerySet[Store]:
    """The stores, for a view to pick the acting one among the caller's (apps.core.scoping)."""
    return Store.objects.all()


def store_item_row(row: StoreItem, *, store_id: int) -> StoreItemRow:
    """The answer of a store's switch and price change: the item's state in that store."""
    item = row.item
    own = row.store_price if item.store_price_allowed else None
    price = item.price
    return {
        "storeId": store_id,
        "itemType": row.item_type,
        "itemId": item.pk,
        "enabled": row.enabled,
        "storeEnabled": bool(item.enabled and row.enabled),
        "price": money_or_none_to_wire(price),
        "storePrice": money_or_none_to_wire(own),
        "effectivePrice": money_or_none_to_wire(own if own is not None else price),
        "updatedAt": row.updated_at,
    }


@overload
def _when(value: datetime) -> datetime: ...
@overload
def _when(value: datetime | None) -> datetime | None: ...
def _when(value: datetime | None) -> datetime | None:
    return timezone.localtime(value) if value is not None else None


# -- the acting store's state of an item ---------------------------------------------------------


def with_store_state(rows: QuerySet[Any], item_type: str, store_id: int | None) -> QuerySet[Any]:
    """Annotates `store_row_enabled` and `store_row_price`: the store's switch and own price, null
    when the store has no row (or no store acts, for a head-office role)."""
    if store_id is None:
        return rows.annotate(
            store_row_enabled=Value(None, output_field=BooleanField()),
            store_row_price=Value(None, output_field=DecimalField(max_digits=MONEY_DIGITS, decimal_places=2)),
        )
    field = StoreItem.ITEM_FIELDS[ItemType(item_type)]
    store_rows = StoreItem.objects.filter(store_id=store_id, **{field: OuterRef("pk")})
    return rows.annotate(
        store_row_enabled=Subquery(store_rows.values("enabled")[:1]),
        store_row_price=Subquery(store_rows.values("store_price")[:1]),
    )


def _filter_enabled(rows: QuerySet[Any], enabled: bool | None, store_id: int | None) -> QuerySet[Any]:
    """`enabled` filters on what the acting store sees: head office's switch and the store's own."""
    if enabled is None:
        return rows
    switched_on = Q(enabled=True)
    if store_id is not None:
        switched_on &= Q(store_row_enabled__isnull=True) | Q(store_row_enabled=True)
    return rows.filter(switched_on) if enabled else rows.exclude(switched_on)


def store_state(item: Any) -> CatalogItemStateRow:
    """The fields every item row shares: head office's price and switch, and the acting store's."""
    store_price = getattr(item, "store_row_price", None)
    store_enabled_row = getattr(item, "store_row_enabled", None)
    price = item.price
    own_price = store_price if item.store_price_allowed and store_price is not None else None
    return {
        "id": item.pk,
        "code": item.code,
        "name": item.name,
        "price": money_or_none_to_wire(price),
        "enabled": item.enabled,
        "storePriceAllowed": item.store_price_allowed,
        "storeEnabled": bool(item.enabled and store_enabled_row is not False),
        "storePrice": money_or_none_to_wire(own_price),
        "effectivePrice": money_or_none_to_wire(own_price if own_price is not None else price),
    }


def _search(rows: QuerySet[_Item], keyword: str, fields: Iterable[str]) -> QuerySet[_Item]:
    keyword = keyword.strip()
    if not keyword:
        return rows
    condition = Q()
    for field in fields:
        condition |= Q(**{f"{field}__icontains": keyword})
    return rows.filter(condition)


# -- products and product packages ---------------------------------------------------------------


def product_search(
    *,
    store_id: int | None,
    keyword: str = "",
    category_id: int | None = None,
    brand: str = "",
    use_type: str = "",
    enabled: bool | None = None,
) -> QuerySet[Product]:
    rows = with_store_state(Product.objects.select_related("category"), ItemType.PRODUCT, store_id)
    rows = _search(rows, keyword, ("name", "code", "barcode"))
    if category_id is not None:
        rows = rows.filter(category_id=category_id)
    if brand.strip():
        rows = rows.filter(brand__iexact=brand.strip())
    if use_type:
        rows = rows.filter(use_type=use_type)
    return _filter_enabled(rows, enabled, store_id).order_by("code", "id")


def product_row(product: Product, *, with_cost: bool) -> ProductRow:
    """A product as a role reads it: the cost price only for a role holding the cost code (else null)."""
    return {
        **store_state(product),
        "brand": product.brand,
        "categoryId": product.category_id,
        "categoryName": product.category.name,
        "specification": product.specification,
        "unit": product.unit,
        "barcode": product.barcode or "",
        "useType": product.use_type,
        "cost": money_or_none_to_wire(product.cost) if with_cost else None,
        "defaultSafetyStock": product.default_safety_stock,
        "useUnit": product.use_unit,
        "usePerUnit": f"{product.use_per_unit.normalize():f}",
        "tracksBatches": product.tracks_batches,
    }


def product_rows(products: Iterable[Product], *, with_cost: bool) -> list[ProductRow]:
    return [product_row(product, with_cost=with_cost) for product in products]


def price_history(*, item_type: str, item_id: int, store_ids: Iterable[int]) -> list[PriceChangeRow]:
    """Head office's price changes and those of the acting stores, newest first (others' stay hidden)."""
    rows = PriceChange.objects.filter(item_type=item_type, item_id=item_id).filter(
        Q(store__isnull=True) | Q(store_id__in=list(store_ids))
    )
    return [
        {
            "id": change.pk,
            "storeId": change.store_id,
            "storeName": change.store.name if change.store else "",
            "oldPrice": money_or_none_to_wire(change.old_price),
            "newPrice": money_or_none_to_wire(change.new_price),
            "changedBy": operator_name(change.changed_by_name),
            "changedAt": _when(change.changed_at),
        }
        for change in rows.select_related("store").order_by("-changed_at", "-id")[:100]
    ]


def item_in_store_state(
    item_type: str, item_id: int, store_id: int | None, queryset: QuerySet[Any] | None = None
) -> Any:
    rows = queryset if queryset is not None else ITEM_MODELS[item_type]._default_manager.all()
    item = with_store_state(rows, item_type, store_id).filter(pk=item_id).first()
    if item is None:
        raise NotFound()
    return item


def product_detail(
    *, product_id: int, store_id: int | None, store_ids: Iterable[int], with_cost: bool
) -> ProductDetailRow:
    product = item_in_store_state(ItemType.PRODUCT, product_id, store_id, Product.objects.select_related("category"))
    return {
        **product_row(product, with_cost=with_cost),
        "priceHistory": price_history(item_type=ItemType.PRODUCT, item_id=product.pk, store_ids=store_ids),
    }


def _simple_search(
    model: type[SwitchableItem], item_type: str, *, store_id: int | None, keyword: str, enabled: bool | None
) -> QuerySet[Any]:
    rows = with_store_state(model._default_manager.all(), item_type, store_id)
    rows = _search(rows, keyword, ("name", "code"))
    return _filter_enabled(rows, enabled, store_id).order_by("code", "id")


def product_package_search(
    *, store_id: int | None, keyword: str = "", enabled: bool | None = None
) -> QuerySet[ProductPackage]:
    rows = _simple_search(ProductPackage, ItemType.PRODUCT_PACKAGE, store_id=store_id, keyword=keyword, enabled=enabled)
    return rows.prefetch_related(Prefetch("lines", ProductPackageLine.objects.select_related("product")))


def product_package_rows(packages: Iterable[ProductPackage]) -> list[ProductPackageRow]:
    return [
        {
            **store_state(package),
            "lines": [
                {
                    "productId": line.product_id,
                    "productCode": line.product.code,
                    "productName": line.product.name,
                    "quantity": line.quantity,
                    "unitPrice": money_or_none_to_wire(line.product.price),
                }
                for line in package.lines.all()
            ],
        }
        for package in packages
    ]


def product_package_detail(
    *, package_id: int, store_id: int | None, store_ids: Iterable[int]
) -> ProductPackageDetailRow:
    package = item_in_store_state(
        ItemType.PRODUCT_PACKAGE,
        package_id,
        store_id,
        ProductPackage.objects.prefetch_related(
            Prefetch("lines", ProductPackageLine.objects.select_related("product"))
        ),
    )
    return {
        **product_package_rows([package])[0],
        "priceHistory": price_history(item_type=ItemType.PRODUCT_PACKAGE, item_id=package.pk, store_ids=store_ids),
    }


# -- projects and project packages ---------------------------------------------------------------


def project_search(
    *, store_id: int | None, keyword: str = "", category_id: int | None = None, enabled: bool | None = None
) -> QuerySet[Project]:
    rows = with_store_state(Project.objects.select_related("category"), ItemType.PROJECT, store_id)
    rows = _search(rows, keyword, ("name", "code"))
    if category_id is not None:
        rows = rows.filter(category_id=category_id)
    rows = rows.prefetch_related(Prefetch("consumables", ProjectConsumable.objects.select_related("product")))
    return _filter_enabled(rows, enabled, store_id).order_by("code", "id")


def project_row(project: Project) -> ProjectRow:
    return {
        **store_state(project),
        "categoryId": project.category_id,
        "categoryName": project.category.name,
        "durationMinutes": project.duration_minutes,
        "requiredSkill": project.required_skill,
        "consumables": [
            {
                "productId": line.product_id,
                "productCode": line.product.code,
                "productName": line.product.name,
                "unit": line.product.unit,
                "quantity": f"{line.quantity.normalize():f}",
            }
            for line in project.consumables.all()
        ],
    }


def project_rows(projects: Iterable[Project]) -> list[ProjectRow]:
    return [project_row(project) for project in projects]


def project_detail(*, project_id: int, store_id: int | None, store_ids: Iterable[int]) -> ProjectDetailRow:
    project = item_in_store_state(
        ItemType.PROJECT,
        project_id,
        store_id,
        Project.objects.select_related("category").prefetch_related(
            Prefetch("consumables", ProjectConsumable.objects.select_related("product"))
        ),
    )
    return {
        **project_row(project),
        "priceHistory": price_history(item_type=ItemType.PROJECT, item_id=project.pk, store_ids=store_ids),
    }


def _project_package_lines() -> Prefetch[str, QuerySet[ProjectPackageLine], str]:
    return Prefetch("lines", ProjectPackageLine.objects.select_related("project"))


def project_package_search(
    *, store_id: int | None, keyword: str = "", enabled: bool | None = None
) -> QuerySet[ProjectPackage]:
    rows = _simple_search(ProjectPackage, ItemType.PROJECT_PACKAGE, store_id=store_id, keyword=keyword, enabled=enabled)
    return rows.prefetch_related(_project_package_lines())


def project_package_rows(packages: Iterable[ProjectPackage]) -> list[ProjectPackageRow]:
    return [
        {
            **store_state(package),
            "validityDays": package.validity_days,
            "lines": [
                {
                    "projectId": line.project_id,
                    "projectCode": line.project.code,
                    "projectName": line.project.name,
                    "sessions": line.sessions,
                }
                for line in package.lines.all()
            ],
            "totalSessions": sum(line.sessions for line in package.lines.all()),
        }
        for package in packages
    ]


def project_package_detail(
    *, package_id: int, store_id: int | None, store_ids: Iterable[int]
) -> ProjectPackageDetailRow:
    package = item_in_store_state(
        ItemType.PROJECT_PACKAGE,
        package_id,
        store_id,
        ProjectPackage.objects.prefetch_related(_project_package_lines()),
    )
    return {
        **project_package_rows([package])[0],
        "priceHistory": price_history(item_type=ItemType.PROJECT_PACKAGE, item_id=package.pk, store_ids=store_ids),
    }


# -- cards and coupons ---------------------------------------------------------------------------


def card_type_search(
    *, store_id: int | None, keyword: str = "", kind: str = "", enabled: bool | None = None
) -> QuerySet[CardType]:
    rows = _simple_search(CardType, ItemType.CARD_TYPE, store_id=store_id, keyword=keyword, enabled=enabled)
    if kind:
        rows = rows.filter(kind=kind)
    return rows.select_related("project_package").prefetch_related(
        Prefetch("discounts", CardTypeDiscount.objects.select_related("category"))
    )


def card_type_rows(cards: Iterable[CardType]) -> list[CardTypeRow]:
    return [
        {
            **store_state(card),
            "kind": card.kind,
            "faceValue": money_or_none_to_wire(card.face_value),
            "validityDays": card.validity_days,
            "projectPackageId": card.project_package_id,
            "projectPackageName": card.project_package.name if card.project_package else "",
            "discounts": [
                {
                    "categoryId": rule.category_id,
                    "categoryName": rule.category.name,
                    "categoryKind": rule.category.kind,
                    "rate": f"{rule.rate:.2f}",
                }
                for rule in card.discounts.all()
            ],
        }
        for card in cards
    ]


def coupon_template_search(
    *, store_id: int | None, keyword: str = "", kind: str = "", enabled: bool | None = None
) -> QuerySet[CouponTemplate]:
    rows = with_store_state(CouponTemplate.objects.select_related("project"), ItemType.COUPON_TEMPLATE, store_id)
    rows = _search(rows, keyword, ("name", "code"))
    if kind:
        rows = rows.filter(kind=kind)
    return _filter_enabled(rows, enabled, store_id).order_by("kind", "code", "id")


def coupon_template_row(coupon: CouponTemplate) -> CouponTemplateRow:
    store_enabled_row = getattr(coupon, "store_row_enabled", None)
    return {
        "id": coupon.pk,
        "code": coupon.code,
        "name": coupon.name,
        "kind": coupon.kind,
        "amount": money_or_none_to_wire(coupon.amount),
        "rate": None if coupon.rate is None else f"{coupon.rate:.2f}",
        "maxDiscount": money_or_none_to_wire(coupon.max_discount),
        "projectId": coupon.project_id,
        "projectName": coupon.project.name if coupon.project else "",
        "validFrom": coupon.valid_from,
        "validTo": coupon.valid_to,
        "validDays": coupon.valid_days,
        "minSpend": money_or_none_to_wire(coupon.min_spend),
        "onePerOrder": coupon.one_per_order,
        "stackable": coupon.stackable,
        "enabled": coupon.enabled,
        "storeEnabled": bool(coupon.enabled and store_enabled_row is not False),
    }


def coupon_template_rows(coupons: Iterable[CouponTemplate]) -> list[CouponTemplateRow]:
    return [coupon_template_row(coupon) for coupon in coupons]


def coupon_template_detail(*, coupon_id: int, store_id: int | None) -> CouponTemplateRow:
    coupon = item_in_store_state(
        ItemType.COUPON_TEMPLATE, coupon_id, store_id, CouponTemplate.objects.select_related("project")
    )
    return coupon_template_row(coupon)


def categories(kind: str) -> list[Category]:
    return list(Category.objects.filter(kind=kind))


# -- promotions ----------------------------------------------------------------------------------


def promotion_status(promotion: Promotion, now: datetime) -> str:
    if promotion.start > now:
        return PromotionStatus.UPCOMING
    if promotion.end <= now:
        return PromotionStatus.ENDED
    return PromotionStatus.CURRENT


def promotions_visible(*, store_ids: Iterable[int]) -> QuerySet[Promotion]:
    """Promotions of every store (no stores chosen) or of one of the acting stores."""
    through = Promotion.stores.through
    store_ids = list(store_ids)
    return Promotion.objects.filter(
        ~Exists(through.objects.filter(promotion=OuterRef("pk")))
        | Exists(through.objects.filter(promotion=OuterRef("pk"), store_id__in=store_ids))
    )


def promotion_search(
    *, store_ids: Iterable[int], status: str = "", keyword: str = "", now: datetime | None = None
) -> QuerySet[Promotion]:
    now = now or timezone.now()
    rows = promotions_visible(store_ids=store_ids)
    if keyword.strip():
        rows = rows.filter(name__icontains=keyword.strip())
    if status == PromotionStatus.CURRENT:
        rows = rows.filter(start__lte=now, end__gt=now)
    elif status == PromotionStatus.UPCOMING:
        rows = rows.filter(start__gt=now)
    elif status == PromotionStatus.ENDED:
        rows = rows.filter(end__lte=now)
    return rows.prefetch_related("stores", "lines").order_by("-start", "-id")


def promotion_row(promotion: Promotion, now: datetime | None = None) -> PromotionRow:
    stores = list(promotion.stores.all())
    return {
        "id": promotion.pk,
        "name": promotion.name,
        "start": _when(promotion.start),
        "end": _when(promotion.end),
        "status": promotion_status(promotion, now or timezone.now()),
        "allStores": not stores,
        "stores": [{"id": store.pk, "name": store.name} for store in sorted(stores, key=lambda s: s.pk)],
        "lineCount": len(promotion.lines.all()),
        "remark": promotion.remark,
    }


def promotion_rows(promotions: Iterable[Promotion]) -> list[PromotionRow]:
    now = timezone.now()
    return [promotion_row(promotion, now) for promotion in promotions]


_LINE_ITEM_TYPES = {
    "product": ItemType.PRODUCT,
    "product_package": ItemType.PRODUCT_PACKAGE,
    "project": ItemType.PROJECT,
    "project_package": ItemType.PROJECT_PACKAGE,
}


def promotion_detail(*, promotion_id: int, store_ids: Iterable[int]) -> PromotionDetailRow:
    promotion = (
        promotions_visible(store_ids=store_ids)
        .filter(pk=promotion_id)
        .prefetch_related(
            "stores",
            Prefetch(
                "lines",
                PromotionLine.objects.select_related("product", "product_package", "project", "project_package"),
            ),
        )
        .first()
    )
    if promotion is None:
        raise NotFound()
    lines: list[PromotionLineRow] = []
    for line in promotion.lines.all():
        field = next(name for name in PromotionLine.ITEM_FIELDS if getattr(line, f"{name}_id"))
        item = getattr(line, field)
        lines.append(
            {
                "id": line.pk,
                "itemType": _LINE_ITEM_TYPES[field],
                "itemId": item.pk,
                "itemCode": item.code,
                "itemName": item.name,
                "price": money_or_none_to_wire(item.price),
                "promoPrice": money_or_none_to_wire(line.promo_price),
                "discountRate": None if line.discount_rate is None else f"{line.discount_rate:.2f}",
            }
        )
    return {**promotion_row(promotion), "lines": lines}


# -- time periods --------------------------------------------------------------------------------


def time_period_rows(*, store_id: int) -> list[TimePeriodRow]:
    rows = TimePeriod.objects.filter(store_id=store_id).order_by("weekday", "start", "id")
    return [
        {
            "id": period.pk,
            "weekday": period.weekday,
            "start": f"{period.start:%H:%M}",
            "end": f"{period.end:%H:%M}",
            "capacity": period.capacity,
        }
        for period in rows
    ]


def product_categories() -> list[Category]:
    return categories(CategoryKind.PRODUCT)


def filter_options(*, kind: str) -> FilterOptionsRow:
    """Every category of a kind, and for products every brand in use: the list pages' filter choices,
    whatever the number of items (two small queries)."""
    categories: list[CategoryOptionRow] = [
        {"categoryId": category_id, "categoryName": name}
        for category_id, name in Category.objects.filter(kind=kind).values_list("id", "name")
    ]
    brands: list[str] = []
    if kind == CategoryKind.PRODUCT:
        brands = sorted(set(Product.objects.exclude(brand="").values_list("brand", flat=True)))
    return {"categories": categories, "brands": brands}
