"""Page routes of shop management, store information and staff (spec §2.2); the guard reads the
codes from apps.core.page_registry (ERP-MENU, MDGL-PAG-0002-0000, YGGL-0001, YGGL-PAG-0002-0100)."""

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/shopManagement", "src/pages/org/ShopManagementPage.tsx"),
    PageRoute("/storeBasicInfo", "src/pages/org/StoreBasicInfoPage.tsx"),
    PageRoute("/staffList", "src/pages/staff/StaffListPage.tsx"),
    PageRoute("/staffDetail", "src/pages/staff/StaffDetailPage.tsx"),
]
