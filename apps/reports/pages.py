"""Page routes of the reports floor (spec §2.2); the guard reads the codes from
apps.core.page_registry (CZRZ-0001 for /sysLog). Every business report is served by one island,
ReportPage, told its report's key by the page context (`props.report`)."""

from apps.core.page_registry import PageRoute

REPORT_ENTRY = "src/pages/reports/ReportPage.tsx"

# Each report page's route and the key of the report it shows (the interface's table, issue 29 §2).
REPORT_ROUTES: tuple[tuple[str, str], ...] = (
    ("/staffPerformance", "StaffPerformance"),
    ("/staffCommission", "Commission"),
    ("/salesDetail", "SalesDetail"),
    ("/productConsumption", "ProductConsumption"),
    ("/refundSummary", "RefundSummary"),
    ("/cardChangeReport", "CardChange"),
    ("/giftReport", "Gifts"),
    ("/signedOrderReport", "SignedOrders"),
    ("/earnestOrders", "EarnestOrders"),
    ("/takeoutSales", "TakeoutSales"),
    ("/storeMemberAnalysis", "MemberAnalysis"),
    ("/memberLiftcycle", "MemberLifecycle"),
    ("/memberLifecycleVariants", "MemberLifecycleVariants"),
    ("/customerAnalysis", "CustomerAnalysis"),
    ("/customerMarketing", "CustomerMarketing"),
    ("/customerFollowUp", "CustomerFollowUp"),
    ("/memberTagReport", "MemberTags"),
    ("/memberOperation", "MemberOperation"),
    ("/memberList", "MemberList"),
    ("/barcodeDatabase", "Barcodes"),
    ("/cardBalances", "CardBalances"),
    ("/XMDReviewReport", "Review"),
    ("/evaluationDetails", "EvaluationDetails"),
    ("/satisfactionRate", "Satisfaction"),
)
PAGES = [
    PageRoute("/sysLog", "src/pages/reports/SysLogPage.tsx"),
    PageRoute("/downloadCenter", "src/pages/reports/DownloadCenterPage.tsx"),
    *(PageRoute(route, REPORT_ENTRY, props=(("report", key),)) for route, key in REPORT_ROUTES),
]
