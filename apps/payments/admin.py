"""Payment intents, provider refunds, their events and the reconciliation differences, read-only for
support: they change only through apps.payments.services (row locks, event log, system log)."""

from __future__ import annotations

from django.contrib import admin

from apps.core.admin import ReadOnlyAdmin
from apps.payments.models import PaymentEvent, PaymentIntent, ProviderRefund, ReconciliationDifference


@admin.register(PaymentIntent)
class PaymentIntentAdmin(ReadOnlyAdmin):
    list_display = (
        "out_trade_no",
        "provider",
        "mode",
        "state",
        "amount",
        "reported_amount",
        "refunded",
        "reference",
        "store_id",
        "created_at",
    )
    list_filter = ("provider", "mode", "state")
    search_fields = ("=out_trade_no", "=provider_trade_no", "=reference")
    show_full_result_count = False


@admin.register(ProviderRefund)
class ProviderRefundAdmin(ReadOnlyAdmin):
    list_display = ("out_refund_no", "intent", "state", "amount", "reference", "created_at")
    list_filter = ("state",)
    search_fields = ("=out_refund_no", "=reference")
    list_select_related = ("intent",)
    show_full_result_count = False


@admin.register(PaymentEvent)
class PaymentEventAdmin(ReadOnlyAdmin):
    list_display = ("id", "intent", "refund", "kind", "state", "created_at")
    list_filter = ("kind",)
    list_select_related = ("intent", "refund")
    show_full_result_count = False


@admin.register(ReconciliationDifference)
class ReconciliationDifferenceAdmin(ReadOnlyAdmin):
    list_display = (
        "day",
        "provider",
        "merchant_id",
        "store_id",
        "kind",
        "out_trade_no",
        "out_refund_no",
        "ours",
        "theirs",
    )
    list_filter = ("provider", "kind", "day")
