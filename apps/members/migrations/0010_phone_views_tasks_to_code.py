"""The owner's tasks about many whole phones viewed become the members' system text, read in the
reader's language (apps.members.phone_watch.phone_views_text, issue 28 §9). The account, role, count
and minutes are read back from the stored content, written in Chinese or English; a task whose
content reads otherwise keeps its stored text."""

import re

from django.db import migrations

PHONE_VIEWS_TEXT = "members.phone_views"
PHONE_VIEWS_TYPE = 6
STORED_CONTENT = (
    re.compile(r"^(?P<login>.+?)（(?P<role>.*)）在 (?P<minutes>\d+) 分钟内查看了 (?P<count>\d+) 位会员的完整手机号"),
    re.compile(
        r"^(?P<login>.+?) \((?P<role>.*)\) viewed the whole phones of (?P<count>\d+) members within "
        r"(?P<minutes>\d+) minutes"
    ),
)


def phone_views_tasks_to_code(apps, schema_editor):
    Task = apps.get_model("messaging", "Task")
    for task in Task.objects.filter(type=PHONE_VIEWS_TYPE, text_code=""):
        found = next((match for pattern in STORED_CONTENT if (match := pattern.match(task.content))), None)
        if found is None:
            continue
        task.text_code = PHONE_VIEWS_TEXT
        task.text_params = {
            "login": found["login"],
            "role": found["role"],
            "count": int(found["count"]),
            "minutes": int(found["minutes"]),
        }
        task.save(update_fields=["text_code", "text_params"])


class Migration(migrations.Migration):
    dependencies = [
        ("members", "0009_move_in"),
        ("messaging", "0005_task_system_texts"),
    ]

    operations = [migrations.RunPython(phone_views_tasks_to_code, migrations.RunPython.noop)]
