"""Head office keeps the catalogue here. Saves and deletes go through the services, so a price edit
writes a PriceChange and every change the system log; products and projects also import from
Excel (all rows checked first, nothing written when one is bad)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext_lazy as _

from apps.catalog import services
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
    TimePeriod,
)
from apps.core.admin_audit import AuditedInlinesMixin
from apps.core.audit import actor_from_request


class ServiceSaveAdmin(AuditedInlinesMixin, admin.ModelAdmin):
    """Saves and deletes through the catalogue services (system log; price changes for items);
    inline lines are logged against their parent."""

    priced = False

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if self.priced:
            services.catalog_item_save(actor=actor_from_request(request), item=obj)
        else:
            services.catalog_record_save(actor=actor_from_request(request), record=obj)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        services.catalog_record_delete(actor=actor_from_request(request), record=obj)

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        with transaction.atomic():
            for obj in queryset:
                services.catalog_record_delete(actor=actor_from_request(request), record=obj)


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Excel file (.xlsx)"))


class ImportAdminMixin(admin.ModelAdmin):
    """An "Import from Excel" page beside the change list, with the row-by-row error report."""

    change_list_template = "admin/catalog/change_list_import.html"
    import_columns: tuple[str, ...] = ()
    # The catalogue service that imports this admin's model: services.products_import or projects_import.
    import_service: Callable[..., services.ImportReport]

    def import_from_excel(self, request: HttpRequest, file: Any) -> services.ImportReport:
        return type(self).import_service(actor=actor_from_request(request), file=file)

    def get_urls(self) -> list[URLPattern]:
        info = self.model._meta.app_label, self.model._meta.model_name
        return [
            path("import/", self.admin_site.admin_view(self.import_view), name="{}_{}_import".format(*info)),
            *super().get_urls(),
        ]

    def import_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_add_permission(request) or not self.has_change_permission(request):
            raise PermissionDenied
        report = None
        form = ImportForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            report = self.import_from_excel(request, form.cleaned_data["file"])
            if report.ok:
                messages.success(
                    request,
                    _("Imported: %(created)d created, %(updated)d updated.")
                    % {"created": report.created, "updated": report.updated},
                )
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Import %(name)s from Excel") % {"name": self.model._meta.verbose_name_plural},
            "form": form,
            "report": report,
            "columns": self.import_columns,
            "changelist_url": reverse(f"admin:{self.model._meta.app_label}_{self.model._meta.model_name}_changelist"),
        }
        return TemplateResponse(request, "admin/catalog/import.html", context)


@admin.register(Category)
class CategoryAdmin(ServiceSaveAdmin):
    list_display = ("name", "kind", "sort_order")
    list_editable = ("sort_order",)
    list_filter = ("kind",)
    search_fields = ("name",)


@admin.register(Product)
class ProductAdmin(ImportAdminMixin, ServiceSaveAdmin):
    priced = True
    import_columns = services.PRODUCT_COLUMNS
    list_display = ("code", "name", "brand", "category", "use_type", "price", "cost", "enabled", "store_price_allowed")
    list_filter = ("use_type", "enabled", "store_price_allowed", "category", "brand")
    search_fields = ("code", "name", "barcode", "brand")
    list_select_related = ("category",)

    import_service = services.products_import


class ProductPackageLineInline(admin.TabularInline):
    model = ProductPackageLine
    extra = 1
    autocomplete_fields = ("product",)


@admin.register(ProductPackage)
class ProductPackageAdmin(ServiceSaveAdmin):
    priced = True
    list_display = ("code", "name", "price", "enabled", "store_price_allowed")
    list_filter = ("enabled", "store_price_allowed")
    search_fields = ("code", "name")
    inlines = (ProductPackageLineInline,)


class ProjectConsumableInline(admin.TabularInline):
    model = ProjectConsumable
    extra = 1
    autocomplete_fields = ("product",)


@admin.register(Project)
class ProjectAdmin(ImportAdminMixin, ServiceSaveAdmin):
    priced = True
    import_columns = services.PROJECT_COLUMNS
    list_display = ("code", "name", "category", "duration_minutes", "price", "required_skill", "enabled")
    list_filter = ("enabled", "store_price_allowed", "category")
    search_fields = ("code", "name", "required_skill")
    list_select_related = ("category",)
    inlines = (ProjectConsumableInline,)

    import_service = services.projects_import


class ProjectPackageLineInline(admin.TabularInline):
    model = ProjectPackageLine
    extra = 1
    autocomplete_fields = ("project",)


@admin.register(ProjectPackage)
class ProjectPackageAdmin(ServiceSaveAdmin):
    priced = True
    list_display = ("code", "name", "price", "validity_days", "enabled", "store_price_allowed")
    list_filter = ("enabled", "store_price_allowed")
    search_fields = ("code", "name")
    inlines = (ProjectPackageLineInline,)


class CardTypeDiscountInline(admin.TabularInline):
    model = CardTypeDiscount
    extra = 1


@admin.register(CardType)
class CardTypeAdmin(ServiceSaveAdmin):
    priced = True
    list_display = ("code", "name", "kind", "face_value", "price", "validity_days", "enabled")
    list_filter = ("kind", "enabled", "store_price_allowed")
    search_fields = ("code", "name")
    list_select_related = ("project_package",)
    inlines = (CardTypeDiscountInline,)


@admin.register(CouponTemplate)
class CouponTemplateAdmin(ServiceSaveAdmin):
    list_display = ("code", "name", "kind", "amount", "rate", "project", "valid_from", "valid_to", "valid_days")
    list_filter = ("kind", "enabled", "stackable", "one_per_order")
    search_fields = ("code", "name")
    list_select_related = ("project",)
    autocomplete_fields = ("project",)


class PromotionLineInline(admin.TabularInline):
    model = PromotionLine
    extra = 1
    autocomplete_fields = ("product", "product_package", "project", "project_package")


@admin.register(Promotion)
class PromotionAdmin(ServiceSaveAdmin):
    list_display = ("name", "start", "end", "remark")
    list_filter = ("start", "end", "stores")
    search_fields = ("name",)
    filter_horizontal = ("stores",)
    inlines = (PromotionLineInline,)


@admin.register(StoreItem)
class StoreItemAdmin(admin.ModelAdmin):
    """Stores set these themselves (POST /rest/commodity/storeItem); head office only reads."""

    list_display = ("store", "item_type", "item_id", "enabled", "store_price", "updated_by", "updated_at")
    list_filter = ("item_type", "enabled", "store")
    search_fields = ("product__name", "project__name", "product_package__name", "project_package__name")
    list_select_related = ("store", "updated_by")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: StoreItem | None = None) -> bool:
        return False


@admin.register(PriceChange)
class PriceChangeAdmin(admin.ModelAdmin):
    list_display = (
        "changed_at",
        "item_type",
        "item_code",
        "item_name",
        "store",
        "old_price",
        "new_price",
        "changed_by_name",
    )
    list_filter = ("item_type", "store")
    search_fields = ("item_code", "item_name", "changed_by_name")
    list_select_related = ("store",)
    date_hierarchy = "changed_at"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: PriceChange | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: PriceChange | None = None) -> bool:
        return False


@admin.register(TimePeriod)
class TimePeriodAdmin(admin.ModelAdmin):
    """Stores keep their slots (POST /rest/timePeriod/save, overlap-checked); head office only reads."""

    list_display = ("store", "weekday", "start", "end", "capacity")
    list_filter = ("store", "weekday")
    list_select_related = ("store",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: TimePeriod | None = None) -> bool:
        return False
