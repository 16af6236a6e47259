"""Constraint violations become the domain error their constraint's name is mapped to."""

import pytest
from django.db import IntegrityError

from apps.accounts.models import UserRole
from apps.core.constraints import constraint_errors, violated_constraint
from apps.core.errors import Conflict

pytestmark = pytest.mark.django_db


class Taken(Conflict):
    pass


def test_a_mapped_constraint_raises_its_domain_error(chain, make_entry):
    entry = make_entry(chain["store"])
    with pytest.raises(Taken), constraint_errors({"user_role_once_per_level": Taken}):
        UserRole.objects.create(user=entry.user, role=entry.role, hier=entry.hier)
    # The savepoint was rolled back: the outer transaction still works.
    assert UserRole.objects.filter(user=entry.user).count() == 1


def test_another_constraint_passes_on(chain, make_entry):
    entry = make_entry(chain["store"])
    with pytest.raises(IntegrityError), constraint_errors({"some_other_constraint": Taken}):
        UserRole.objects.create(user=entry.user, role=entry.role, hier=entry.hier)


def test_an_error_without_the_databases_diagnostics_names_no_constraint():
    assert violated_constraint(IntegrityError("UNIQUE constraint failed: accounts_userrole.user_id")) == ""
