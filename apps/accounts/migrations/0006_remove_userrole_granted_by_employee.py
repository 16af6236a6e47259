"""Which role entries an employee link holds is the staff app's now (staff 0001 copied this column
into staff.LinkedRoleEntry): accounts sits below staff and no longer refers to an employee."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_user_session_nonce"),
        ("staff", "0001_initial"),
    ]

    operations = [
        migrations.RemoveField(model_name="userrole", name="granted_by_employee"),
    ]
