"""Page routes of the billing area (spec §2.2, §7.8); the guard reads the codes from
apps.core.page_registry."""

from apps.core.page_registry import PageRoute

PAGES: list[PageRoute] = []

# The till (开单结账, 收款; ERP-KDJC-PAG-0003-0000): apps/billing/tests/test_browser_till.py.
PAGES += [
    PageRoute("/account", "src/pages/billing/till/CheckoutPage.tsx"),
    PageRoute("/payment", "src/pages/billing/till/PaymentPage.tsx"),
]

# The bills list and one order's details (ERP-KDJC-PAG-0005-0000, ERP-KDJC-PAG-0006-0000).
PAGES += [
    PageRoute("/billingList", "src/pages/billing/orders/BillingListPage.tsx"),
    PageRoute("/orderDetails", "src/pages/billing/orders/OrderDetailsPage.tsx"),
]

# Points exchange: points billing and points payment (ERP-KDJC-PAG-0003-0000), the points order's
# details (ERP-KDJC-PAG-0006-0000).
PAGES += [
    PageRoute("/accountPoints", "src/pages/billing/till/AccountPointsPage.tsx"),
    PageRoute("/paymentPoints", "src/pages/billing/till/PaymentPointsPage.tsx"),
    PageRoute("/orderPointsDetails", "src/pages/billing/till/OrderPointsDetailsPage.tsx"),
]

# Returns and refunds (ERP-YLTH-PAG-0001-0000, HYGL-PAG-0003-0001): apps/billing/tests/test_browser_refunds.py.
PAGES += [
    PageRoute("/returnList", "src/pages/billing/refunds/OrderRefundPage.tsx"),
    PageRoute("/refundList", "src/pages/billing/refunds/RefundListPage.tsx"),
    PageRoute("/refundDetail", "src/pages/billing/refunds/RefundDetailPage.tsx"),
]

# Daily closing (日结; ERP-SYFH-PAG-0001-0000): apps/billing/tests/test_browser_daily_closing.py.
PAGES += [
    PageRoute("/dailyKnots", "src/pages/billing/closing/DailyClosingPage.tsx"),
    PageRoute("/dailyHistory", "src/pages/billing/closing/DailyClosingHistoryPage.tsx"),
    PageRoute("/dailyReport", "src/pages/billing/closing/DailyReportPage.tsx"),
    PageRoute("/dailyPerformance", "src/pages/billing/closing/DailyPerformancePage.tsx"),
]

# Owed goods pickup (欠货领取; KCGL-0005): apps/billing/tests/test_browser_owed_goods.py.
PAGES += [PageRoute("/toTakenList", "src/pages/billing/owed/OwedGoodsPage.tsx")]

# Intention deposits and deposit records (issue 17 §4; DJGL-0001; the intention pages are hidden and
# codeless in spec §2.2, their calls guarded by the cashier's and the refund codes):
# apps/billing/tests/test_browser_deposits.py.
PAGES += [
    PageRoute("/stoIntention", "src/pages/billing/deposits/DepositListPage.tsx"),
    PageRoute("/payIntentionMent", "src/pages/billing/deposits/DepositTakePage.tsx"),
    PageRoute("/refundIntention", "src/pages/billing/deposits/DepositRefundPage.tsx"),
    PageRoute("/payIntentionRecord", "src/pages/billing/deposits/DepositLedgerPage.tsx"),
    PageRoute("/payIntentionDetail", "src/pages/billing/deposits/DepositPage.tsx"),
    PageRoute("/depositRecord", "src/pages/billing/deposits/DepositRecordPage.tsx"),
]
