"""Serving the pages of spec §2: each built page is a Django view that guards its role code on the
server and renders `templates/page.html` with the page's Vite entry (an island) and the shell.

Apps list their built pages in `apps/<area>/pages.py` as `PAGES = [PageRoute(...)]`; a route of the
registry (apps.core.page_registry) that no app has built is not served: it falls to the 404 page.
This app sits on the top floor, so it reads the visitor's session from accounts directly
(apps.pages.visitor) while every app below only declares its routes.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, TypedDict
from urllib.parse import urlencode, urlparse

from django.apps import apps as django_apps
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import URLPattern, path
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from apps.accounts.wecom import wecom_configured
from apps.core.page_registry import PAGES, PageRoute, page_for
from apps.pages.visitor import PageVisitor, page_visitor

WECOM_SIGN_IN_PAGE = "/login"
ROLE_CHOICE_PAGE = ACCOUNT_SIGN_IN_PAGE = "/xxbLogin"
EMPTY_MENU_PAGE = "/404"


def built_pages() -> list[PageRoute]:
    pages: list[PageRoute] = []
    for config in django_apps.get_app_configs():
        if not config.name.startswith("apps."):
            continue
        try:
            module = import_module(f"{config.name}.pages")
        except ModuleNotFoundError as missing:
            if missing.name != f"{config.name}.pages":
                raise
            continue
        pages.extend(getattr(module, "PAGES", []))
    return pages


def _visitor(request: HttpRequest) -> PageVisitor:
    return page_visitor(request)


def sign_in_page() -> str:
    """Where a stranger signs in: the enterprise-chat QR code when enterprise chat is set up, else the
    account and password form (a QR page that only says it is not set up is no way in)."""
    return WECOM_SIGN_IN_PAGE if wecom_configured() else ACCOUNT_SIGN_IN_PAGE


def guard(visitor: PageVisitor, route: str) -> str | None:
    """Where to send a visitor instead of rendering `route`, or None to render it (spec §5 route
    guard): not signed in → sign-in; no role yet → role choice; empty menu → /404; a code the role
    lacks → stay where they were (handled by the caller)."""
    if not visitor.signed_in:
        return sign_in_page()
    if not visitor.role_chosen:
        return ROLE_CHOICE_PAGE
    if not visitor.menu:
        return EMPTY_MENU_PAGE
    return None


class PageRef(TypedDict):
    """A page of the registry as the client guard reads it."""

    route: str
    code: str | None
    titleEn: str
    titleZh: str
    report: bool
    figuresCode: str | None
    drawerCodes: list[str]


class PageContext(TypedDict):
    """What a page's island reads from the template (json_script "page_context")."""

    route: str
    code: str | None
    props: dict[str, str]
    signedIn: bool
    builtRoutes: list[str]
    pages: list[PageRef]
    badgeRefreshSeconds: int
    signInPage: str
    sessionIdleMinutes: int
    notices: list[str]


def _page_context(request: HttpRequest, page: PageRoute, visitor: PageVisitor | None) -> PageContext:
    spec_page = page_for(page.route)
    return {
        "route": page.route,
        "code": spec_page.code if spec_page else None,
        "props": dict(page.props),
        "signedIn": bool(visitor and visitor.role_chosen),
        "builtRoutes": sorted(built.route for built in built_pages()),
        "pages": [
            {
                "route": p.route,
                "code": p.code,
                "titleEn": p.title_en,
                "titleZh": p.title_zh,
                "report": p.report,
                "figuresCode": p.figures_code,
                "drawerCodes": list(p.drawer_codes),
            }
            for p in PAGES
        ],
        "badgeRefreshSeconds": settings.BADGE_REFRESH_SECONDS,
        "signInPage": sign_in_page(),
        "sessionIdleMinutes": settings.SESSION_IDLE_MINUTES,
        "notices": [str(message) for message in messages.get_messages(request)],
    }


def render_page(
    request: HttpRequest, page: PageRoute, *, status: int = 200, visitor: PageVisitor | None = None
) -> HttpResponse:
    if visitor is None and request.user.is_authenticated:
        visitor = _visitor(request)
    context = {
        "page": page,
        "with_shell": page.shell and visitor is not None and visitor.role_chosen,
        "page_context": _page_context(request, page, visitor),
    }
    return render(request, "page.html", context, status=status)


def _stay_where_they_were(request: HttpRequest, visitor: PageVisitor) -> HttpResponse:
    messages.warning(request, _("no permission"))
    referer = request.META.get("HTTP_REFERER", "")
    if referer and url_has_allowed_host_and_scheme(referer, {request.get_host()}, request.is_secure()):
        return HttpResponseRedirect(urlparse(referer).path or visitor.landing)
    return HttpResponseRedirect(visitor.landing)


def sign_in_redirect(request: HttpRequest, visitor: PageVisitor | None = None) -> HttpResponse | None:
    """The redirect the guard gives a visitor who has not signed in or chosen a role, else None."""
    visitor = visitor or _visitor(request)
    elsewhere = guard(visitor, request.path)
    if elsewhere is None or elsewhere == EMPTY_MENU_PAGE:
        return None
    query = {"next": request.get_full_path()}
    if visitor.signed_in and elsewhere == ROLE_CHOICE_PAGE:
        query["chooseRole"] = "1"  # signed in: the page shows the role step, not the form
    return HttpResponseRedirect(f"{elsewhere}?{urlencode(query)}")


def page_view(page: PageRoute) -> Any:
    spec_page = page_for(page.route)

    @require_GET
    def view(request: HttpRequest, **_address: str) -> HttpResponse:
        # A route may carry a part of the address (a public page's token): the page reads it itself.
        if page.public:
            return render_page(request, page)
        visitor = _visitor(request)
        redirect = sign_in_redirect(request, visitor)
        if redirect is not None:
            return redirect
        if not visitor.menu:
            return HttpResponseRedirect(EMPTY_MENU_PAGE)
        if spec_page is not None and spec_page.code is not None and spec_page.code not in visitor.codes:
            return _stay_where_they_were(request, visitor)
        return render_page(request, page, visitor=visitor)

    view.__name__ = f"page_{page.route.split('<')[0].strip('/') or 'root'}"
    return view


def page_urlpatterns() -> list[URLPattern]:
    return [
        path(page.route.lstrip("/"), page_view(page), name=f"page{page.route.split('/<')[0].replace('/', '-')}")
        for page in built_pages()
    ]
