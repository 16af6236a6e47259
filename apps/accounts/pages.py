"""The sign-in pages of spec §2.1: open to anyone, without the top bar. Each is a React island
(frontend/src/pages/accounts/*Page.tsx); the calls they make are the sign-in calls of spec §7.4."""

from __future__ import annotations

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/login", "src/pages/accounts/LoginPage.tsx", public=True, shell=False),
    PageRoute("/xxbLogin", "src/pages/accounts/AccountLoginPage.tsx", public=True, shell=False),
    PageRoute("/register", "src/pages/accounts/RegisterPage.tsx", public=True, shell=False),
    PageRoute("/wxRegister", "src/pages/accounts/WxRegisterPage.tsx", public=True, shell=False),
    PageRoute("/relogin", "src/pages/accounts/ReloginPage.tsx", public=True, shell=False),
]
