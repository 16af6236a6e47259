"""The approval centre (spec §7.8 `approvalCenterRest`; the paths beyond the area's name are ours)."""

from __future__ import annotations

from django.urls import path

from apps.approvals.api import store_authority, views

urlpatterns = [
    path("approvalCenterRest/list", views.RequestListApi.as_view(), name="approvals-list"),
    path("approvalCenterRest/detail", views.RequestDetailApi.as_view(), name="approvals-detail"),
    path("approvalCenterRest/waitingCount", views.WaitingCountApi.as_view(), name="approvals-waiting-count"),
    path("approvalCenterRest/kinds", views.KindListApi.as_view(), name="approvals-kinds"),
    path("approvalCenterRest/approve", views.ApproveApi.as_view(), name="approvals-approve"),
    path("approvalCenterRest/reject", views.RejectApi.as_view(), name="approvals-reject"),
    path("approvalCenterRest/withdraw", views.WithdrawApi.as_view(), name="approvals-withdraw"),
    # Spec §7.9 puts the store-authority calls under staffList; the approval centre holds them.
    path("staffList/getStoreAuthority", store_authority.StoreAuthorityAskApi.as_view(), name="store-authority-ask"),
    path(
        "staffList/getStoreAuthorityResult",
        store_authority.StoreAuthorityResultApi.as_view(),
        name="store-authority-result",
    ),
]
