"""Employees and their service durations are the staff app's now (staff 0001 took them into its
state with the same tables): org forgets them without touching the database."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0006_remove_userrole_granted_by_employee"),
        ("booking", "0005_employee_in_staff"),
        ("org", "0003_duration_project_foreign_key"),
        ("staff", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name="EmployeeServiceDuration"),
                migrations.DeleteModel(name="Employee"),
            ],
        ),
    ]
