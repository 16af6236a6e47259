"""Page routes of the settlement between stores (issue 30); codeless in apps.core.page_registry:
the calls behind them need the settlement's button codes (docs/api.md "Settlement between stores")."""

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/settlementStatements", "src/pages/settlement/StatementsPage.tsx"),
    PageRoute("/settlementMatrix", "src/pages/settlement/MatrixPage.tsx"),
    PageRoute("/settlementRules", "src/pages/settlement/RulesPage.tsx"),
]
