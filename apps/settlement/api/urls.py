"""The settlement between stores (contract §11; issue 30)."""

from __future__ import annotations

from django.urls import path

from apps.settlement.api import views

R = "settlement/"

urlpatterns = [
    path(R + "statements", views.StatementListApi.as_view(), name="settlement-statements"),
    path(R + "statement/<id:statement_id>", views.StatementDetailApi.as_view(), name="settlement-statement"),
    path(R + "confirm/<id:statement_id>", views.StatementConfirmApi.as_view(), name="settlement-confirm"),
    path(R + "dispute/<id:statement_id>", views.StatementDisputeApi.as_view(), name="settlement-dispute"),
    path(R + "matrix", views.MatrixApi.as_view(), name="settlement-matrix"),
    path(R + "stores", views.CallerStoresApi.as_view(), name="settlement-stores"),
    path(R + "entries/export", views.EntriesExportApi.as_view(), name="settlement-entries-export"),
    path(R + "rules", views.RulesApi.as_view(), name="settlement-rules"),
    path(R + "make", views.StatementsMakeApi.as_view(), name="settlement-make"),
    path(R + "months", views.MonthListApi.as_view(), name="settlement-months"),
    path(R + "months/rollUp", views.MonthRollUpApi.as_view(), name="settlement-month-roll-up"),
    path(R + "month/<id:settlement_id>/paid", views.MonthPaidApi.as_view(), name="settlement-month-paid"),
    path(R + "dayClearing", views.DayClearingApi.as_view(), name="settlement-day-clearing"),
]
