"""Routes of goods in (stockIn, scancodestock, the commodity product picker) and of ordering goods
from head office (bookProd)."""

from __future__ import annotations

from django.urls import path

from apps.inventory.api import goods_order_views as orders
from apps.inventory.api import receipt_views as views

urlpatterns = [
    path("stockIn/list", views.ReceiptListApi.as_view(), name="stock-in-list"),
    path("stockIn/export", views.ReceiptExportApi.as_view(), name="stock-in-export"),
    path("stockIn/detail", views.ReceiptDetailApi.as_view(), name="stock-in-detail"),
    path("stockIn/create", views.ReceiptCreateApi.as_view(), name="stock-in-create"),
    path("scancodestock/product", views.ScanStockProductApi.as_view(), name="scancodestock-product"),
    path("commodity/stockProductList", views.StockProductListApi.as_view(), name="commodity-stock-products"),
    path("bookProd/list", orders.GoodsOrderListApi.as_view(), name="goods-order-list"),
    path("bookProd/headOfficeList", orders.GoodsOrderHeadOfficeListApi.as_view(), name="goods-order-head-office-list"),
    path("bookProd/detail", orders.GoodsOrderDetailApi.as_view(), name="goods-order-detail"),
    path("bookProd/catalogue", orders.CatalogueApi.as_view(), name="goods-order-catalogue"),
    path("bookProd/product", orders.CatalogueProductApi.as_view(), name="goods-order-product"),
    path("bookProd/save", orders.GoodsOrderSaveApi.as_view(), name="goods-order-save"),
    path("bookProd/submit", orders.GoodsOrderSubmitApi.as_view(), name="goods-order-submit"),
    path("bookProd/cancel", orders.GoodsOrderCancelApi.as_view(), name="goods-order-cancel"),
    path("bookProd/confirm", orders.GoodsOrderConfirmApi.as_view(), name="goods-order-confirm"),
    path("bookProd/ship", orders.GoodsOrderShipApi.as_view(), name="goods-order-ship"),
    path("bookProd/markPaid", orders.GoodsOrderMarkPaidApi.as_view(), name="goods-order-mark-paid"),
    path("bookProd/receive", orders.GoodsOrderReceiveApi.as_view(), name="goods-order-receive"),
]
