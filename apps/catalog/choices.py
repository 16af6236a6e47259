"""Choices and constants of the catalogue (issue 4 §4; spec §2.2 pages, §5 export cap, §9 money)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class CategoryKind(models.TextChoices):
    PRODUCT = "product", _("product")
    PROJECT = "project", _("project")


class UseType(models.TextChoices):
    RETAIL = "retail", _("retail")
    PROFESSIONAL = "professional", _("professional")


class CardKind(models.TextChoices):
    STORED_VALUE = "storedValue", _("stored-value card")
    PACKAGE = "package", _("package card")


class CouponKind(models.TextChoices):
    """The spec's coupon kinds A, B and C, designed as cash, discount and free-project coupons."""

    CASH = "A", _("cash coupon")
    DISCOUNT = "B", _("discount coupon")
    FREE_PROJECT = "C", _("free-project coupon")


class ItemType(models.TextChoices):
    """What a store switches on or off (POST /rest/commodity/storeItem `itemType`)."""

    PRODUCT = "product", _("product")
    PRODUCT_PACKAGE = "productPackage", _("product package")
    PROJECT = "project", _("project")
    PROJECT_PACKAGE = "projectPackage", _("project package")
    CARD_TYPE = "cardType", _("card type")
    COUPON_TEMPLATE = "couponTemplate", _("coupon template")


class PromotionStatus(models.TextChoices):
    CURRENT = "current", _("current")
    UPCOMING = "upcoming", _("upcoming")
    ENDED = "ended", _("ended")


class AuditAction(models.TextChoices):
    ITEM_SAVED = "catalog.item_saved", _("saved a catalogue item")
    ITEM_DELETED = "catalog.item_deleted", _("deleted a catalogue item")
    PRICE_CHANGED = "catalog.price_changed", _("changed a price")
    STORE_ITEM_SAVED = "catalog.store_item_saved", _("switched a store's item or price")
    ITEMS_IMPORTED = "catalog.items_imported", _("imported catalogue items")
    TIME_PERIODS_SAVED = "catalog.time_periods_saved", _("saved a store's time periods")


# An Excel import of products or projects (admin): a whole catalogue fits, a runaway file does not.
CATALOG_IMPORT_MAX_ROWS = 5_000
