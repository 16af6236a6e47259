"""Reads of messages and tasks, always for one reader (read state is per user) at one level of the
tree (a store, or a head-office or region level), and the wire shapes of spec §7.1 and §7.9."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any, TypeAlias, TypedDict

from django.db.models import Exists, OuterRef, QuerySet

from apps.accounts.models import User
from apps.core.audit import operator_name
from apps.core.errors import NotFound
from apps.core.money import money_to_wire
from apps.messaging.choices import TaskAudience, TaskType
from apps.messaging.models import Message, MessageRead, MessageType, Task, TaskRead
from apps.messaging.rows import (
    MandatoryMessageRow,
    MessageDetailRow,
    MessageRow,
    MessageTypeRow,
    TaskDetailRow,
    TaskRow,
)
from apps.messaging.system_texts import system_text
from apps.org.models import OrgUnit

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class _ReadState(TypedDict):
    is_read: bool


# A message or task as one reader sees it: annotated with whether that reader has read it.
ReadMessage: TypeAlias = "WithAnnotations[Message, _ReadState]"
ReadTask: TypeAlias = "WithAnnotations[Task, _ReadState]"

# -- messages ------------------------------------------------------------------------------------


def units() -> QuerySet[OrgUnit]:
    """The levels of the tree with what addressing reads (kind, path), for a view to pick the one a
    call acts for (apps.core.scoping.level_in_scope)."""
    return OrgUnit.objects.only("id", "kind", "path", "name")


def message_types() -> list[MessageTypeRow]:
    return [{"id": pk, "name": name} for pk, name in MessageType.objects.values_list("id", "name")]


def messages_visible(*, unit: OrgUnit) -> QuerySet[Message]:
    """Published messages addressed to `unit` or to a level above it. Drafts and messages whose
    scheduled time has not come are not published, so nobody sees them."""
    return Message.objects.published().addressed_to(unit)


def _read_by(user: User) -> Exists:
    return Exists(MessageRead.objects.filter(user=user, message=OuterRef("pk")))


def message_search(
    *,
    user: User,
    unit: OrgUnit,
    is_read: bool | None = None,
    type_id: int | None = None,
    keyword: str = "",
) -> QuerySet[Message]:
    """The message list of spec §7.1 searchMsg, newest first, each row knowing if `user` read it."""
    rows = (
        messages_visible(unit=unit)
        .select_related("type")
        .defer("graphic_description")  # the list never shows the rich text
        .annotate(is_read=_read_by(user))
    )
    if is_read is not None:
        rows = rows.filter(is_read=is_read)
    if type_id is not None:
        rows = rows.filter(type_id=type_id)
    if keyword:
        rows = rows.filter(msg_name__icontains=keyword)
    return rows.order_by("-push_time", "-id")


def messages_count(*, user: User, unit: OrgUnit, is_read: bool = False) -> int:
    """The new-message badge (spec §2.3, §4 "message count"): unread by default."""
    read = _read_by(user)
    return messages_visible(unit=unit).filter(read if is_read else ~read).count()


def message_for_reader(*, user: User, unit: OrgUnit, message_id: int) -> ReadMessage:
    """One message `unit` may see, or NotFound: another level's message looks like a missing one."""
    message = (
        messages_visible(unit=unit)
        .select_related("type")
        .annotate(is_read=_read_by(user))
        .filter(pk=message_id)
        .first()
    )
    if message is None:
        raise NotFound()
    return message


def mandatory_message_unread(*, user: User, unit: OrgUnit) -> Message | None:
    """The forced notice to show (spec §4): the oldest mandatory message `user` has not read yet."""
    return (
        messages_visible(unit=unit)
        .filter(mandatory=True)
        .filter(~_read_by(user))
        .order_by("push_time", "id")
        .only("id", "msg_name", "graphic_description", "show_time")
        .first()
    )


