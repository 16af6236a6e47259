"""Head office maps platform deals to the items they buy, store by store or for the whole chain: a
deal appears here the first time a code of it is checked or written off (apps.groupbuy.write_offs
.deal_seen), and the pre-check then offers only its mapped items. Write-offs are read here, never
edited: they change through the write-off, serve and cancel calls only."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from apps.catalog.selectors import ITEM_MODELS
from apps.core.admin import ReadOnlyAdmin
from apps.core.admin_audit import AuditedAdminMixin, AuditedInlinesMixin
from apps.groupbuy.items import ITEM_TYPES, store_items
from apps.groupbuy.models import Deal, DealItem, WriteOff


class DealItemForm(forms.ModelForm):
    class Meta:
        model = DealItem
        fields = ("store", "commodity_type", "item_id")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind, item_id, store = data.get("commodity_type"), data.get("item_id"), data.get("store")
        if kind and item_id:
            model = ITEM_MODELS[ITEM_TYPES[kind]]
            if not model._default_manager.filter(pk=item_id).exists():
                raise forms.ValidationError({"item_id": _("no such item")})
            if store is not None and not store_items(store.pk, kind, [item_id]):
                raise forms.ValidationError({"item_id": _("the store does not sell this item")})
        return data


class DealItemInline(admin.TabularInline):
    model = DealItem
    form = DealItemForm
    extra = 1
    raw_id_fields = ("store",)


@admin.register(Deal)
class DealAdmin(AuditedInlinesMixin, AuditedAdminMixin, admin.ModelAdmin):
    list_display = ("platform", "deal_id", "title", "price", "market_price", "mapped", "last_seen")
    list_filter = ("platform",)
    search_fields = ("deal_id", "title")
    readonly_fields = ("platform", "deal_id", "title", "price", "market_price", "first_seen", "last_seen")
    inlines = [DealItemInline]

    @admin.display(boolean=True, description=_("mapped"))
    def mapped(self, deal: Deal) -> bool:
        return deal.items.exists()

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # deals come from the platforms


@admin.register(WriteOff)
class WriteOffAdmin(ReadOnlyAdmin):
    list_display = ("id", "platform", "code", "store", "commodity_name", "status", "order", "created_at")
    list_filter = ("status", "platform")
    search_fields = ("code", "phone")
    raw_id_fields = ("store", "member", "order", "deal", "operator")
