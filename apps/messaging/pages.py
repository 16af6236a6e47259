"""Page routes of the message centre and the task centre (spec §2.2): messages need XXZX-0001,
tasks need no code (the guard reads the codes from apps.core.page_registry)."""

from apps.core.page_registry import PageRoute

PAGES = [
    PageRoute("/messageList", "src/pages/messaging/MessageListPage.tsx"),
    PageRoute("/messageDetail", "src/pages/messaging/MessageDetailPage.tsx"),
    PageRoute("/taskList", "src/pages/messaging/TaskListPage.tsx"),
    PageRoute("/taskDetail", "src/pages/messaging/TaskDetailPage.tsx"),
]
