"""Head office's store edits in the Django admin are in the system log."""

import pytest

from apps.accounts.tests.factories import UserFactory
from apps.core.models import SystemLog

pytestmark = pytest.mark.django_db


def test_a_store_changed_in_the_admin_is_logged_with_its_fields(client, chain):
    admin = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(admin)
    store = chain["store"]
    page = client.get(f"/admin/org/orgunit/{store.pk}/change/")
    assert page.status_code == 200
    form = page.context["adminform"].form
    data = {
        name: ("" if value is None else value)
        for name, value in ((field, form[field].value()) for field in form.fields)
        if not isinstance(value, list)
    }
    data.update(name="Store A renamed", borrow_out_targets=[])
    response = client.post(f"/admin/org/orgunit/{store.pk}/change/", data)
    assert response.status_code == 302, response.content[:2000]
    entry = SystemLog.objects.get(action="admin.changed", object_id=str(store.pk))
    assert "name" in entry.detail["fields"]
    assert entry.login_name == admin.login_name
