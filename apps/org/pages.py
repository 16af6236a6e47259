"""Page routes of shop management and store information (spec §2.2); the guard reads the codes from
apps.core.page_registry (ERP-MENU, MDGL-PAG-0002-0000)."""

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/shopManagement", "src/pages/org/ShopManagementPage.tsx"),
    PageRoute("/storeBasicInfo", "src/pages/org/StoreBasicInfoPage.tsx"),
]
