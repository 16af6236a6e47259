from django.urls import path

from apps.messaging.api import views

urlpatterns = [
    path("messageCenter/findMsgType", views.MessageTypeListApi.as_view(), name="message-types"),
    path("messageCenter/searchMsg", views.MessageSearchApi.as_view(), name="message-search"),
    path("messageCenter/searchCountMsg", views.MessageUnreadCountApi.as_view(), name="message-count"),
    path("messageCenter/getMsgDetail", views.MessageDetailApi.as_view(), name="message-detail"),
    path("messageCenter/batchReadMsg", views.MessageBatchReadApi.as_view(), name="message-batch-read"),
    path("messageCenter/getMandatoryShowMsg", views.MandatoryMessageApi.as_view(), name="message-mandatory"),
    path("taskCenterRest/searchCountMsgStore", views.TaskUnreadCountApi.as_view(), name="task-count"),
    path("taskCenterRest/searchTaskStore", views.TaskSearchApi.as_view(), name="task-search"),
    path("taskCenterRest/getTaskDetailStore", views.TaskDetailApi.as_view(), name="task-detail"),
    path("taskCenterRest/batchReadTaskStore", views.TaskBatchReadApi.as_view(), name="task-batch-read"),
]
