"""Page routes of the inventory (spec §2.2 KCGL-*); the guard reads the codes from
apps.core.page_registry."""

from apps.core.page_registry import PageRoute

PAGES: list[PageRoute] = []

# Stocktakes (盘点; KCGL-0008): apps/inventory/tests/test_browser_stocktake.py.
PAGES += [
    PageRoute("/inventoryRecord", "src/pages/inventory/StocktakeListPage.tsx"),
    PageRoute("/inventoryDetail", "src/pages/inventory/StocktakeDetailPage.tsx"),
]
