"""The rows catalog's selectors build, one TypedDict per output serializer (named after it, with
`Row` added): what a page, a detail or a store's switch answers. Money is wire text (or None where
the serializer allows null), as the serializers declare it."""

from __future__ import annotations

from datetime import date, datetime
from typing import TypedDict


class CatalogItemStateRow(TypedDict):
    """As CatalogItemStateOutputSerializer writes it."""

    id: int
    code: str
    name: str
    price: str
    enabled: bool
    storePriceAllowed: bool
    storeEnabled: bool
    storePrice: str | None
    effectivePrice: str


class PriceChangeRow(TypedDict):
    """As PriceChangeOutputSerializer writes it."""

    id: int
    storeId: int | None
    storeName: str
    oldPrice: str | None
    newPrice: str | None
    changedBy: str
    changedAt: datetime


class ProductRow(CatalogItemStateRow):
    """As ProductOutputSerializer writes it."""

    brand: str
    categoryId: int
    categoryName: str
    specification: str
    unit: str
    barcode: str
    useType: str
    cost: str | None
    defaultSafetyStock: int
    useUnit: str
    usePerUnit: str
    tracksBatches: bool


class ProductDetailRow(ProductRow):
    """As ProductDetailOutputSerializer writes it."""

    priceHistory: list[PriceChangeRow]


class ProductPackageLineRow(TypedDict):
    """As ProductPackageLineOutputSerializer writes it."""

    productId: int
    productCode: str
    productName: str
    quantity: int
    unitPrice: str


class ProductPackageRow(CatalogItemStateRow):
    """As ProductPackageOutputSerializer writes it."""

    lines: list[ProductPackageLineRow]


class ProductPackageDetailRow(ProductPackageRow):
    """As ProductPackageDetailOutputSerializer writes it."""

    priceHistory: list[PriceChangeRow]


class ProjectConsumableRow(TypedDict):
    """As ProjectConsumableOutputSerializer writes it."""

    productId: int
    productCode: str
    productName: str
    unit: str
    quantity: str


class ProjectRow(CatalogItemStateRow):
    """As ProjectOutputSerializer writes it."""

    categoryId: int
    categoryName: str
    durationMinutes: int
    requiredSkill: str
    consumables: list[ProjectConsumableRow]


class ProjectDetailRow(ProjectRow):
    """As ProjectDetailOutputSerializer writes it."""

    priceHistory: list[PriceChangeRow]


class ProjectPackageLineRow(TypedDict):
    """As ProjectPackageLineOutputSerializer writes it."""

    projectId: int
    projectCode: str
    projectName: str
    sessions: int


class ProjectPackageRow(CatalogItemStateRow):
    """As ProjectPackageOutputSerializer writes it."""

    validityDays: int
    lines: list[ProjectPackageLineRow]
    totalSessions: int


class ProjectPackageDetailRow(ProjectPackageRow):
    """As ProjectPackageDetailOutputSerializer writes it."""

    priceHistory: list[PriceChangeRow]


class CardDiscountRow(TypedDict):
    """As CardDiscountOutputSerializer writes it."""

    categoryId: int
    categoryName: str
    categoryKind: str
    rate: str


class CardTypeRow(CatalogItemStateRow):
    """As CardTypeOutputSerializer writes it."""

    kind: str
    faceValue: str
    validityDays: int
    projectPackageId: int | None
    projectPackageName: str
    discounts: list[CardDiscountRow]


class CouponTermsFields(TypedDict):
    """A coupon template as every coupon answer names it, with what it takes off: a cash coupon's
    amount, a discount coupon's rate and its cap."""

    code: str
    name: str
    kind: str
    amount: str | None
    rate: str | None
    maxDiscount: str | None


class CouponTemplateRow(CouponTermsFields):
    """As CouponTemplateOutputSerializer writes it."""

    id: int
    projectId: int | None
    projectName: str
    validFrom: date | None
    validTo: date | None
    validDays: int | None
    minSpend: str
    onePerOrder: bool
    stackable: bool
    enabled: bool
    storeEnabled: bool


class StoreItemRow(TypedDict):
    """As StoreItemOutputSerializer writes it."""

    storeId: int
    itemType: str
    itemId: int
    enabled: bool
    storeEnabled: bool
    price: str | None
    storePrice: str | None
    effectivePrice: str | None
    updatedAt: datetime


class PromotionStoreRow(TypedDict):
    """As PromotionStoreOutputSerializer writes it."""

    id: int
    name: str


class PromotionRow(TypedDict):
    """As PromotionOutputSerializer writes it."""

    id: int
    name: str
    start: datetime
    end: datetime
    status: str
    allStores: bool
    stores: list[PromotionStoreRow]
    lineCount: int
    remark: str


class PromotionLineRow(TypedDict):
    """As PromotionLineOutputSerializer writes it."""

    id: int
    itemType: str
    itemId: int
    itemCode: str
    itemName: str
    price: str
    promoPrice: str | None
    discountRate: str | None


class PromotionDetailRow(PromotionRow):
    """As PromotionDetailOutputSerializer writes it."""

    lines: list[PromotionLineRow]


class TimePeriodRow(TypedDict):
    """As TimePeriodOutputSerializer writes it."""

    id: int
    weekday: int | None
    start: str
    end: str
    capacity: int


class CategoryOptionRow(TypedDict):
    """As the inline CatalogCategoryOption writes it."""

    categoryId: int
    categoryName: str


class FilterOptionsRow(TypedDict):
    """As the inline CatalogFilterOptions writes it: brands only for products."""

    categories: list[CategoryOptionRow]
    brands: list[str]
