"""Page routes of the billing area (spec §2.2); the guard reads the codes from
apps.core.page_registry. The till's two pages come first (ERP-KDJC-PAG-0003-0000); the other
billing pages follow."""

from apps.core.page_registry import PageRoute

PAGES = [
    # The till (开单结账, 收款): apps/billing/tests/test_browser_till.py.
    PageRoute("/account", "src/pages/billing/AccountPage.tsx"),
    PageRoute("/payment", "src/pages/billing/PaymentPage.tsx"),
]
