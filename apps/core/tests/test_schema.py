import pytest
from django.core.management import call_command

from apps.core.testing import api_client


def test_openapi_schema_is_valid_and_warning_free(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yml"))
    assert "/rest/acct/selectHierRole/{user_role_id}" in (tmp_path / "schema.yml").read_text()


@pytest.mark.django_db
def test_schema_ui_is_served_without_a_cdn():
    html = api_client().get("/rest/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/" in html
    assert "cdn" not in html.lower()
