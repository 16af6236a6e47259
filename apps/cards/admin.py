"""Head office keeps the old-card coefficients here (a store's own row wins in that store). Cards,
their ledgers, transfers and coupons are shown read-only for support: they change only through the
services (row locks, ledger, system log)."""

from __future__ import annotations

from django.contrib import admin

from apps.cards.models import Card, CardCoefficient, CardEntry, CardTransfer, MemberCoupon
from apps.core.admin import ReadOnlyAdmin
from apps.core.admin_audit import AuditedAdminMixin


@admin.register(CardCoefficient)
class CardCoefficientAdmin(AuditedAdminMixin, admin.ModelAdmin):
    list_display = ("card_type", "store", "coefficient", "updated_at")
    list_filter = ("store",)
    list_select_related = ("card_type", "store")


@admin.register(Card)
class CardAdmin(ReadOnlyAdmin):
    list_display = ("card_no", "member", "card_type", "kind", "status", "principal", "gift", "expires_on", "store")
    list_filter = ("kind", "status")
    search_fields = ("=card_no",)
    list_select_related = ("member", "card_type", "store")
    show_full_result_count = False


@admin.register(CardEntry)
class CardEntryAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "card",
        "kind",
        "principal_change",
        "gift_change",
        "sessions_change",
        "order_id",
        "created_at",
    )
    list_filter = ("kind",)
    search_fields = ("=card__card_no",)
    list_select_related = ("card",)
    show_full_result_count = False


@admin.register(CardTransfer)
class CardTransferAdmin(ReadOnlyAdmin):
    list_display = ("id", "card", "from_member", "to_member", "status", "new_card", "created_at")
    list_filter = ("status",)
    list_select_related = ("card", "from_member", "to_member", "new_card")


@admin.register(MemberCoupon)
class MemberCouponAdmin(ReadOnlyAdmin):
    list_display = ("code", "member", "template", "status", "valid_from", "valid_to", "used_order_id")
    list_filter = ("status",)
    search_fields = ("=code",)
    list_select_related = ("member", "template")
    show_full_result_count = False
