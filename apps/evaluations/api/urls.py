"""Evaluations (issue 29 §4): the member's public link, the front desk's record and panel, and
`RzEvaluateRest/getMemberSatisficing` (contract §10)."""

from __future__ import annotations

from django.urls import path

from apps.evaluations.api import views

urlpatterns = [
    path("evaluation/public/<token:token>", views.PublicEvaluationApi.as_view(), name="evaluation-public"),
    path("evaluation/order", views.OrderEvaluationApi.as_view(), name="evaluation-order"),
    path("evaluation/record", views.RecordEvaluationApi.as_view(), name="evaluation-record"),
    path(
        "RzEvaluateRest/getMemberSatisficing",
        views.MemberSatisfactionApi.as_view(),
        name="evaluation-member-satisfaction",
    ),
]
