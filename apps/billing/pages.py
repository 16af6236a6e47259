"""Page routes of the billing area (spec §2.2); the guard reads the codes from
apps.core.page_registry (ERP-KDJC-PAG-0003-0000 for points billing and points payment,
ERP-KDJC-PAG-0006-0000 for the points order's details)."""

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/accountPoints", "src/pages/billing/AccountPointsPage.tsx"),
    PageRoute("/paymentPoints", "src/pages/billing/PaymentPointsPage.tsx"),
    PageRoute("/orderPointsDetails", "src/pages/billing/OrderPointsDetailsPage.tsx"),
]
