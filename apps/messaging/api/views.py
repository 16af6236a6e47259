"""Message centre (spec §7.1) and task centre (spec §7.9) calls. Thin: parse, call a selector or a
service, answer.

Every call acts for one level of the tree: `departmentId` / `storeId` when given (a store the role
acts in, else 404 as for a missing record), otherwise the chosen store or level. Read state is the
signed-in user's own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request

from apps.accounts.access import acts_as_owner
from apps.accounts.session import session_of, signed_in_user
from apps.core.api.base import ErpApi
from apps.core.api.lists import PagedListApi
from apps.core.envelope import EnvelopeResponse
from apps.core.json_types import ValidatedData
from apps.core.page_registry import code_of
from apps.core.role_codes import ROLE_CHOSEN
from apps.core.schema import NULLABLE_DATA
from apps.core.scoping import level_in_scope
from apps.messaging import selectors, services
from apps.messaging.api.serializers import (
    MandatoryMessageOutputSerializer,
    MessageBatchReadInputSerializer,
    MessageCountInputSerializer,
    MessageDetailInputSerializer,
    MessageDetailOutputSerializer,
    MessagePageOutputSerializer,
    MessageScopeInputSerializer,
    MessageSearchInputSerializer,
    MessageTypeOutputSerializer,
    ReadMarkedOutputSerializer,
    TaskBatchReadInputSerializer,
    TaskCountInputSerializer,
    TaskDetailInputSerializer,
    TaskDetailOutputSerializer,
    TaskPageOutputSerializer,
    TaskSearchInputSerializer,
)
from apps.messaging.choices import MessageReadFilter

MESSAGE_CENTRE = (code_of("/messageList"),)


def _read_filter(raw: int | None) -> bool | None:
    return None if raw is None else raw == MessageReadFilter.READ


# -- message centre ------------------------------------------------------------------------------


class MessageTypeListApi(ErpApi):
    """The message types head office keeps, in their order."""

    required_codes = MESSAGE_CENTRE

    @extend_schema(responses=MessageTypeOutputSerializer(many=True), summary="Message types (findMsgType)")
    def get(self, request: Request) -> EnvelopeResponse:
        return EnvelopeResponse(selectors.message_types())


class MessageSearchApi(PagedListApi):
    """Published messages addressed to the store or a level above it, newest first."""

    required_codes = MESSAGE_CENTRE
    filters = MessageSearchInputSerializer
    schema_parameters = [MessageSearchInputSerializer]
    page_output = MessagePageOutputSerializer
    summary = "Messages of the store, newest first (searchMsg)"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return selectors.message_search(
            user=signed_in_user(request),
            unit=level_in_scope(selectors.units(), request, filters.get("departmentId")),
            is_read=_read_filter(filters.get("isRead")),
            type_id=filters.get("msgType"),
            keyword=filters.get("keyword", "").strip(),
        )

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.message_rows(window)


class MessageUnreadCountApi(ErpApi):
    """The top bar's new-message badge, polled on every page (spec §2.3, §4)."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[MessageCountInputSerializer],
        responses=OpenApiTypes.INT,
        summary="Number of unread (isRead=2) or read (isRead=1) messages (searchCountMsg)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(MessageCountInputSerializer, request.query_params)
        count = selectors.messages_count(
            user=signed_in_user(request),
            unit=level_in_scope(selectors.units(), request, data.get("departmentId")),
            is_read=data.get("isRead") == MessageReadFilter.READ,
        )
        return EnvelopeResponse(count)


