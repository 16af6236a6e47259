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


def test_sqlite_wording_is_read_by_the_columns_and_the_check_name():
    unique = IntegrityError(
        "UNIQUE constraint failed: accounts_userrole.user_id, accounts_userrole.role_id, accounts_userrole.hier_id"
    )
    assert violated_constraint(unique) == "user_role_once_per_level"
    assert violated_constraint(IntegrityError("CHECK constraint failed: quick_shortcut_at_most_ten")) == (
        "quick_shortcut_at_most_ten"
    )
    assert violated_constraint(IntegrityError("something else")) == ""
