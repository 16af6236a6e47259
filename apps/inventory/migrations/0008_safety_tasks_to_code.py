"""The tasks raised for products below their safety stock become the inventory's system text, read in
the reader's language (apps.inventory.safety.below_safety_text, issue 28 §9). Each one's product and
store are known from its alert; a task whose alert is gone keeps its stored text."""

from django.db import migrations

BELOW_SAFETY_TEXT = "inventory.below_safety"


def safety_tasks_to_code(apps, schema_editor):
    SafetyAlert = apps.get_model("inventory", "SafetyAlert")
    Task = apps.get_model("messaging", "Task")
    alerts = SafetyAlert.objects.filter(task_id__isnull=False).select_related("product", "store")
    by_task = {alert.task_id: alert for alert in alerts}
    for task in Task.objects.filter(pk__in=list(by_task), text_code=""):
        alert = by_task[task.pk]
        task.text_code = BELOW_SAFETY_TEXT
        task.text_params = {"code": alert.product.code, "name": alert.product.name, "store": alert.store.name}
        task.save(update_fields=["text_code", "text_params"])


class Migration(migrations.Migration):
    dependencies = [
        ("inventory", "0007_goods_order_codes"),
        ("messaging", "0005_task_system_texts"),
    ]

    operations = [migrations.RunPython(safety_tasks_to_code, migrations.RunPython.noop)]
