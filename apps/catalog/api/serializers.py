"""Request parsers and the documented answer shapes of the catalogue calls (issue 4 §4). The
answers are built by apps.catalog.selectors; tests/test_wire_shapes.py keeps both in step."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.catalog.choices import CardKind, CouponKind, ItemType, PromotionStatus, UseType
from apps.core import bounds, fields
from apps.core.pagination import PageInputSerializer

# -- inputs --------------------------------------------------------------------------------------


class CatalogStoreInputSerializer(serializers.Serializer[Any]):
    storeId = fields.IntegerField(
        required=False,
        help_text="the store whose switch and price to show; default: the chosen store",
        source="store_id",
    )


class CatalogSearchInputSerializer(PageInputSerializer, CatalogStoreInputSerializer):
    keyword = fields.CharField(required=False, allow_blank=True, max_length=100, default="")
    enabled = serializers.BooleanField(
        required=False, allow_null=True, default=None, help_text="switched on (or off) for the acting store"
    )


class ProductSearchInputSerializer(CatalogSearchInputSerializer):
    keyword = fields.CharField(
        required=False, allow_blank=True, max_length=100, default="", help_text="part of the name, code or barcode"
    )
    categoryId = fields.IntegerField(required=False, source="category_id")
    brand = fields.CharField(required=False, allow_blank=True, max_length=60, default="")
    useType = serializers.ChoiceField(
        choices=UseType.choices, required=False, allow_blank=True, default="", source="use_type"
    )


class ProjectSearchInputSerializer(CatalogSearchInputSerializer):
    categoryId = fields.IntegerField(required=False, source="category_id")


class CardTypeSearchInputSerializer(CatalogSearchInputSerializer):
    kind = serializers.ChoiceField(choices=CardKind.choices, required=False, allow_blank=True, default="")


class CouponTemplateSearchInputSerializer(CatalogSearchInputSerializer):
    kind = serializers.ChoiceField(choices=CouponKind.choices, required=False, allow_blank=True, default="")


class StoreItemInputSerializer(serializers.Serializer[Any]):
    storeId = fields.IntegerField(required=False, help_text="default: the chosen store", source="store_id")
    itemType = serializers.ChoiceField(choices=ItemType.choices, source="item_type")
    itemId = fields.IntegerField(source="item_id")
    enabled = serializers.BooleanField()
    storePrice = fields.number(
        bounds.MONEY_LINE,
        required=False,
        allow_null=True,
        help_text="the store's own price; null clears it; only where head office allows",
        source="store_price",
    )


class PromotionSearchInputSerializer(PageInputSerializer):
    status = serializers.ChoiceField(choices=PromotionStatus.choices, required=False, allow_blank=True, default="")
    keyword = fields.CharField(required=False, allow_blank=True, max_length=100, default="")


class TimePeriodListInputSerializer(serializers.Serializer[Any]):
    storeId = fields.IntegerField(required=False, help_text="default: the chosen store", source="store_id")


class TimePeriodInputSerializer(serializers.Serializer[Any]):
    weekday = fields.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=6, help_text="0 Monday … 6 Sunday; null every day"
    )
    start = fields.TimeField(format="%H:%M", input_formats=["%H:%M"], help_text="HH:MM")
    end = fields.TimeField(format="%H:%M", input_formats=["%H:%M"], help_text="HH:MM")
    capacity = fields.number(bounds.PLACES, low=1)


class TimePeriodSaveInputSerializer(serializers.Serializer[Any]):
    storeId = fields.IntegerField(required=False, help_text="default: the chosen store", source="store_id")
    periods = serializers.ListField(child=TimePeriodInputSerializer(), max_length=200)


# -- outputs -------------------------------------------------------------------------------------


def money(help_text: str = "", **kwargs: Any) -> serializers.CharField:
    return serializers.CharField(help_text=help_text or 'decimal string, 2 places ("199.00")', **kwargs)


class CatalogItemStateOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    price = money("head office price")
    enabled = serializers.BooleanField(help_text="switched on by head office")
    storePriceAllowed = serializers.BooleanField()
    storeEnabled = serializers.BooleanField(help_text="on for the acting store (head office's and the store's switch)")
    storePrice = money("the store's own price, null when it has none", allow_null=True)
    effectivePrice = money("the price in the acting store")


class PriceChangeOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    storeId = serializers.IntegerField(allow_null=True, help_text="null: a head office price change")
    storeName = serializers.CharField()
    oldPrice = money(allow_null=True)
    newPrice = money(allow_null=True)
    changedBy = serializers.CharField()
    changedAt = serializers.DateTimeField()


class ProductOutputSerializer(CatalogItemStateOutputSerializer):
    brand = serializers.CharField()
    categoryId = serializers.IntegerField()
    categoryName = serializers.CharField()
    specification = serializers.CharField()
    unit = serializers.CharField()
    barcode = serializers.CharField()
    useType = serializers.ChoiceField(choices=UseType.choices)
    cost = money("null for a role without BTN-SPGL-COST-VIEW", allow_null=True)
    defaultSafetyStock = serializers.IntegerField()
    useUnit = serializers.CharField(help_text="the unit stock is used in (ml); empty: used whole, by the stock unit")
    usePerUnit = serializers.CharField(help_text="decimal string: use units in one stock unit (500)")
    tracksBatches = serializers.BooleanField(help_text="goods in record a batch number and an expiry date")


class ProductPageOutputSerializer(serializers.Serializer[Any]):
    list = ProductOutputSerializer(many=True)
    total = serializers.IntegerField()


class ProductDetailOutputSerializer(ProductOutputSerializer):
    priceHistory = PriceChangeOutputSerializer(many=True)


class ProductPackageLineOutputSerializer(serializers.Serializer[Any]):
    productId = serializers.IntegerField()
    productCode = serializers.CharField()
    productName = serializers.CharField()
    quantity = serializers.IntegerField()
    unitPrice = money("the product's head office price")


class ProductPackageOutputSerializer(CatalogItemStateOutputSerializer):
    lines = ProductPackageLineOutputSerializer(many=True)


class ProductPackagePageOutputSerializer(serializers.Serializer[Any]):
    list = ProductPackageOutputSerializer(many=True)
    total = serializers.IntegerField()


class ProductPackageDetailOutputSerializer(ProductPackageOutputSerializer):
    priceHistory = PriceChangeOutputSerializer(many=True)


class ProjectConsumableOutputSerializer(serializers.Serializer[Any]):
    productId = serializers.IntegerField()
    productCode = serializers.CharField()
    productName = serializers.CharField()
    unit = serializers.CharField()
    quantity = serializers.CharField(help_text="decimal string")


class ProjectOutputSerializer(CatalogItemStateOutputSerializer):
    categoryId = serializers.IntegerField()
    categoryName = serializers.CharField()
    durationMinutes = serializers.IntegerField()
    requiredSkill = serializers.CharField()
    consumables = ProjectConsumableOutputSerializer(many=True)


class ProjectPageOutputSerializer(serializers.Serializer[Any]):
    list = ProjectOutputSerializer(many=True)
    total = serializers.IntegerField()


class ProjectDetailOutputSerializer(ProjectOutputSerializer):
    priceHistory = PriceChangeOutputSerializer(many=True)


class ProjectPackageLineOutputSerializer(serializers.Serializer[Any]):
    projectId = serializers.IntegerField()
    projectCode = serializers.CharField()
    projectName = serializers.CharField()
    sessions = serializers.IntegerField()


class ProjectPackageOutputSerializer(CatalogItemStateOutputSerializer):
    validityDays = serializers.IntegerField()
    lines = ProjectPackageLineOutputSerializer(many=True)
    totalSessions = serializers.IntegerField()


class ProjectPackagePageOutputSerializer(serializers.Serializer[Any]):
    list = ProjectPackageOutputSerializer(many=True)
    total = serializers.IntegerField()


class ProjectPackageDetailOutputSerializer(ProjectPackageOutputSerializer):
    priceHistory = PriceChangeOutputSerializer(many=True)


class CardDiscountOutputSerializer(serializers.Serializer[Any]):
    categoryId = serializers.IntegerField()
    categoryName = serializers.CharField()
    categoryKind = serializers.CharField()
    rate = serializers.CharField(help_text='share of the price paid, 0-1 ("0.80")')


class CardTypeOutputSerializer(CatalogItemStateOutputSerializer):
    kind = serializers.ChoiceField(choices=CardKind.choices)
    faceValue = money()
    validityDays = serializers.IntegerField()
    projectPackageId = serializers.IntegerField(allow_null=True)
    projectPackageName = serializers.CharField()
    discounts = CardDiscountOutputSerializer(many=True)


class CardTypePageOutputSerializer(serializers.Serializer[Any]):
    list = CardTypeOutputSerializer(many=True)
    total = serializers.IntegerField()


class CouponTemplateOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    code = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=CouponKind.choices, help_text="A cash, B discount, C free project")
    amount = money("A: amount off", allow_null=True)
    rate = serializers.CharField(allow_null=True, help_text='B: share of the price paid ("0.85")')
    maxDiscount = money("B: the most it takes off", allow_null=True)
    projectId = serializers.IntegerField(allow_null=True, help_text="C: the free project")
    projectName = serializers.CharField()
    validFrom = serializers.DateField(allow_null=True)
    validTo = serializers.DateField(allow_null=True)
    validDays = serializers.IntegerField(allow_null=True, help_text="days after issue, when no dates")
    minSpend = money()
    onePerOrder = serializers.BooleanField()
    stackable = serializers.BooleanField()
    enabled = serializers.BooleanField()
    storeEnabled = serializers.BooleanField()


class CouponTemplatePageOutputSerializer(serializers.Serializer[Any]):
    list = CouponTemplateOutputSerializer(many=True)
    total = serializers.IntegerField()


class StoreItemOutputSerializer(serializers.Serializer[Any]):
    storeId = serializers.IntegerField()
    itemType = serializers.ChoiceField(choices=ItemType.choices)
    itemId = serializers.IntegerField()
    enabled = serializers.BooleanField(help_text="the store's switch")
    storeEnabled = serializers.BooleanField(help_text="on in the store (head office's switch too)")
    price = money("head office price", allow_null=True)
    storePrice = money(allow_null=True)
    effectivePrice = money(allow_null=True)
    updatedAt = serializers.DateTimeField()


class PromotionStoreOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class PromotionOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    start = serializers.DateTimeField()
    end = serializers.DateTimeField()
    status = serializers.ChoiceField(choices=PromotionStatus.choices)
    allStores = serializers.BooleanField()
    stores = PromotionStoreOutputSerializer(many=True)
    lineCount = serializers.IntegerField()
    remark = serializers.CharField()


class PromotionPageOutputSerializer(serializers.Serializer[Any]):
    list = PromotionOutputSerializer(many=True)
    total = serializers.IntegerField()


class PromotionLineOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    itemType = serializers.ChoiceField(choices=ItemType.choices)
    itemId = serializers.IntegerField()
    itemCode = serializers.CharField()
    itemName = serializers.CharField()
    price = money("head office price")
    promoPrice = money(allow_null=True)
    discountRate = serializers.CharField(allow_null=True, help_text='share of the price paid ("0.80")')


class PromotionDetailOutputSerializer(PromotionOutputSerializer):
    lines = PromotionLineOutputSerializer(many=True)


class TimePeriodOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    weekday = serializers.IntegerField(allow_null=True)
    start = serializers.CharField(help_text="HH:MM")
    end = serializers.CharField(help_text="HH:MM")
    capacity = serializers.IntegerField()
