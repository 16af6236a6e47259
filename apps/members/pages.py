"""Page routes of the members area (spec §2.2); the guard reads the codes from
apps.core.page_registry (ERP-HYGL-PAG-0002-0000, ERP-HYGL-PAG-0003-0000, none for cancellation)."""

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/MemberList", "src/pages/members/MemberListPage.tsx"),
    PageRoute("/memberPoints", "src/pages/members/MemberPointsPage.tsx"),
    PageRoute("/personalAccount", "src/pages/members/PersonalAccountPage.tsx"),
    PageRoute("/examiningDetail", "src/pages/members/ExaminingDetailPage.tsx"),
    PageRoute("/cancellation", "src/pages/members/CancellationPage.tsx"),
    PageRoute("/logoutList", "src/pages/members/LogoutListPage.tsx"),
]
