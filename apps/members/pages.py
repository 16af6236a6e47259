"""Page routes of the members area (spec §2.2); the guard reads the codes from
apps.core.page_registry (ERP-HYGL-PAG-0002-0000, ERP-HYGL-PAG-0003-0000, none for cancellation)."""

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/MemberList", "src/pages/members/MemberListPage.tsx"),
    PageRoute("/memberPoints", "src/pages/members/MemberPointsPage.tsx"),
    PageRoute("/personalAccount", "src/pages/members/PersonalAccountPage.tsx"),
    PageRoute("/examiningDetail", "src/pages/members/ExaminationsPage.tsx"),
    PageRoute("/cancellation", "src/pages/members/CancellationPage.tsx"),
    PageRoute("/logoutList", "src/pages/members/CancellationRequestsPage.tsx"),
    # Member move-in (ERP-HYQR-PAG-0001-0000 and -0001, issue 17 §2).
    PageRoute("/moveIn", "src/pages/moveIn/MoveInPage.tsx"),
    PageRoute("/moveInList", "src/pages/moveIn/MoveInListPage.tsx"),
    PageRoute("/moveInDetailList", "src/pages/moveIn/MoveInDetailListPage.tsx"),
    PageRoute("/moveInDetail", "src/pages/moveIn/MoveInDetailPage.tsx"),
]
