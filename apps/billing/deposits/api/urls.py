from django.urls import path

from apps.billing.deposits.api import views

urlpatterns = [
    path("intention/take", views.DepositTakeApi.as_view(), name="intention-take"),
    path("intention/apply", views.DepositApplyApi.as_view(), name="intention-apply"),
    path("intention/refund", views.DepositRefundApi.as_view(), name="intention-refund"),
    path("intention/list", views.DepositListApi.as_view(), name="intention-list"),
    path("intention/detail", views.DepositDetailApi.as_view(), name="intention-detail"),
    path("intention/memberDeposits", views.MemberDepositsApi.as_view(), name="intention-member-deposits"),
    path("intention/records", views.DepositEntryListApi.as_view(), name="intention-records"),
    path("depositRecord/list", views.DepositRecordListApi.as_view(), name="deposit-record-list"),
    path("depositRecord/export", views.DepositRecordExportApi.as_view(), name="deposit-record-export"),
]
