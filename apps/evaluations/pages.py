"""Page routes of evaluations: the member's page to rate a visit, opened from the receipt's link or
QR code (public: no sign-in, no shell; the token in the address is the key)."""

from apps.core.page_registry import PageRoute

PAGES: list[PageRoute] = [
    PageRoute("/evaluate/<token:token>", "src/pages/evaluations/EvaluatePage.tsx", public=True, shell=False),
]
