"""Page routes of reservations and the rota (spec §2.2); the guard reads the codes from
apps.core.page_registry (ERP-YUKB-PAG-0001-0000, PBGL-0001)."""

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/orderBoard", "src/pages/booking/ReservationBoardPage.tsx"),
    PageRoute("/newOrder", "src/pages/booking/ReservationFormPage.tsx"),
    PageRoute("/orderHistory", "src/pages/booking/ReservationHistoryPage.tsx"),
    PageRoute("/orderHistoryBoard", "src/pages/booking/ReservationHistoryBoardPage.tsx"),
    PageRoute("/schedule", "src/pages/schedule/SchedulePage.tsx"),
]
