"""The admin audit mixins write the system log for inline lines too."""

from types import SimpleNamespace

import pytest
from django.contrib import admin
from django.test import RequestFactory

from apps.accounts.tests.factories import UserFactory
from apps.core.admin_audit import AuditedInlinesMixin
from apps.core.models import SystemLog
from apps.org.models import OrgUnit

pytestmark = pytest.mark.django_db


class _Admin(AuditedInlinesMixin, admin.ModelAdmin):
    pass


class _Formset(SimpleNamespace):
    def save(self):
        self.saved = True


def _request():
    request = RequestFactory().post("/admin/", REMOTE_ADDR="192.0.2.1")
    request.user = UserFactory(is_staff=True)
    return request


def test_inline_lines_added_changed_and_deleted_are_logged_against_the_parent(chain):
    store = chain["store"]
    formset = _Formset(
        model=OrgUnit, new_objects=["line A"], changed_objects=[("line B", ["quantity"])], deleted_objects=["line C"]
    )
    _Admin(OrgUnit, admin.site).save_formset(_request(), SimpleNamespace(instance=store), formset, change=True)
    assert formset.saved
    entry = SystemLog.objects.get(action="admin.lines_changed")
    assert entry.object_id == str(store.pk)
    assert entry.detail == {
        "lines": "org.orgunit",
        "added": ["line A"],
        "changed": [{"line": "line B", "fields": ["quantity"]}],
        "deleted": ["line C"],
    }


def test_an_unchanged_formset_writes_nothing(chain):
    formset = _Formset(model=OrgUnit, new_objects=[], changed_objects=[], deleted_objects=[])
    _Admin(OrgUnit, admin.site).save_formset(_request(), SimpleNamespace(instance=chain["store"]), formset, change=True)
    assert not SystemLog.objects.filter(action="admin.lines_changed").exists()
