"""Page routes of the inventory area (spec §2.2 KCGL-*, DHJL-*); the guard reads the codes from
apps.core.page_registry. Each flow appends its own pages."""

from apps.core.page_registry import PageRoute

PAGES: list[PageRoute] = []

# Stocktakes (盘点; KCGL-0008): apps/inventory/tests/test_browser_stocktake.py.
PAGES += [
    PageRoute("/inventoryRecord", "src/pages/inventory/StocktakeListPage.tsx"),
    PageRoute("/inventoryDetail", "src/pages/inventory/StocktakeDetailPage.tsx"),
]

# Goods out and loans between stores (KCGL-0004, KCGL-0005, KCGL-0002):
# apps/inventory/tests/test_browser_loans.py.
PAGES += [
    PageRoute("/outboundRecord", "src/pages/inventory/GoodsOutListPage.tsx"),
    PageRoute("/outboundDetail", "src/pages/inventory/GoodsOutPage.tsx"),
    PageRoute("/storageLendDetail", "src/pages/inventory/StockLoanPage.tsx"),
]

# Live stock and safety stock (KCGL-0007, KCGL-0013): apps/inventory/tests/test_browser_live_stock.py.
PAGES += [
    PageRoute("/systemStorage", "src/pages/inventory/LiveStockPage.tsx"),
    PageRoute("/safetyStock", "src/pages/inventory/SafetyStockPage.tsx"),
]

# Goods in (KCGL-0001, KCGL-0002) and ordering goods from head office (DHJL-0001, DHJL-0002):
# apps/inventory/tests/test_browser_goods_orders.py.
PAGES += [
    PageRoute("/storageRecord", "src/pages/inventory/GoodsInListPage.tsx"),
    PageRoute("/storageDetail", "src/pages/inventory/GoodsInPage.tsx"),
    PageRoute("/bookProdLst", "src/pages/inventory/GoodsOrderListPage.tsx"),
    PageRoute("/bookProdLstNew", "src/pages/inventory/HeadOfficeGoodsOrderListPage.tsx"),
    PageRoute("/bookProdDetail", "src/pages/inventory/GoodsOrderPage.tsx"),
    PageRoute("/bookProdDetailNew", "src/pages/inventory/HeadOfficeGoodsOrderPage.tsx"),
    PageRoute("/bookProdPayDetail", "src/pages/inventory/GoodsOrderPaymentPage.tsx"),
    PageRoute("/structureProductDetail", "src/pages/inventory/StructureProductDetailPage.tsx"),
    PageRoute("/aestheticProductDetail", "src/pages/inventory/AestheticProductDetailPage.tsx"),
]
