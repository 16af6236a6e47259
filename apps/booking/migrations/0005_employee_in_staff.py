"""Booking's employees are staff's now (staff 0001): the foreign keys point at the same table
(org_employee), so only the migration state changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("booking", "0004_rota_edit_code"),
        ("staff", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.AlterField(
                    model_name="presence",
                    name="employee",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="presences",
                        to="staff.employee",
                        verbose_name="employee",
                    ),
                ),
                migrations.AlterField(
                    model_name="reservation",
                    name="nurse",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="reservations",
                        to="staff.employee",
                        verbose_name="nurse",
                    ),
                ),
                migrations.AlterField(
                    model_name="rotaday",
                    name="employee",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rota_days",
                        to="staff.employee",
                        verbose_name="employee",
                    ),
                ),
            ],
        ),
    ]
