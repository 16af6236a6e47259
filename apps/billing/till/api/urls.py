from django.urls import path

from apps.billing.till.api import views

urlpatterns = [
    path("pay/excute", views.PayApi.as_view(), name="pay-execute"),
    path("pay/signStatus/<id:order_id>", views.SignStatusApi.as_view(), name="pay-sign-status"),
    path("pay/drawDetail/<id:order_id>", views.DrawDetailApi.as_view(), name="pay-draw-detail"),
    path("pay/print/<id:order_id>/<flag:need_amount>", views.ReceiptApi.as_view(), name="pay-print"),
    path("order/commitfromscan", views.CommitFromScanApi.as_view(), name="order-commit-from-scan"),
    path("order/salesCommitfromscan", views.SalesCommitFromScanApi.as_view(), name="order-sales-commit-from-scan"),
    path("pay/qrSplit", views.QrSplitApi.as_view(), name="pay-qr-split"),
    path("pay/tenderStatus/<id:tender_id>", views.TenderStatusApi.as_view(), name="pay-tender-status"),
    path("pay/cancel/<id:tender_id>", views.TenderCancelApi.as_view(), name="pay-tender-cancel"),
    path("pay/repay/<id:order_id>", views.RepayApi.as_view(), name="pay-repay"),
    path("pos/terminal", views.TerminalsApi.as_view(), name="pos-terminal"),
    path("pos/pay", views.PosPayApi.as_view(), name="pos-pay"),
    path("pos/query", views.PosQueryApi.as_view(), name="pos-query"),
    path("pay/boxList", views.BoxListApi.as_view(), name="pay-box-list"),
    path("pay/boxPay", views.BoxPayApi.as_view(), name="pay-box-pay"),
    path("pay/qrRefresh/<id:tender_id>", views.QrRefreshApi.as_view(), name="pay-qr-refresh"),
    path("order/signature", views.SignatureApi.as_view(), name="order-signature"),
]
