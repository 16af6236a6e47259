"""Page routes of staff commission (issue 29 §3); codeless in apps.core.page_registry: the calls
behind them need the commission's button codes (docs/api.md "Staff commission")."""

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/commissionPlans", "src/pages/commission/CommissionPlansPage.tsx"),
    PageRoute("/commissionPeriods", "src/pages/commission/CommissionPeriodsPage.tsx"),
]
