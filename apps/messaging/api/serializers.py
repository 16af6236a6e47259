"""Request parsers and the documented answer shapes of the message and task calls (spec §7.1, §7.9).

The answers are built by apps.messaging.selectors; the Output serializers describe them for the
OpenAPI schema, and apps/messaging/tests/test_wire_shapes.py keeps both in step. Empty query
parameters (`msgType=`) count as absent, as the browser client sends them.
"""

from typing import Any

from rest_framework import serializers

from apps.core import fields
from apps.core.pagination import PageInputSerializer
from apps.messaging.choices import MAX_BATCH_READ_IDS, MSG_NAME_MAX_LENGTH, MessageReadFilter, TaskType


class MessageScopeInputSerializer(serializers.Serializer[Any]):
    departmentId = fields.IntegerField(
        required=False,
        help_text="a store (or the chosen level) the role acts in; default: the chosen store or level",
    )


class MessageSearchInputSerializer(PageInputSerializer, MessageScopeInputSerializer):
    msgType = fields.IntegerField(required=False, help_text="a message type id of findMsgType")
    isRead = serializers.ChoiceField(
        choices=MessageReadFilter.choices, required=False, help_text="1 read, 2 unread; absent: both"
    )
    keyword = fields.CharField(required=False, max_length=MSG_NAME_MAX_LENGTH, help_text="part of the title")


class MessageCountInputSerializer(MessageScopeInputSerializer):
    isRead = serializers.ChoiceField(
        choices=MessageReadFilter.choices, required=False, help_text="2 unread (default), 1 read"
    )


class MessageDetailInputSerializer(MessageScopeInputSerializer):
    id = fields.IntegerField()


# The ids of a batch read, of messages or of tasks (a comment: a docstring would become the schema's
# description of both inputs).
class BatchReadIdsInputSerializer(serializers.Serializer[Any]):
    ids = serializers.ListField(
        child=fields.IntegerField(min_value=1), allow_empty=False, max_length=MAX_BATCH_READ_IDS
    )


class MessageBatchReadInputSerializer(MessageScopeInputSerializer, BatchReadIdsInputSerializer):
    pass


class TaskScopeInputSerializer(serializers.Serializer[Any]):
    storeId = fields.IntegerField(
        required=False,
        help_text="a store the role acts in; default: the chosen store (a level: every store beneath it)",
    )


class TaskCountInputSerializer(TaskScopeInputSerializer):
    isRead = serializers.BooleanField(required=False, allow_null=True, help_text="false (default) unread, true read")


class TaskSearchInputSerializer(PageInputSerializer, TaskScopeInputSerializer):
    isRead = serializers.BooleanField(required=False, allow_null=True, help_text="absent: both")
    type = serializers.ChoiceField(
        choices=TaskType.choices,
        required=False,
        help_text="1 arrears, 2 payment, 3 stock below safety, 4 provider payment to check, "
        "5 group-buy write-off to check, 6 many whole phones viewed (the owner's)",
    )


class TaskDetailInputSerializer(TaskScopeInputSerializer):
    id = fields.IntegerField()


class TaskBatchReadInputSerializer(TaskScopeInputSerializer, BatchReadIdsInputSerializer):
    pass


class MessageTypeOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class MessageRowOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    msgName = serializers.CharField()
    msgType = serializers.IntegerField()
    msgTypeName = serializers.CharField()
    pushTime = serializers.DateTimeField()
    pushUserName = serializers.CharField()
    insertTime = serializers.DateTimeField()
    isRead = serializers.BooleanField()
    mandatory = serializers.BooleanField(help_text="a forced notice")


class MessagePageOutputSerializer(serializers.Serializer[Any]):
    list = MessageRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class MessageDetailOutputSerializer(MessageRowOutputSerializer):
    graphicDescription = serializers.CharField(help_text="sanitised rich text (HTML)")
    showTime = serializers.IntegerField(help_text="seconds before a forced notice can be closed")


class MandatoryMessageOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    msgName = serializers.CharField()
    graphicDescription = serializers.CharField(help_text="sanitised rich text (HTML)")
    showTime = serializers.IntegerField(help_text="seconds before the notice can be closed")


class ReadMarkedOutputSerializer(serializers.Serializer[Any]):
    marked = serializers.IntegerField(help_text="how many became read (already read ones are not counted)")


class TaskRowOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    type = serializers.ChoiceField(
        choices=TaskType.choices,
        help_text="1 arrears notice, 2 payment notice, 3 stock below safety, 4 provider payment to check, "
        "5 group-buy write-off to check, 6 many whole phones viewed (the owner's)",
    )
    typeName = serializers.CharField()
    msgName = serializers.CharField()
    amount = serializers.CharField(allow_null=True, help_text='money with 2 places ("199.00"), or null')
    dueDate = serializers.DateField(allow_null=True)
    createdAt = serializers.DateTimeField()
    isRead = serializers.BooleanField()


class TaskPageOutputSerializer(serializers.Serializer[Any]):
    list = TaskRowOutputSerializer(many=True)
    total = serializers.IntegerField()


class TaskDetailOutputSerializer(TaskRowOutputSerializer):
    content = serializers.CharField()
    storeId = serializers.IntegerField()
    storeName = serializers.CharField()
