"""The organisation tree: head office, regions, stores. A role is held at one node (spec §3 hierId)."""

from __future__ import annotations

from typing import Any, ClassVar

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.translation import gettext_lazy as _

from apps.core.model_fields import created_at_field, updated_at_field
from apps.org.choices import OrgUnitKind, StoreStatus

_ALLOWED_PARENT = {
    OrgUnitKind.HEAD_OFFICE: (None,),
    OrgUnitKind.REGION: (OrgUnitKind.HEAD_OFFICE, OrgUnitKind.REGION),
    OrgUnitKind.STORE: (OrgUnitKind.HEAD_OFFICE, OrgUnitKind.REGION),
}


# Shared by OrgUnit and its proxy Store, so it names neither model.
class OrgUnitQuerySet(models.QuerySet[Any]):
    def stores(self) -> OrgUnitQuerySet:
        return self.filter(kind=OrgUnitKind.STORE)

    def subtree_of(self, unit: OrgUnit) -> OrgUnitQuerySet:
        return self.filter(path__startswith=unit.path)


OrgUnitManager = models.Manager.from_queryset(OrgUnitQuerySet)


class OrgUnit(models.Model):
    """A node of the tree. `path` ("/1/4/9/") is the materialised chain of ids, so "the stores
    under a level" is one indexed prefix query."""

    kind = models.CharField(_("kind"), max_length=16, choices=OrgUnitKind.choices)
    name = models.CharField(_("name"), max_length=100)
    code = models.CharField(_("code"), max_length=32, unique=True)
    parent = models.ForeignKey(
        "self", verbose_name=_("parent"), null=True, blank=True, on_delete=models.PROTECT, related_name="children"
    )
    path = models.CharField(_("path"), max_length=255, editable=False, db_index=True, default="")
    is_active = models.BooleanField(_("active"), default=True)
    front_desk_check_required = models.BooleanField(
        _("front-desk check required"),
        default=False,
        help_text=_("Shows the group-buy verification button in the member search dialog."),
    )
    signature_required = models.BooleanField(
        _("signature required for package sessions"),
        default=False,
        help_text=_("An order that uses package-card sessions is paid only after the member has signed."),
    )
    # Above this amount a refund needs an owner's approval (until the approval centre exists: the
    # refund-approval button code, held by owners); empty: no refund needs one.
    refund_approval_above = models.DecimalField(
        _("refunds above this need an owner's approval"),
        max_digits=12,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_("Empty: no refund needs an approval."),
    )
    negative_stock_allowed = models.BooleanField(
        _("stock may go negative"),
        default=False,
        help_text=_("When off, a stock move that would take a product below 0 is refused."),
    )
    # Issue 17 §1: a card given to another member (apps.cards) waits for the owner's approval
    # unless the caller holds the card-transfer approval code.
    card_transfer_approval = models.BooleanField(
        _("card transfers need the owner's approval"),
        default=False,
        help_text=_("When on, a card transfer committed without the approval code waits in the approval centre."),
    )
    borrow_out_targets = models.ManyToManyField(
        "self",
        verbose_name=_("borrow-out targets"),
        symmetrical=False,
        blank=True,
        related_name="borrow_out_sources",
        limit_choices_to={"kind": OrgUnitKind.STORE},
        help_text=_("Stores this store may lend stock to; loan outbound is shown only when there are some."),
    )
    # Store information (spec §2.2 /storeBasicInfo): regions are GB/T 2260 codes (apps.masterdata).
    province_code = models.CharField(_("province code"), max_length=6, blank=True)
    city_code = models.CharField(_("city code"), max_length=6, blank=True)
    district_code = models.CharField(_("district code"), max_length=6, blank=True)
    address = models.CharField(_("detail address"), max_length=200, blank=True)
    phone = models.CharField(_("phone"), max_length=20, blank=True)
    open_time = models.TimeField(_("opens at"), null=True, blank=True)
    close_time = models.TimeField(_("closes at"), null=True, blank=True)
    seats = models.PositiveIntegerField(_("seats or beds"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=8, choices=StoreStatus.choices, default=StoreStatus.OPEN)
    debt_disabled = models.BooleanField(
        _("disabled for debt"), default=False, help_text=_("Set by head office; the store cannot be switched into.")
    )
    debt_disabled_reason = models.CharField(_("debt reason"), max_length=200, blank=True)
    created_at = created_at_field()
    updated_at = updated_at_field()

    objects = OrgUnitManager()

    class Meta:
        verbose_name = _("organisation unit")
        verbose_name_plural = _("organisation units")
        ordering = ["path"]
        permissions = [("act_in_store", _("Can act in this store or level"))]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=[choice.value for choice in OrgUnitKind]), name="org_unit_kind_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(open_time__isnull=True)
                | models.Q(close_time__isnull=True)
                | models.Q(open_time__lt=models.F("close_time")),
                name="org_unit_opens_before_closing",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=[choice.value for choice in StoreStatus]), name="org_unit_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        with transaction.atomic():
            if self.pk is None:
                super().save(*args, **kwargs)
                self.path = self._computed_path()
                OrgUnit.objects.filter(pk=self.pk).update(path=self.path)
                return
            old_path = OrgUnit.objects.filter(pk=self.pk).values_list("path", flat=True).first() or ""
            self.path = self._computed_path()
            super().save(*args, **kwargs)
            if old_path and old_path != self.path:
                _move_descendants(old_path, self.path)

    def clean(self) -> None:
        parent_kind = self.parent.kind if self.parent else None
        if parent_kind not in _ALLOWED_PARENT[OrgUnitKind(self.kind)]:
            raise ValidationError({"parent": _("this kind of unit cannot sit under that parent")})
        if self.pk and self.parent and self.parent.path.startswith(self.path):
            raise ValidationError({"parent": _("a unit cannot sit under itself")})

    def _computed_path(self) -> str:
        return f"{self.parent.path if self.parent else '/'}{self.pk}/"

    @property
    def is_store(self) -> bool:
        return self.kind == OrgUnitKind.STORE


