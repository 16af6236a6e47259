"""Page routes of the approval centre (spec §2.2: /approvalCenter, no role code); the guard reads the
codes from apps.core.page_registry."""

from apps.core.page_registry import PageRoute

# The approval centre: what waits for me, my requests, decided by me, all I may see
# (apps/billing/tests/test_browser_refund_approval.py).
PAGES: list[PageRoute] = [
    PageRoute("/approvalCenter", "src/pages/approvals/ApprovalCenterPage.tsx"),
]
