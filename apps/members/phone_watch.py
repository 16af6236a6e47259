"""Watching who reads members' whole phones (issue 25, item 11).

BTN-HYGL-PHONE-VIEW reads any member's whole phone, chain-wide, one member per call. The call is
throttled per user (PHONE_VIEWS_PER_HOUR, members.api.views.WholePhoneThrottle) and each view is in
the system log; beyond that, an account that reads more than PHONE_VIEWS_ALERT_COUNT phones within
PHONE_VIEWS_ALERT_MINUTES is told to the owner of the store it acts in, as one task (audience
OWNER: its colleagues do not see it), naming the account and the count. The log is the count, so the
rule holds whichever web process served the views and while Redis is down.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext

from apps.core.audit import Actor, audit_record
from apps.core.json_types import JsonObject
from apps.core.models import SystemLog
from apps.members.choices import AuditAction
from apps.messaging.choices import TaskAudience, TaskType
from apps.messaging.services import task_raise
from apps.messaging.system_texts import SystemText
from apps.org.models import OrgUnit

# The owner's task (apps.messaging.system_texts).
PHONE_VIEWS_TEXT = "members.phone_views"
# The first key of the advisory lock that makes one account's views take turns (see watch).
PHONE_VIEWS_LOCK_SPACE = 250011


def phone_views_text(params: JsonObject) -> SystemText:
    """The owner's task in the reader's language: {login, role, count, minutes}."""
    return SystemText(
        title=gettext("%(login)s viewed %(count)s whole phones") % params,
        content=gettext(
            "%(login)s (%(role)s) viewed the whole phones of %(count)s members within %(minutes)s minutes. "
            "Each view is in the system log (/sysLog)."
        )
        % params,
    )


def _lock_reader(user_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [PHONE_VIEWS_LOCK_SPACE, user_id])


def phone_views_watch(*, actor: Actor) -> None:
    """Raises the owner's task when the reader's views within the window pass the count and no task
    was raised for them within it: one task per account per window, however many views follow.
    Runs in the view's transaction, after its log row, under a lock per account so two views at the
    same instant cannot both raise it."""
    if actor.user_id is None or actor.store_id is None:
        return
    _lock_reader(actor.user_id)
    minutes = settings.PHONE_VIEWS_ALERT_MINUTES
    since = timezone.now() - timedelta(minutes=minutes)
    mine = SystemLog.objects.filter(user_id=actor.user_id, created_at__gte=since)
    count = mine.filter(action=AuditAction.PHONE_VIEWED).count()
    if count <= settings.PHONE_VIEWS_ALERT_COUNT or mine.filter(action=AuditAction.PHONE_VIEWS_ALERTED).exists():
        return
    store = OrgUnit.objects.filter(pk=actor.store_id).first()
    if store is None or not store.is_store:
        # Head office's own roles answer to nobody above them; their views are in the log.
        return
    task = task_raise(
        actor=actor,
        store=store,
        task_type=TaskType.PHONE_VIEWS,
        audience=TaskAudience.OWNER,
        text_code=PHONE_VIEWS_TEXT,
        text_params={"login": actor.login_name, "role": actor.role_name, "count": count, "minutes": minutes},
    )
    audit_record(actor=actor, action=AuditAction.PHONE_VIEWS_ALERTED, target=task, detail={"count": count})
