from django.urls import path

from apps.billing.owed.api import views

R = "owedGoods/"

urlpatterns = [
    path(R + "list", views.OwedListApi.as_view(), name="owed-goods-list"),
    path(R + "export", views.OwedExportApi.as_view(), name="owed-goods-export"),
    path(R + "take", views.OwedTakeApi.as_view(), name="owed-goods-take"),
]
