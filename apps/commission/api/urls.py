"""Staff commission (issue 29 §3): plans as versions, periods, a staff member's own figures."""

from __future__ import annotations

from django.urls import path

from apps.commission.api import views

R = "commission/"

urlpatterns = [
    path(R + "plans", views.PlanListApi.as_view(), name="commission-plans"),
    path(R + "plan/<id:plan_id>", views.PlanDetailApi.as_view(), name="commission-plan"),
    path(R + "plan/<id:plan_id>/version", views.PlanVersionApi.as_view(), name="commission-plan-version"),
    path(R + "periods", views.PeriodApi.as_view(), name="commission-periods"),
    path(R + "period/close", views.PeriodCloseApi.as_view(), name="commission-period-close"),
    path(R + "mine", views.OwnFiguresApi.as_view(), name="commission-mine"),
]