class MessageDetailApi(ErpApi):
    """One message the store sees; opening it marks it read for the signed-in user."""

    required_codes = MESSAGE_CENTRE

    @extend_schema(
        parameters=[MessageDetailInputSerializer],
        responses=MessageDetailOutputSerializer,
        summary="One message; opening it marks it read (getMsgDetail)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(MessageDetailInputSerializer, request.query_params)
        unit = level_in_scope(selectors.units(), request, data.get("departmentId"))
        message = selectors.message_for_reader(user=signed_in_user(request), unit=unit, message_id=data["id"])
        if not message.is_read:
            services.messages_mark_read(user=signed_in_user(request), unit=unit, message_ids=[message.pk])
            message.is_read = True
        return EnvelopeResponse(selectors.message_detail(message))


class MessageBatchReadApi(ErpApi):
    """Also the forced notice's acknowledgement after its countdown, which every page of every role
    shows: so any chosen role may mark its own messages read, like the count and the notice."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        request=MessageBatchReadInputSerializer,
        responses=ReadMarkedOutputSerializer,
        summary="Mark messages read (batchReadMsg)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(MessageBatchReadInputSerializer, request.data)
        marked = services.messages_mark_read(
            user=signed_in_user(request),
            unit=level_in_scope(selectors.units(), request, data.get("departmentId")),
            message_ids=data["ids"],
        )
        return EnvelopeResponse({"marked": marked}, _("marked as read"))


class MandatoryMessageApi(ErpApi):
    """The forced notice (spec §4): the oldest unread mandatory message, or null."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[MessageScopeInputSerializer],
        responses=OpenApiResponse(MandatoryMessageOutputSerializer, description="null when there is none to show"),
        summary="The forced notice to show, or null (getMandatoryShowMsg)",
        extensions={NULLABLE_DATA: True},
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(MessageScopeInputSerializer, request.query_params)
        message = selectors.mandatory_message_unread(
            user=signed_in_user(request), unit=level_in_scope(selectors.units(), request, data.get("departmentId"))
        )
        return EnvelopeResponse(selectors.mandatory_notice(message) if message is not None else None)


# -- task centre ---------------------------------------------------------------------------------


class TaskUnreadCountApi(ErpApi):
    """The top bar's task bell (spec §2.3, §7.9)."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[TaskCountInputSerializer],
        responses=OpenApiTypes.INT,
        summary="Number of unread (isRead=false) or read tasks (searchCountMsgStore)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(TaskCountInputSerializer, request.query_params)
        count = selectors.tasks_count(
            user=signed_in_user(request),
            owner_view=acts_as_owner(session_of(request).chosen_entry),
            unit=level_in_scope(selectors.units(), request, data.get("storeId")),
            is_read=bool(data.get("isRead")),
        )
        return EnvelopeResponse(count)


class TaskSearchApi(PagedListApi):
    """Tasks of the store (of every store beneath a level), newest first."""

    required_codes = ROLE_CHOSEN
    filters = TaskSearchInputSerializer
    schema_parameters = [TaskSearchInputSerializer]
    page_output = TaskPageOutputSerializer
    summary = "Tasks of the store, newest first (searchTaskStore)"

    def rows(self, request: Request, filters: ValidatedData) -> QuerySet[Any]:
        return selectors.task_search(
            user=signed_in_user(request),
            owner_view=acts_as_owner(session_of(request).chosen_entry),
            unit=level_in_scope(selectors.units(), request, filters.get("storeId")),
            is_read=filters.get("isRead"),
            task_type=filters.get("type"),
        )

    def render_rows(self, window: Iterable[Any]) -> list[Any]:
        return selectors.task_rows(window)


class TaskDetailApi(ErpApi):
    """One task of the store; opening it marks it read for the signed-in user."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        parameters=[TaskDetailInputSerializer],
        responses=TaskDetailOutputSerializer,
        summary="One task; opening it marks it read (getTaskDetailStore)",
    )
    def get(self, request: Request) -> EnvelopeResponse:
        data = self.parse(TaskDetailInputSerializer, request.query_params)
        unit = level_in_scope(selectors.units(), request, data.get("storeId"))
        owner_view = acts_as_owner(session_of(request).chosen_entry)
        task = selectors.task_for_reader(
            user=signed_in_user(request), unit=unit, owner_view=owner_view, task_id=data["id"]
        )
        if not task.is_read:
            services.tasks_mark_read(user=signed_in_user(request), unit=unit, owner_view=owner_view, task_ids=[task.pk])
            task.is_read = True
        return EnvelopeResponse(selectors.task_detail(task))


class TaskBatchReadApi(ErpApi):
    """Marks tasks read for the signed-in user."""

    required_codes = ROLE_CHOSEN

    @extend_schema(
        request=TaskBatchReadInputSerializer,
        responses=ReadMarkedOutputSerializer,
        summary="Mark tasks read (batchReadTaskStore)",
    )
    def post(self, request: Request) -> EnvelopeResponse:
        data = self.parse(TaskBatchReadInputSerializer, request.data)
        marked = services.tasks_mark_read(
            user=signed_in_user(request),
            owner_view=acts_as_owner(session_of(request).chosen_entry),
            unit=level_in_scope(selectors.units(), request, data.get("storeId")),
            task_ids=data["ids"],
        )
        return EnvelopeResponse({"marked": marked}, _("marked as read"))
