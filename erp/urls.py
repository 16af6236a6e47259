from django.contrib import admin
from django.urls import include, path, re_path

from apps.accounts.api.urls import acct_urlpatterns, auth_urlpatterns, hier_urlpatterns
from apps.core import pages

rest_urlpatterns = [
    path("", include("apps.core.api.urls")),
    path("auth/", include(auth_urlpatterns)),
    path("acct/", include(acct_urlpatterns)),
    path("hier/", include(hier_urlpatterns)),
    # Last: any other /rest/ path answers the envelope's 404, in DEBUG too.
    re_path(r"^.*$", pages.rest_not_found, name="rest-not-found"),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("rest/", include(rest_urlpatterns)),
    path("404", pages.not_found_page, name="page-404"),
    # Last: every unknown page path shows the /404 page (spec §2.1), in DEBUG too.
    re_path(r"^(?!admin/|static/|rest/).*$", pages.unknown_page, name="page-unknown"),
]

handler404 = "apps.core.pages.handler404"
handler500 = "apps.core.pages.handler500"
