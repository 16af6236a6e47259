"""The rows messaging's reads build, one TypedDict per output serializer (named after it, with
`Row` added): messages, the forced notice and tasks."""

from __future__ import annotations

from datetime import date, datetime
from typing import TypedDict


class MessageTypeRow(TypedDict):
    """As MessageTypeOutputSerializer writes it."""

    id: int
    name: str


class MessageRow(TypedDict):
    """As MessageRowOutputSerializer writes it."""

    id: int
    msgName: str
    msgType: int
    msgTypeName: str
    pushTime: datetime | None  # a published message has one
    pushUserName: str
    insertTime: datetime
    isRead: bool
    mandatory: bool


class MessageDetailRow(MessageRow):
    """As MessageDetailOutputSerializer writes it."""

    graphicDescription: str
    showTime: int


class MandatoryMessageRow(TypedDict):
    """As MandatoryMessageOutputSerializer writes it."""

    id: int
    msgName: str
    graphicDescription: str
    showTime: int


class TaskRow(TypedDict):
    """As TaskRowOutputSerializer writes it."""

    id: int
    type: int
    typeName: str
    msgName: str
    amount: str | None
    dueDate: date | None
    createdAt: datetime
    isRead: bool


class TaskDetailRow(TaskRow):
    """As TaskDetailOutputSerializer writes it."""

    content: str
    storeId: int
    storeName: str
