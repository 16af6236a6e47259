"""Page routes of the inventory area (spec §2.2 KCGL-*, DHJL-*); the guard reads the codes from
apps.core.page_registry."""

from apps.core.page_registry import PageRoute

PAGES: list[PageRoute] = []

# Live stock and safety stock (KCGL-0007, KCGL-0013): apps/inventory/tests/test_browser_live_stock.py.
PAGES += [
    PageRoute("/systemStorage", "src/pages/inventory/LiveStockPage.tsx"),
    PageRoute("/safetyStock", "src/pages/inventory/SafetyStockPage.tsx"),
]
