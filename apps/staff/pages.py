"""Page routes of staff (spec §2.2); the guard reads the codes from apps.core.page_registry
(YGGL-0001, YGGL-PAG-0002-0100)."""

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/staffList", "src/pages/staff/StaffListPage.tsx"),
    PageRoute("/staffDetail", "src/pages/staff/StaffDetailPage.tsx"),
]