def message_row(message: ReadMessage) -> MessageRow:
    return {
        "id": message.pk,
        "msgName": message.msg_name,
        "msgType": message.type_id,
        "msgTypeName": message.type.name,
        "pushTime": message.push_time,
        "pushUserName": operator_name(message.push_user_name),
        "insertTime": message.insert_time,
        "isRead": bool(message.is_read),
        "mandatory": message.mandatory,
    }


def message_rows(messages: Any) -> list[MessageRow]:
    return [message_row(message) for message in messages]


def message_detail(message: ReadMessage) -> MessageDetailRow:
    return {
        **message_row(message),
        "graphicDescription": message.graphic_description,
        "showTime": message.show_time,
    }


def mandatory_notice(message: Message) -> MandatoryMessageRow:
    return {
        "id": message.pk,
        "msgName": message.msg_name,
        "graphicDescription": message.graphic_description,
        "showTime": message.show_time,
    }


# -- tasks ---------------------------------------------------------------------------------------


def tasks_of(*, unit: OrgUnit, owner_view: bool) -> QuerySet[Task]:
    """The tasks of a store, or of every store beneath a head-office or region level, that the reader
    sees: the owner's tasks only with `owner_view` (an owner at the store, or head office)."""
    tasks = (
        Task.objects.filter(store_id=unit.pk)
        if unit.is_store
        else Task.objects.filter(store__path__startswith=unit.path)
    )
    return tasks if owner_view else tasks.exclude(audience=TaskAudience.OWNER)


def _task_read_by(user: User) -> Exists:
    return Exists(TaskRead.objects.filter(user=user, task=OuterRef("pk")))


def task_search(
    *, user: User, unit: OrgUnit, owner_view: bool, is_read: bool | None = None, task_type: int | None = None
) -> QuerySet[Task]:
    """The task list of spec §7.9 searchTaskStore, newest first (pageSize 1 gives the bell's task)."""
    rows = tasks_of(unit=unit, owner_view=owner_view).defer("content").annotate(is_read=_task_read_by(user))
    if is_read is not None:
        rows = rows.filter(is_read=is_read)
    if task_type is not None:
        rows = rows.filter(type=task_type)
    return rows.order_by("-created_at", "-id")


def tasks_count(*, user: User, unit: OrgUnit, owner_view: bool, is_read: bool = False) -> int:
    read = _task_read_by(user)
    return tasks_of(unit=unit, owner_view=owner_view).filter(read if is_read else ~read).count()


def task_for_reader(*, user: User, unit: OrgUnit, owner_view: bool, task_id: int) -> ReadTask:
    task = (
        tasks_of(unit=unit, owner_view=owner_view)
        .select_related("store")
        .annotate(is_read=_task_read_by(user))
        .filter(pk=task_id)
        .first()
    )
    if task is None:
        raise NotFound()
    return task


def _shown(task: Task, *, content: bool) -> tuple[str, str]:
    """The title and (when asked) the content in the reader's language: a system text rendered from
    its code, a task head office wrote as written (or a code no app registers any more)."""
    text = system_text(task.text_code, task.text_params)
    if text is None:
        return task.msg_name, task.content if content else ""
    return text.title, text.content


def task_titles(ids: Collection[int]) -> dict[int, str]:
    """Tasks named by their titles in the reader's language (the system log; apps.core.object_names)."""
    tasks = Task.objects.filter(pk__in=ids).only("id", "msg_name", "text_code", "text_params")
    return {task.pk: _shown(task, content=False)[0] for task in tasks}


def task_row(task: ReadTask) -> TaskRow:
    return {
        "id": task.pk,
        "type": task.type,
        "typeName": str(TaskType(task.type).label),
        "msgName": _shown(task, content=False)[0],
        "amount": money_to_wire(task.amount) if task.amount is not None else None,
        "dueDate": task.due_date,
        "createdAt": task.created_at,
        "isRead": bool(task.is_read),
    }


def task_rows(tasks: Any) -> list[TaskRow]:
    return [task_row(task) for task in tasks]


def task_detail(task: ReadTask) -> TaskDetailRow:
    return {
        **task_row(task),
        "content": _shown(task, content=True)[1],
        "storeId": task.store_id,
        "storeName": task.store.name,
    }
