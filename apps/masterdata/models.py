"""Master data read by every store page (spec §7.6): the master lists, the group-buy platforms,
market segments (商圈) by city and the national administrative divisions (GB/T 2260)."""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.masterdata.choices import (
    MASTER_CODE_MAX_LENGTH,
    MASTER_NAME_MAX_LENGTH,
    REGION_CODE_LENGTH,
    MasterType,
    PlatformAdapter,
    PlatformType,
    RegionLevel,
)

region_code_validator = RegexValidator(r"^\d{6}$", _("a region code has 6 digits"))


class MasterItem(models.Model):
    """One value of a master list (gender, education, member source, ...), kept in the admin."""

    type = models.CharField(_("list"), max_length=20, choices=MasterType.choices, db_index=True)
    code = models.CharField(_("code"), max_length=MASTER_CODE_MAX_LENGTH)
    name = models.CharField(_("name"), max_length=MASTER_NAME_MAX_LENGTH)
    name_en = models.CharField(_("English name"), max_length=MASTER_NAME_MAX_LENGTH, blank=True)
    sort_order = models.PositiveSmallIntegerField(_("sort order"), default=0)
    enabled = models.BooleanField(_("enabled"), default=True)

    class Meta:
        verbose_name = _("master list value")
        verbose_name_plural = _("master list values")
        ordering = ["type", "sort_order", "id"]
        constraints = [models.UniqueConstraint(fields=["type", "code"], name="masterdata_item_type_code_unique")]

    def __str__(self) -> str:
        return f"{self.get_type_display()}: {self.name}"


class Platform(models.Model):
    """A group-buy, joint-venture or fission platform (spec §3 Platform, §9). The id is chosen, not
    generated: clients know some of them (the review platforms 19 and 21 get the coupon pre-check)."""

    id = models.PositiveIntegerField(_("id"), primary_key=True)
    name = models.CharField(_("name"), max_length=MASTER_NAME_MAX_LENGTH, unique=True)
    platform_type = models.PositiveSmallIntegerField(_("platform type"), choices=PlatformType.choices)
    is_review_platform = models.BooleanField(_("review platform"), default=False)
    adapter = models.CharField(
        _("write-off adapter"), max_length=16, choices=PlatformAdapter.choices, default=PlatformAdapter.MANUAL
    )
    sort_order = models.PositiveSmallIntegerField(_("sort order"), default=0)
    enabled = models.BooleanField(_("enabled"), default=True)

    class Meta:
        verbose_name = _("platform")
        verbose_name_plural = _("platforms")
        ordering = ["platform_type", "sort_order", "id"]

    def __str__(self) -> str:
        return self.name


class MarketSegment(models.Model):
    """A business district (商圈) of a city, by the city's GB/T 2260 code."""

    city_code = models.CharField(
        _("city code"), max_length=REGION_CODE_LENGTH, validators=[region_code_validator], db_index=True
    )
    name = models.CharField(_("name"), max_length=MASTER_NAME_MAX_LENGTH)
    sort_order = models.PositiveSmallIntegerField(_("sort order"), default=0)
    enabled = models.BooleanField(_("enabled"), default=True)

    class Meta:
        verbose_name = _("market segment")
        verbose_name_plural = _("market segments")
        ordering = ["city_code", "sort_order", "id"]
        constraints = [
            models.UniqueConstraint(fields=["city_code", "name"], name="masterdata_segment_city_name_unique")
        ]

    def __str__(self) -> str:
        return self.name


class Region(models.Model):
    """A province, city or district of the national administrative division codes (GB/T 2260),
    loaded by `manage.py load_regions`, never typed by hand."""

    code = models.CharField(
        _("code"), max_length=REGION_CODE_LENGTH, primary_key=True, validators=[region_code_validator]
    )
    name = models.CharField(_("name"), max_length=MASTER_NAME_MAX_LENGTH)
    level = models.PositiveSmallIntegerField(_("level"), choices=RegionLevel.choices)
    parent = models.ForeignKey(
        "self", verbose_name=_("parent"), on_delete=models.PROTECT, null=True, blank=True, related_name="children"
    )

    class Meta:
        verbose_name = _("region")
        verbose_name_plural = _("regions")
        ordering = ["code"]
        indexes = [models.Index(fields=["level", "code"], name="masterdata_region_level_code")]

    def __str__(self) -> str:
        return f"{self.code} {self.name}"
