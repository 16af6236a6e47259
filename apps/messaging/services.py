"""Writes of messages and tasks: head office saves, schedules and publishes messages; the scheduler
publishes the due ones; readers mark messages and tasks read; billing creates tasks.

Publishing, saving, deleting and task creation run in one transaction and write the system log.
Marking read changes only the reader's own read state and is not logged.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal
from typing import Any, TypedDict, TypeVar

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from apps.accounts.models import User
from apps.core.audit import SYSTEM_ACTOR, Actor, audit_record
from apps.core.errors import InvalidInput, NotFound
from apps.core.json_types import JsonObject
from apps.core.money import money_to_wire, round_money
from apps.messaging.choices import MSG_NAME_MAX_LENGTH, SYSTEM_PUBLISHER_NAME, AuditAction, TaskAudience, TaskType
from apps.messaging.models import Message, MessageRead, Task, TaskRead
from apps.messaging.sanitize import sanitize_rich_text
from apps.messaging.selectors import messages_visible, tasks_of
from apps.messaging.system_texts import system_text
from apps.org.models import OrgUnit

_PUBLISHER_NAME_LENGTH = Message._meta.get_field("push_user_name").max_length


def _name_of(user: User | None) -> str:
    if user is None:
        return SYSTEM_PUBLISHER_NAME
    return (user.nickname or user.login_name)[:_PUBLISHER_NAME_LENGTH]


def _publisher_name(actor: Actor) -> str:
    user = User.objects.filter(pk=actor.user_id).first() if actor.user_id is not None else None
    if user is None:
        return (actor.login_name or SYSTEM_PUBLISHER_NAME)[:_PUBLISHER_NAME_LENGTH]
    return _name_of(user)


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


# -- messages ------------------------------------------------------------------------------------


def message_save(*, actor: Actor, message: Message, now: datetime | None = None) -> Message:
    """Head office writes or schedules a message. The rich text is sanitised before it is stored
    (no scripts, event handlers or `javascript:` links), the saver is remembered as the author (the
    name a scheduled message is published under), and a message whose publish time has already come
    is published at once rather than at the scheduler's next run. The audience (many-to-many) is set
    by the caller after this returns, inside the same transaction."""
    now = now or timezone.now()
    created = message.pk is None
    message.graphic_description = sanitize_rich_text(message.graphic_description)
    if actor.user_id is not None:
        message.author_id = actor.user_id
    with transaction.atomic():
        message.save()
        audit_record(
            actor=actor,
            action=AuditAction.MESSAGE_SAVED,
            target=message,
            detail={"created": created, "publishAt": _when(message.publish_at), "mandatory": message.mandatory},
        )
        if not message.published and message.publish_at is not None and message.publish_at <= now:
            message_publish(actor=actor, message=message, now=now)
    return message


def message_publish(*, actor: Actor, message: Message, now: datetime | None = None) -> Message:
    """Publishes a message now (the admin's "publish now", or a save whose time has come): it
    becomes visible to its audience with pushTime and the publisher's name. Publishing a published
    message changes nothing, so two head-office users clicking at once publish it once."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = Message.objects.select_for_update().get(pk=message.pk)
        if not locked.published:
            locked.published = True
            locked.push_time = now
            locked.push_user_name = _publisher_name(actor)
            if locked.publish_at is None or locked.publish_at > now:
                locked.publish_at = now
            locked.save(update_fields=["published", "push_time", "push_user_name", "publish_at", "updated_at"])
            audit_record(
                actor=actor,
                action=AuditAction.MESSAGE_PUBLISHED,
                target=locked,
                detail={"pushTime": _when(now), "pushUserName": locked.push_user_name},
            )
    for field in ("published", "push_time", "push_user_name", "publish_at"):
        setattr(message, field, getattr(locked, field))
    return message


def messages_publish_due(*, now: datetime) -> int:
    """The scheduler (every minute): publishes every message whose publish time has come, under the
    name of the head-office user who scheduled it. Idempotent: a published message is never due
    again. Rows another worker holds are skipped (SKIP LOCKED), so two beats running
    at once never publish one message twice; the skipped ones are that other worker's."""
    with transaction.atomic():
        due = list(
            Message.objects.due(now)
            .select_for_update(skip_locked=True, of=("self",))
            .select_related("author")
            .order_by("publish_at", "id")
        )
        for message in due:
            message.published = True
            message.push_time = now
            message.push_user_name = _name_of(message.author)
        Message.objects.bulk_update(due, ["published", "push_time", "push_user_name"])
        for message in due:
            audit_record(
                actor=SYSTEM_ACTOR,
                action=AuditAction.MESSAGE_PUBLISHED,
                target=message,
                detail={
                    "pushTime": _when(now),
                    "pushUserName": message.push_user_name,
                    "scheduledFor": _when(message.publish_at),
                },
            )
    return len(due)


def message_delete(*, actor: Actor, message: Message) -> None:
    with transaction.atomic():
        audit_record(
            actor=actor, action=AuditAction.MESSAGE_DELETED, target=message, detail={"published": message.published}
        )
        message.delete()


def _ids(raw: Iterable[int]) -> set[int]:
    return {int(pk) for pk in raw}


ReadT = TypeVar("ReadT", MessageRead, TaskRead)


def _mark_read(
    *,
    user: User,
    ids: Iterable[int],
    visible: QuerySet[Any],
    read_model: type[ReadT],
    field: str,
    now: datetime | None,
) -> int:
    """Marks the records `ids` read for `user` by a `read_model` row each (its `field` naming the
    record). Every id must be among `visible`, otherwise nothing is marked and the answer is
    NotFound, as for a missing record (contract §5). Marking a read record again changes nothing.
    Returns how many became read."""
    wanted = _ids(ids)
    if not wanted:
        return 0
    if set(visible.filter(pk__in=wanted).values_list("pk", flat=True)) != wanted:
        raise NotFound()
    now = now or timezone.now()
    with transaction.atomic():
        already = set(read_model.objects.filter(user=user, **{f"{field}__in": wanted}).values_list(field, flat=True))
        fresh = [read_model(user=user, read_at=now, **{field: pk}) for pk in sorted(wanted - already)]
        # A concurrent read of the same record is no error: the unique (user, record) row exists.
        read_model.objects.bulk_create(fresh, ignore_conflicts=True)
    return len(fresh)


def messages_mark_read(*, user: User, unit: OrgUnit, message_ids: Iterable[int], now: datetime | None = None) -> int:
    """Marks messages read for `user` (opening a message, the batch read, acknowledging a forced
    notice after its countdown). Every id must be a message `unit` sees, otherwise nothing is marked
    and the answer is NotFound, as for a missing message (contract §5). Marking a read message again
    changes nothing. Returns how many became read."""
    return _mark_read(
        user=user,
        ids=message_ids,
        visible=messages_visible(unit=unit),
        read_model=MessageRead,
        field="message_id",
        now=now,
    )


# -- tasks ---------------------------------------------------------------------------------------


def task_create(
    *,
    actor: Actor,
    store: OrgUnit,
    task_type: TaskType | int,
    msg_name: str,
    content: str = "",
    amount: Decimal | int | str | None = None,
    due_date: date | None = None,
    audience: TaskAudience = TaskAudience.STORE,
) -> Task:
    """A notice to one store written by a person (head office in the admin), read as written (spec §3
    Task summary): type 1 arrears notice, 2 payment notice. The amount, when there is one, is money:
    two places, never negative. `audience` OWNER shows it to the store's owner and head office only."""
    _check_addressed(store, task_type)
    msg_name = (msg_name or "").strip()
    if not msg_name:
        raise InvalidInput(_("please enter a title"), field="msgName")
    if len(msg_name) > MSG_NAME_MAX_LENGTH:
        raise InvalidInput(_("the title has at most 100 characters"), field="msgName")
    return _task_write(
        actor=actor,
        store=store,
        task_type=task_type,
        texts={"msg_name": msg_name, "content": content or ""},
        amount=amount,
        due_date=due_date,
        audience=audience,
    )


def task_raise(
    *,
    actor: Actor,
    store: OrgUnit,
    task_type: TaskType,
    text_code: str,
    text_params: JsonObject,
    amount: Decimal | int | str | None = None,
    due_date: date | None = None,
    audience: TaskAudience = TaskAudience.STORE,
) -> Task:
    """A task the system raises (a product below its safety stock, a payment to check...): kept as
    its text's code and parameters, read in each reader's language (apps.messaging.system_texts), and
    stored once in the chain's language for the admin."""
    _check_addressed(store, task_type)
    with translation.override(settings.LANGUAGE_CODE):
        text = system_text(text_code, text_params)
    if text is None:  # the raising app registers its code when it loads: a wiring fault otherwise
        raise RuntimeError(f"system text {text_code!r} is not registered")
    return _task_write(
        actor=actor,
        store=store,
        task_type=task_type,
        texts={
            "msg_name": text.title[:MSG_NAME_MAX_LENGTH],
            "content": text.content,
            "text_code": text_code,
            "text_params": text_params,
        },
        amount=amount,
        due_date=due_date,
        audience=audience,
    )


def _check_addressed(store: OrgUnit, task_type: TaskType | int) -> None:
    if not store.is_store:
        raise InvalidInput(_("a task belongs to a store"), field="store")
    if task_type not in TaskType.values:
        raise InvalidInput(_("unknown task type"), field="type")


class _TaskTexts(TypedDict, total=False):
    msg_name: str
    content: str
    text_code: str
    text_params: JsonObject


def _task_write(
    *,
    actor: Actor,
    store: OrgUnit,
    task_type: TaskType | int,
    texts: _TaskTexts,
    amount: Decimal | int | str | None,
    due_date: date | None,
    audience: TaskAudience,
) -> Task:
    if amount is not None:
        amount = round_money(amount)
        if amount < 0:
            raise InvalidInput(_("the amount cannot be negative"), field="amount")
    with transaction.atomic():
        task = Task.objects.create(
            store=store, type=TaskType(task_type), amount=amount, due_date=due_date, audience=audience, **texts
        )
        audit_record(
            actor=actor,
            action=AuditAction.TASK_CREATED,
            target=task,
            detail={
                "storeId": store.pk,
                "type": task.type,
                "audience": task.audience,
                "amount": money_to_wire(amount) if amount is not None else None,
            },
        )
    return task


def task_delete(*, actor: Actor, task: Task) -> None:
    with transaction.atomic():
        audit_record(actor=actor, action=AuditAction.TASK_DELETED, target=task, detail={"storeId": task.store_id})
        task.delete()


def tasks_mark_read(
    *, user: User, unit: OrgUnit, owner_view: bool, task_ids: Iterable[int], now: datetime | None = None
) -> int:
    """Marks tasks read for `user` (opening one, or the batch read). Every id must be a task the
    reader sees at the stores `unit` covers, else NotFound and nothing is marked. Idempotent; returns
    how many became read."""
    visible = tasks_of(unit=unit, owner_view=owner_view)
    return _mark_read(user=user, ids=task_ids, visible=visible, read_model=TaskRead, field="task_id", now=now)
