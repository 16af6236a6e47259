"""A task the system raises is kept as its text's code and parameters and read in the reader's
language (apps.messaging.system_texts, issue 28 §9). The demo's goods-payment reminders, stored in
Chinese, become messaging's own text; the other apps convert theirs in their own migrations."""

from django.db import migrations, models

GOODS_PAYMENT_DUE_TEXT = "messaging.goods_payment_due"
# The reminder as seed_demo wrote it before (apps.messaging.demo).
DEMO_TITLE = "订货货款待支付"
DEMO_CONTENT = "本月订货货款请于月底前支付。"


def demo_reminders_to_code(apps, schema_editor):
    Task = apps.get_model("messaging", "Task")
    for task in Task.objects.filter(text_code="", msg_name=DEMO_TITLE, content=DEMO_CONTENT, due_date__isnull=False):
        task.text_code = GOODS_PAYMENT_DUE_TEXT
        task.text_params = {"due": task.due_date.isoformat()}
        task.save(update_fields=["text_code", "text_params"])


class Migration(migrations.Migration):
    dependencies = [
        ("messaging", "0004_task_audience_and_phone_views"),
    ]

    operations = [
        migrations.AddField(
            model_name="task",
            name="text_code",
            field=models.CharField(blank=True, editable=False, max_length=64, verbose_name="text code"),
        ),
        migrations.AddField(
            model_name="task",
            name="text_params",
            field=models.JSONField(blank=True, default=dict, editable=False, verbose_name="text parameters"),
        ),
        migrations.RunPython(demo_reminders_to_code, migrations.RunPython.noop),
    ]
