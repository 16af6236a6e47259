"""Two saves of one role's quick shortcuts at the same moment both succeed, one after the other,
and leave one consistent set (real concurrent transactions)."""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from apps.accounts.models import QuickShortcut
from apps.accounts.services import quick_shortcuts_save
from apps.accounts.session import ActingSession
from apps.core.audit import SYSTEM_ACTOR

pytestmark = pytest.mark.django_db(transaction=True)

CODES = ["ERP-HYGL-PAG-0002-0000", "ERP-YUKB-PAG-0001-0000", "XXZX-0001", "KCGL-0001", "KCGL-0004", "PBGL-0001"]


def test_concurrent_saves_take_turns_and_leave_one_set(chain, make_entry):
    entry = make_entry(chain["store"], codes=CODES)
    sets = [
        ["/MemberList", "/orderBoard", "/messageList"],
        ["/storageRecord", "/outboundRecord", "/schedule", "/memberPoints"],
    ]
    start = threading.Barrier(len(sets) * 4)
    failures: list[BaseException] = []

    def save(routers: list[str]) -> None:
        try:
            start.wait()
            session = ActingSession(user=entry.user, user_role=entry)
            quick_shortcuts_save(
                actor=SYSTEM_ACTOR,
                session=session,
                role_id=entry.role_id,
                routers=routers,
                store_id=chain["store"].pk,
                user_id=entry.user_id,
            )
        except BaseException as failure:  # collected and asserted in the main thread
            failures.append(failure)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=save, args=(routers,)) for routers in sets for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert failures == []
    saved = list(QuickShortcut.objects.filter(user_role=entry).order_by("position").values_list("router", flat=True))
    assert saved in sets
