"""The catalogue head office owns (issue 4 §4): products, packages, projects, cards, coupons,
promotions, and each store's switches, own prices and bookable time periods.

Money is Decimal with 2 places (spec §9). Invariants that can be stated in SQL are constraints;
the rest (no overlapping time periods, the coupon kind's fields) are checked by `clean()` and the
services in apps.catalog.services."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from apps.catalog.choices import CardKind, CategoryKind, CouponKind, ItemType, UseType
from apps.core.lazy_text import StrOrPromise
from apps.core.model_fields import MONEY_DIGITS, created_at_field, money_field, updated_at_field, user_field
from apps.org.models import Store

ZERO = Decimal("0")


def _rate(verbose_name: StrOrPromise, **kwargs: Any) -> models.DecimalField[Any, Any]:
    return models.DecimalField(
        verbose_name,
        max_digits=5,
        decimal_places=4,
        validators=[MinValueValidator(ZERO), MaxValueValidator(Decimal("1"))],
        **kwargs,
    )


class Category(models.Model):
    kind = models.CharField(_("kind"), max_length=16, choices=CategoryKind.choices)
    name = models.CharField(_("name"), max_length=60)
    sort_order = models.PositiveIntegerField(_("sort order"), default=0)

    class Meta:
        verbose_name = _("category")
        verbose_name_plural = _("categories")
        ordering = ["kind", "sort_order", "id"]
        constraints = [models.UniqueConstraint(fields=["kind", "name"], name="catalog_category_unique_name")]

    def __str__(self) -> str:
        return self.name


class CatalogItem(models.Model):
    """What every sellable item shares: code, name, head-office price and switches."""

    code = models.CharField(_("code"), max_length=32, unique=True)
    name = models.CharField(_("name"), max_length=100)
    price = money_field(_("price"), at_least_zero=True)
    enabled = models.BooleanField(_("enabled"), default=True)
    store_price_allowed = models.BooleanField(
        _("store price allowed"), default=False, help_text=_("Stores may set their own price for this item.")
    )
    created_at = created_at_field()
    updated_at = updated_at_field()

    item_type: ItemType

    class Meta:
        abstract = True
        ordering = ["code"]

    def __str__(self) -> str:
        return f"{self.code} {self.name}"


class Product(CatalogItem):
    item_type = ItemType.PRODUCT

    brand = models.CharField(_("brand"), max_length=60, blank=True)
    category = models.ForeignKey(
        Category,
        verbose_name=_("category"),
        on_delete=models.PROTECT,
        related_name="products",
        limit_choices_to={"kind": CategoryKind.PRODUCT},
    )
    specification = models.CharField(_("specification"), max_length=60, blank=True)
    unit = models.CharField(_("unit"), max_length=16, default="瓶")
    barcode = models.CharField(_("barcode"), max_length=32, unique=True, null=True, blank=True)
    use_type = models.CharField(_("use type"), max_length=16, choices=UseType.choices, default=UseType.RETAIL)
    cost = money_field(_("cost"), default=ZERO, at_least_zero=True)
    default_safety_stock = models.PositiveIntegerField(_("default safety stock"), default=0)
    # A bottle is stocked by the bottle and used by the millilitre: stock moves count use units, a
    # stock unit holds `use_per_unit` of them. Blank `use_unit` means the product is used whole.
    use_unit = models.CharField(_("use unit"), max_length=16, blank=True)
    use_per_unit = models.DecimalField(
        _("use units per stock unit"),
        max_digits=10,
        decimal_places=3,
        default=Decimal("1"),
        validators=[MinValueValidator(Decimal("0.001"))],
    )
    tracks_batches = models.BooleanField(
        _("tracks batches"), default=False, help_text=_("Goods in record a batch number and an expiry date.")
    )

    class Meta(CatalogItem.Meta):
        verbose_name = _("product")
        verbose_name_plural = _("products")
        constraints = [
            models.CheckConstraint(condition=Q(price__gte=0) & Q(cost__gte=0), name="catalog_product_money"),
            models.CheckConstraint(
                condition=Q(use_type__in=[choice.value for choice in UseType]), name="catalog_product_use_type"
            ),
            models.CheckConstraint(condition=Q(use_per_unit__gt=0), name="catalog_product_use_per_unit"),
        ]

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.barcode = self.barcode or None  # blank means none; unique only among real barcodes
        super().save(*args, **kwargs)


class ProductPackage(CatalogItem):
    item_type = ItemType.PRODUCT_PACKAGE

    class Meta(CatalogItem.Meta):
        verbose_name = _("product package")
        verbose_name_plural = _("product packages")
        constraints = [models.CheckConstraint(condition=Q(price__gte=0), name="catalog_product_package_money")]


class ProductPackageLine(models.Model):
    package = models.ForeignKey(ProductPackage, on_delete=models.CASCADE, related_name="lines")
    product = models.ForeignKey(Product, verbose_name=_("product"), on_delete=models.PROTECT, related_name="+")
    quantity = models.PositiveIntegerField(_("quantity"), default=1, validators=[MinValueValidator(1)])

    class Meta:
        verbose_name = _("package line")
        verbose_name_plural = _("package lines")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["package", "product"], name="catalog_product_package_line_unique"),
            models.CheckConstraint(condition=Q(quantity__gte=1), name="catalog_product_package_line_quantity"),
        ]

    def __str__(self) -> str:
        return f"{self.product} × {self.quantity}"


class Project(CatalogItem):
    """A service a nurse performs."""

    item_type = ItemType.PROJECT

    category = models.ForeignKey(
        Category,
        verbose_name=_("category"),
        on_delete=models.PROTECT,
        related_name="projects",
        limit_choices_to={"kind": CategoryKind.PROJECT},
    )
    duration_minutes = models.PositiveIntegerField(_("duration (minutes)"), validators=[MinValueValidator(1)])
    required_skill = models.CharField(_("required skill"), max_length=60, blank=True)

    class Meta(CatalogItem.Meta):
        verbose_name = _("project")
        verbose_name_plural = _("projects")
        constraints = [
            models.CheckConstraint(condition=Q(price__gte=0), name="catalog_project_money"),
            models.CheckConstraint(condition=Q(duration_minutes__gte=1), name="catalog_project_duration"),
        ]


class ProjectConsumable(models.Model):
    """A product a project uses up each time it is performed."""

    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="consumables")
    product = models.ForeignKey(Product, verbose_name=_("product"), on_delete=models.PROTECT, related_name="+")
    quantity = models.DecimalField(
        _("quantity"), max_digits=10, decimal_places=3, default=Decimal("1"), validators=[MinValueValidator(ZERO)]
    )

    class Meta:
        verbose_name = _("consumed product")
        verbose_name_plural = _("consumed products")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["project", "product"], name="catalog_project_consumable_unique"),
            models.CheckConstraint(condition=Q(quantity__gt=0), name="catalog_project_consumable_quantity"),
        ]

    def __str__(self) -> str:
        return f"{self.product} × {self.quantity}"


class ProjectPackage(CatalogItem):
    """N sessions of given projects, valid for some days after purchase."""

    item_type = ItemType.PROJECT_PACKAGE

    validity_days = models.PositiveIntegerField(_("validity (days)"), default=365)

    class Meta(CatalogItem.Meta):
        verbose_name = _("project package")
        verbose_name_plural = _("project packages")
        constraints = [models.CheckConstraint(condition=Q(price__gte=0), name="catalog_project_package_money")]


class ProjectPackageLine(models.Model):
    package = models.ForeignKey(ProjectPackage, on_delete=models.CASCADE, related_name="lines")
    project = models.ForeignKey(Project, verbose_name=_("project"), on_delete=models.PROTECT, related_name="+")
    sessions = models.PositiveIntegerField(_("sessions"), default=1, validators=[MinValueValidator(1)])

    class Meta:
        verbose_name = _("package line")
        verbose_name_plural = _("package lines")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["package", "project"], name="catalog_project_package_line_unique"),
            models.CheckConstraint(condition=Q(sessions__gte=1), name="catalog_project_package_line_sessions"),
        ]

    def __str__(self) -> str:
        return f"{self.project} × {self.sessions}"


class CardType(CatalogItem):
    """A stored-value card (face value, discounts by category) or a package card (a project package)."""

    item_type = ItemType.CARD_TYPE

    kind = models.CharField(_("kind"), max_length=16, choices=CardKind.choices, default=CardKind.STORED_VALUE)
    face_value = money_field(_("face value"), default=ZERO, at_least_zero=True)
    project_package = models.ForeignKey(
        ProjectPackage,
        verbose_name=_("project package"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="card_types",
    )
    validity_days = models.PositiveIntegerField(_("validity (days)"), default=365)

    class Meta(CatalogItem.Meta):
        verbose_name = _("card type")
        verbose_name_plural = _("card types")
        constraints = [
            models.CheckConstraint(condition=Q(price__gte=0) & Q(face_value__gte=0), name="catalog_card_type_money"),
            models.CheckConstraint(
                condition=Q(kind=CardKind.STORED_VALUE) | Q(project_package__isnull=False),
                name="catalog_card_type_package_needs_package",
            ),
        ]

    def clean(self) -> None:
        if self.kind == CardKind.PACKAGE and self.project_package_id is None:
            raise ValidationError({"project_package": _("a package card needs a project package")})


class CardTypeDiscount(models.Model):
    """A stored-value card pays items of a category at `rate` of their price (0.8 = 20% off)."""

    card_type = models.ForeignKey(CardType, on_delete=models.CASCADE, related_name="discounts")
    category = models.ForeignKey(Category, verbose_name=_("category"), on_delete=models.PROTECT, related_name="+")
    rate = _rate(_("rate"))

    class Meta:
        verbose_name = _("discount rule")
        verbose_name_plural = _("discount rules")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["card_type", "category"], name="catalog_card_discount_unique"),
            models.CheckConstraint(condition=Q(rate__gte=0) & Q(rate__lte=1), name="catalog_card_discount_rate"),
        ]

    def __str__(self) -> str:
        return f"{self.category} {self.rate}"


class CouponTemplate(models.Model):
    """Coupons of kinds A (cash: amount off), B (discount: rate, capped) and C (a free project).
    Valid between two dates, or for `valid_days` after it is issued."""

    code = models.CharField(_("code"), max_length=32, unique=True)
    name = models.CharField(_("name"), max_length=100)
    kind = models.CharField(_("kind"), max_length=1, choices=CouponKind.choices)
    amount = money_field(_("amount off"), null=True, blank=True, at_least_zero=True)
    rate = _rate(_("discount rate"), null=True, blank=True, help_text=_("0.85 means the customer pays 85%."))
    max_discount = money_field(_("maximum discount"), null=True, blank=True, at_least_zero=True)
    project = models.ForeignKey(
        Project, verbose_name=_("free project"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    valid_from = models.DateField(_("valid from"), null=True, blank=True)
    valid_to = models.DateField(_("valid to"), null=True, blank=True)
    valid_days = models.PositiveIntegerField(_("valid days after issue"), null=True, blank=True)
    min_spend = money_field(_("minimum spend"), default=ZERO, at_least_zero=True)
    one_per_order = models.BooleanField(_("one per order"), default=True)
    stackable = models.BooleanField(_("stackable with other offers"), default=False)
    enabled = models.BooleanField(_("enabled"), default=True)
    created_at = created_at_field()
    updated_at = updated_at_field()

    item_type = ItemType.COUPON_TEMPLATE
    store_price_allowed = False  # a coupon has no price a store could change
    price = None

    class Meta:
        verbose_name = _("coupon template")
        verbose_name_plural = _("coupon templates")
        ordering = ["kind", "code"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(kind=CouponKind.CASH) & Q(amount__gt=0))
                | (Q(kind=CouponKind.DISCOUNT) & Q(rate__gt=0) & Q(rate__lt=1))
                | (Q(kind=CouponKind.FREE_PROJECT) & Q(project__isnull=False)),
                name="catalog_coupon_kind_fields",
            ),
            models.CheckConstraint(
                condition=Q(valid_days__isnull=False) | (Q(valid_from__isnull=False) & Q(valid_to__isnull=False)),
                name="catalog_coupon_validity",
            ),
            models.CheckConstraint(
                condition=Q(valid_from__isnull=True)
                | Q(valid_to__isnull=True)
                | Q(valid_to__gte=models.F("valid_from")),
                name="catalog_coupon_validity_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code} {self.name}"

    def clean(self) -> None:
        errors: dict[str, StrOrPromise] = {}
        if self.kind == CouponKind.CASH and not (self.amount and self.amount > 0):
            errors["amount"] = _("a cash coupon needs an amount above 0")
        if self.kind == CouponKind.DISCOUNT and not (self.rate is not None and ZERO < self.rate < 1):
            errors["rate"] = _("the discount rate must be between 0 and 1")
        if self.kind == CouponKind.FREE_PROJECT and self.project_id is None:
            errors["project"] = _("a free-project coupon needs a project")
        if self.valid_days is None and (self.valid_from is None or self.valid_to is None):
            errors["valid_days"] = _("give valid days, or both valid from and valid to")
        if self.valid_from and self.valid_to and self.valid_to < self.valid_from:
            errors["valid_to"] = _("the end must be after the start")
        if errors:
            raise ValidationError(errors)


class Promotion(models.Model):
    """Time-bounded prices or discounts for chosen items; no stores means every store."""

    name = models.CharField(_("name"), max_length=100)
    start = models.DateTimeField(_("start"))
    end = models.DateTimeField(_("end"))
    stores = models.ManyToManyField(
        Store, verbose_name=_("stores"), blank=True, related_name="+", help_text=_("Empty means every store.")
    )
    remark = models.CharField(_("remark"), max_length=200, blank=True)
    created_at = created_at_field()
    updated_at = updated_at_field()

    class Meta:
        verbose_name = _("promotion")
        verbose_name_plural = _("promotions")
        ordering = ["-start", "-id"]
        constraints = [models.CheckConstraint(condition=Q(end__gt=models.F("start")), name="catalog_promotion_period")]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.start and self.end and self.end <= self.start:
            raise ValidationError({"end": _("the end must be after the start")})


class PromotionLine(models.Model):
    """One item at a promotion price or a discount rate (exactly one of them)."""

    promotion = models.ForeignKey(Promotion, on_delete=models.CASCADE, related_name="lines")
    product = models.ForeignKey(Product, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    product_package = models.ForeignKey(
        ProductPackage, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    project = models.ForeignKey(Project, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    project_package = models.ForeignKey(
        ProjectPackage, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    promo_price = money_field(_("promotion price"), null=True, blank=True, at_least_zero=True)
    discount_rate = models.DecimalField(
        _("discount rate"), max_digits=5, decimal_places=4, null=True, blank=True, help_text=_("Between 0 and 1.")
    )

    ITEM_FIELDS = ("product", "product_package", "project", "project_package")

    class Meta:
        verbose_name = _("promotion line")
        verbose_name_plural = _("promotion lines")
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(product__isnull=False, product_package__isnull=True, project__isnull=True)
                    & Q(project_package__isnull=True)
                )
                | Q(
                    product__isnull=True,
                    product_package__isnull=False,
                    project__isnull=True,
                    project_package__isnull=True,
                )
                | Q(
                    product__isnull=True,
                    product_package__isnull=True,
                    project__isnull=False,
                    project_package__isnull=True,
                )
                | Q(
                    product__isnull=True,
                    product_package__isnull=True,
                    project__isnull=True,
                    project_package__isnull=False,
                ),
                name="catalog_promotion_line_one_item",
            ),
            models.CheckConstraint(
                condition=(Q(promo_price__isnull=False) & Q(promo_price__gte=0) & Q(discount_rate__isnull=True))
                | (Q(promo_price__isnull=True) & Q(discount_rate__gt=0) & Q(discount_rate__lt=1)),
                name="catalog_promotion_line_price_or_rate",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.item} {self.promo_price if self.promo_price is not None else self.discount_rate}"

    @property
    def item(self) -> CatalogItem | None:
        return next((getattr(self, field) for field in self.ITEM_FIELDS if getattr(self, f"{field}_id")), None)

    def clean(self) -> None:
        chosen = [field for field in self.ITEM_FIELDS if getattr(self, f"{field}_id")]
        if len(chosen) != 1:
            raise ValidationError(_("choose exactly one product, package, project or project package"))
        if (self.promo_price is None) == (self.discount_rate is None):
            raise ValidationError(_("give either a promotion price or a discount rate"))
        if self.promo_price is not None and self.promo_price < 0:
            raise ValidationError({"promo_price": _("the promotion price cannot be negative")})
        if self.discount_rate is not None and not (ZERO < self.discount_rate < 1):
            raise ValidationError({"discount_rate": _("the discount rate must be between 0 and 1")})


_STORE_ITEM_FIELDS = {
    ItemType.PRODUCT: "product",
    ItemType.PRODUCT_PACKAGE: "product_package",
    ItemType.PROJECT: "project",
    ItemType.PROJECT_PACKAGE: "project_package",
    ItemType.CARD_TYPE: "card_type",
    ItemType.COUPON_TEMPLATE: "coupon_template",
}


def _one_item_of_its_type() -> Q:
    condition = Q()
    for kind, field in _STORE_ITEM_FIELDS.items():
        others = {f"{other}__isnull": True for other in _STORE_ITEM_FIELDS.values() if other != field}
        condition |= Q(item_type=kind.value, **{f"{field}__isnull": False}, **others)
    return condition


# What a store switches on or off: the catalogue items, and the coupon templates that have no price.
SwitchableItem = CatalogItem | CouponTemplate


class StoreItem(models.Model):
    """A store's switch and own price for one item (one FK set, by `item_type`). No row means the
    head office's state: enabled as head office says, at the head office price."""

    store = models.ForeignKey(Store, verbose_name=_("store"), on_delete=models.CASCADE, related_name="+")
    item_type = models.CharField(_("item type"), max_length=16, choices=ItemType.choices)
    product = models.ForeignKey(Product, on_delete=models.CASCADE, null=True, blank=True, related_name="store_items")
    product_package = models.ForeignKey(
        ProductPackage, on_delete=models.CASCADE, null=True, blank=True, related_name="store_items"
    )
    project = models.ForeignKey(Project, on_delete=models.CASCADE, null=True, blank=True, related_name="store_items")
    project_package = models.ForeignKey(
        ProjectPackage, on_delete=models.CASCADE, null=True, blank=True, related_name="store_items"
    )
    card_type = models.ForeignKey(CardType, on_delete=models.CASCADE, null=True, blank=True, related_name="store_items")
    coupon_template = models.ForeignKey(
        CouponTemplate, on_delete=models.CASCADE, null=True, blank=True, related_name="store_items"
    )
    enabled = models.BooleanField(_("enabled"), default=True)
    store_price = money_field(_("store price"), null=True, blank=True, at_least_zero=True)
    updated_by = user_field(_("updated by"), reverse_accessor=True)
    updated_at = updated_at_field()

    ITEM_FIELDS = _STORE_ITEM_FIELDS  # item_type -> the FK field that holds the item

    class Meta:
        verbose_name = _("store item")
        verbose_name_plural = _("store items")
        ordering = ["store", "item_type", "id"]
        constraints = [
            *(
                models.UniqueConstraint(
                    fields=["store", field], condition=Q(**{f"{field}__isnull": False}), name=f"catalog_store_{field}"
                )
                for field in _STORE_ITEM_FIELDS.values()
            ),
            models.CheckConstraint(condition=_one_item_of_its_type(), name="catalog_store_item_has_item"),
            models.CheckConstraint(
                condition=Q(store_price__isnull=True) | Q(store_price__gte=0), name="catalog_store_item_price"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.store_id}:{self.item_type}:{self.item_id}"

    @property
    def item_id(self) -> int | None:
        return getattr(self, f"{self.ITEM_FIELDS[ItemType(self.item_type)]}_id")

    @property
    def item(self) -> SwitchableItem:
        """The item the row switches: the one foreign key its `item_type` names."""
        return getattr(self, self.ITEM_FIELDS[ItemType(self.item_type)])


class PriceChange(models.Model):
    """The price log: every change of a head-office price (store null) or a store's own price."""

    item_type = models.CharField(_("item type"), max_length=16, choices=ItemType.choices)
    item_id = models.PositiveBigIntegerField(_("item id"))
    item_code = models.CharField(_("item code"), max_length=32)
    item_name = models.CharField(_("item name"), max_length=100)
    store = models.ForeignKey(
        Store, verbose_name=_("store"), on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    old_price = models.DecimalField(_("old price"), max_digits=MONEY_DIGITS, decimal_places=2, null=True, blank=True)
    new_price = models.DecimalField(_("new price"), max_digits=MONEY_DIGITS, decimal_places=2, null=True, blank=True)
    changed_by = user_field(_("changed by"), reverse_accessor=True)
    changed_by_name = models.CharField(_("changed by"), max_length=150, blank=True)
    changed_at = models.DateTimeField(_("changed"), auto_now_add=True)

    class Meta:
        verbose_name = _("price change")
        verbose_name_plural = _("price changes")
        ordering = ["-changed_at", "-id"]
        indexes = [models.Index(fields=["item_type", "item_id", "-changed_at"], name="catalog_price_item_idx")]

    def __str__(self) -> str:
        return f"{self.item_code}: {self.old_price} → {self.new_price}"


class TimePeriod(models.Model):
    """A bookable slot of a store: on a weekday (0 Monday … 6 Sunday) or every day (null)."""

    store = models.ForeignKey(Store, verbose_name=_("store"), on_delete=models.CASCADE, related_name="+")
    weekday = models.PositiveSmallIntegerField(
        _("weekday"), null=True, blank=True, validators=[MaxValueValidator(6)], help_text=_("Empty means every day.")
    )
    start = models.TimeField(_("start"))
    end = models.TimeField(_("end"))
    capacity = models.PositiveIntegerField(_("capacity"), default=1, validators=[MinValueValidator(1)])

    class Meta:
        verbose_name = _("time period")
        verbose_name_plural = _("time periods")
        ordering = ["store", "weekday", "start"]
        constraints = [
            models.CheckConstraint(condition=Q(end__gt=models.F("start")), name="catalog_time_period_order"),
            models.CheckConstraint(condition=Q(capacity__gte=1), name="catalog_time_period_capacity"),
            models.CheckConstraint(
                condition=Q(weekday__isnull=True) | Q(weekday__lte=6), name="catalog_time_period_weekday"
            ),
            models.UniqueConstraint(fields=["store", "weekday", "start"], name="catalog_time_period_unique_start"),
        ]

    def __str__(self) -> str:
        return f"{self.start:%H:%M}-{self.end:%H:%M}"


class ItemCategoryHistory(models.Model):
    """The category a product or project belonged to from a business day on (issue 29 §1: a sale
    counts for the category its item had that day). Written by the database, in the writer's
    transaction, whenever an item is created or moved to another category (migration 0004's
    triggers). An item's first row starts at the beginning of history, so every past day has one."""

    item_type = models.CharField(_("item type"), max_length=16, choices=ItemType.choices)
    item_id = models.BigIntegerField(_("item"))
    # No constraint: a category deleted once empty leaves its history (its id) behind.
    category = models.ForeignKey(
        Category, verbose_name=_("category"), on_delete=models.DO_NOTHING, db_constraint=False, related_name="+"
    )
    valid_from = models.DateField(_("from"))

    class Meta:
        verbose_name = _("item's category history")
        verbose_name_plural = _("items' category history")
        ordering = ["item_type", "item_id", "valid_from"]
        constraints = [
            models.UniqueConstraint(
                fields=["item_type", "item_id", "valid_from"], name="item_category_history_once_a_day"
            )
        ]

    def __str__(self) -> str:
        return f"{self.item_type} {self.item_id} {self.category_id} {self.valid_from}"
