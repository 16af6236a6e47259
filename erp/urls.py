from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, re_path

from apps.accounts.api.urls import acct_urlpatterns, auth_urlpatterns, hier_urlpatterns
from apps.core.url_resolver import remembered_include
from apps.pages import pages
from apps.pages.serving import page_urlpatterns

rest_urlpatterns: list[URLPattern | URLResolver] = [
    path("", include("apps.core.api.urls")),
    path("auth/", include(auth_urlpatterns)),
    path("acct/", include(acct_urlpatterns)),
    path("hier/", include(hier_urlpatterns)),
    path("", include("apps.org.api.urls")),
    path("", include("apps.messaging.api.urls")),
    path("", include("apps.approvals.api.urls")),
    path("", include("apps.masterdata.api.urls")),
    path("", include("apps.catalog.api.urls")),
    path("", include("apps.members.api.urls")),
    path("", include("apps.staff.api.urls")),
    path("", include("apps.booking.api.urls")),
    path("", include("apps.cards.api.urls")),
    path("", include("apps.payments.api.urls")),
    path("", include("apps.inventory.api.urls")),
    path("", include("apps.billing.urls")),
    path("", include("apps.groupbuy.api.urls")),
    path("", include("apps.evaluations.api.urls")),
    path("", include("apps.commission.api.urls")),
    path("", include("apps.settlement.api.urls")),
    path("", include("apps.reports.api.urls")),
    # Last: any other /rest/ path answers the envelope's 404, in DEBUG too.
    re_path(r"^.*$", pages.rest_not_found, name="rest-not-found"),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    remembered_include("rest/", rest_urlpatterns),
    path("api/v1/wxwork/", include("apps.accounts.api.wecom_urls")),
    path("", pages.root_redirect, name="page-root"),
    *page_urlpatterns(),
    # Last: every unknown page path shows the /404 page (spec §2.1), in DEBUG too.
    re_path(r"^(?!admin/|static/|rest/|api/).*$", pages.unknown_page, name="page-unknown"),
]

handler404 = "apps.pages.pages.handler404"
handler500 = "apps.pages.pages.handler500"
