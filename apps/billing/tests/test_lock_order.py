"""The lock order of apps.core.locks, held by the guard every test connection carries
(apps.core.tests.lock_guard): a lock over a join must name its own table, a lock on rows others
point at is FOR NO KEY UPDATE, and no use case locks a model of LOCK_ORDER after one further down
it. Here, where the member and card models are known."""

from __future__ import annotations

import pytest
from django.db import transaction

from apps.accounts.models import UserRole
from apps.core.locks import LOCK_ORDER
from apps.core.tests import lock_guard
from apps.core.tests.lock_guard import LockOrderBroken, lock_over_join, locked_tables
from apps.members.models import Member
from apps.members.tests.factories import MemberFactory


def _compiled(queryset) -> str:
    compiler = queryset.query.get_compiler(using="default")
    sql, _params = compiler.as_sql()
    return sql


@pytest.mark.django_db
def test_a_lock_over_a_join_without_of_is_found():
    joined = UserRole.objects.select_for_update().select_related("hier")
    assert lock_over_join(_compiled(joined))
    assert not lock_over_join(_compiled(UserRole.objects.select_for_update(of=("self",)).select_related("hier")))
    assert not lock_over_join(_compiled(UserRole.objects.select_related("hier")))
    assert not lock_over_join(_compiled(Member.objects.select_for_update().filter(pk=1)))


@pytest.mark.django_db
def test_a_lock_over_a_join_fails_the_test_that_takes_it(chain):
    with pytest.raises(LockOrderBroken), transaction.atomic():
        list(UserRole.objects.select_for_update().select_related("hier"))
    assert lock_guard.found_and_cleared()  # the suite's fixture would fail the test with it


@pytest.mark.django_db
def test_the_locked_tables_are_read_from_of_or_from(chain):
    member_table = Member._meta.db_table
    assert locked_tables(_compiled(Member.objects.select_for_update().filter(pk=1))) == [member_table]
    of_self = UserRole.objects.select_for_update(of=("self",)).select_related("hier")
    assert locked_tables(_compiled(of_self)) == [UserRole._meta.db_table]
    assert locked_tables(_compiled(Member.objects.filter(pk=1))) is None


@pytest.mark.django_db
def test_a_member_locked_after_a_card_in_one_transaction_breaks_the_order(chain):
    from apps.cards.models import Card

    member = MemberFactory(home_store=chain["store"])
    assert LOCK_ORDER.index("members.Member") < LOCK_ORDER.index("cards.Card")
    with pytest.raises(LockOrderBroken, match="locked after"), transaction.atomic():
        list(Card.objects.select_for_update(no_key=True).filter(member=member))
        list(Member.objects.select_for_update(no_key=True).filter(pk=member.pk))
    assert lock_guard.found_and_cleared()


@pytest.mark.django_db
def test_the_order_starts_afresh_with_each_transaction(chain):
    from apps.cards.models import Card

    member = MemberFactory(home_store=chain["store"])
    with transaction.atomic():
        list(Card.objects.select_for_update(no_key=True).filter(member=member))
    with transaction.atomic():
        list(Member.objects.select_for_update(no_key=True).filter(pk=member.pk))
        list(Card.objects.select_for_update(no_key=True).filter(member=member))
        list(Member.objects.select_for_update(no_key=True).filter(pk=member.pk))  # held already: no wait
    assert lock_guard.found_and_cleared() == []


@pytest.mark.django_db
def test_a_for_update_lock_on_a_row_others_point_at_is_refused(chain):
    member = MemberFactory(home_store=chain["store"])
    with pytest.raises(LockOrderBroken, match="no_key=True"), transaction.atomic():
        list(Member.objects.select_for_update().filter(pk=member.pk))
    assert lock_guard.found_and_cleared()
    with transaction.atomic():
        list(Member.objects.select_for_update(no_key=True).filter(pk=member.pk))
    assert lock_guard.found_and_cleared() == []


def test_every_model_of_the_lock_order_exists():
    from django.apps import apps

    for label in LOCK_ORDER:
        assert apps.get_model(label)._meta.db_table
