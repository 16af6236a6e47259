"""Page routes of the reports floor (spec §2.2); the guard reads the codes from
apps.core.page_registry (CZRZ-0001 for /sysLog)."""

from apps.core.page_registry import PageRoute

PAGES = [PageRoute("/sysLog", "src/pages/reports/SysLogPage.tsx")]