def _move_descendants(old_path: str, new_path: str) -> None:
    for unit in OrgUnit.objects.filter(path__startswith=old_path).exclude(path=old_path).only("id", "path"):
        OrgUnit.objects.filter(pk=unit.pk).update(path=new_path + unit.path[len(old_path) :])


class StoreManager(OrgUnitManager[Any]):  # the proxy Store's manager, over the shared queryset
    def get_queryset(self) -> OrgUnitQuerySet:
        return OrgUnitQuerySet(self.model, using=self._db).filter(kind=OrgUnitKind.STORE)


class Store(OrgUnit):
    """The stores of the tree. Store-level data points here so only stores can be chosen."""

    objects: ClassVar[StoreManager] = StoreManager()

    class Meta:
        proxy = True
        verbose_name = _("store")
        verbose_name_plural = _("stores")

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.kind = OrgUnitKind.STORE
        super().save(*args, **kwargs)


class StoreRegionHistory(models.Model):
    """The region a store belonged to from a business day on (issue 29 §1: a sale counts for the
    region its store had that day). Written by the database, in the writer's transaction, whenever a
    store is created or moved under another parent (migration 0009's trigger): the admin, a service
    or a bulk update alike. A store's first row starts at `HISTORY_START`, so every past day has one."""

    store = models.ForeignKey(OrgUnit, verbose_name=_("store"), on_delete=models.CASCADE, related_name="+")
    # No constraint: a region deleted once empty leaves its history (its id) behind.
    region = models.ForeignKey(
        OrgUnit,
        verbose_name=_("region"),
        null=True,
        blank=True,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
    )
    valid_from = models.DateField(_("from"))

    class Meta:
        verbose_name = _("store's region history")
        verbose_name_plural = _("stores' region history")
        ordering = ["store_id", "valid_from"]
        constraints = [models.UniqueConstraint(fields=["store", "valid_from"], name="store_region_history_once_a_day")]

    def __str__(self) -> str:
        return f"{self.store_id} {self.region_id} {self.valid_from}"
