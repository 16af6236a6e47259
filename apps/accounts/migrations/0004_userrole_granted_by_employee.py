import django.db.models.deletion
from django.db import migrations, models


def tie_existing_links(apps, schema_editor):
    """Existing employee links hold what the rule says they hold (apps.accounts.access): the linked
    account's entries below the owner rank at the active employee's store."""
    Employee = apps.get_model("org", "Employee")
    UserRole = apps.get_model("accounts", "UserRole")
    for employee_id, store_id, user_id in Employee.objects.filter(status="active", user__isnull=False).values_list(
        "id", "store_id", "user_id"
    ):
        UserRole.objects.filter(user_id=user_id, hier_id=store_id, hier__kind="store").exclude(
            role__kind="owner"
        ).update(granted_by_employee_id=employee_id)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_user_authorization_code"),
        ("org", "0003_duration_project_foreign_key"),
    ]

    operations = [
        migrations.AddField(
            model_name="userrole",
            name="granted_by_employee",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="linked_role_entries",
                to="org.employee",
                verbose_name="held through employee",
            ),
        ),
        migrations.RunPython(tie_existing_links, migrations.RunPython.noop),
    ]
