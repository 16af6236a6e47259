from django.db import migrations, models

import apps.accounts.models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_userrole_granted_by_employee"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="session_nonce",
            field=models.CharField(
                default=apps.accounts.models.new_session_nonce,
                editable=False,
                max_length=16,
                verbose_name="session nonce",
            ),
        ),
    ]
