"""Freezing a card: its ledger entries, and BTN-HYGL-CARD-FREEZE for the roles that run cards."""

from django.db import migrations, models

CARD_FREEZE = "BTN-HYGL-CARD-FREEZE"
MEMBER_ACCOUNT_PAGE = "ERP-HYGL-PAG-0003-0000"


def give_freeze_code(apps, schema_editor):
    """Owner- and principal-type roles holding the member-account page may freeze a card."""
    Resource = apps.get_model("accounts", "Resource")
    Role = apps.get_model("accounts", "Role")
    code, _created = Resource.objects.get_or_create(
        code=CARD_FREEZE, defaults={"kind": "button", "name": "冻结或解冻会员卡", "route": ""}
    )
    roles = list(Role.objects.filter(kind__in=["owner", "principal"], resources__code=MEMBER_ACCOUNT_PAGE).distinct())
    for role in roles:
        role.resources.add(code)
    from apps.accounts.role_code_cache import forget_role_codes

    forget_role_codes([role.pk for role in roles])


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0004_drop_redundant_card_indexes"),
        ("accounts", "0006_remove_userrole_granted_by_employee"),
    ]

    operations = [
        migrations.AlterField(
            model_name="cardentry",
            name="kind",
            field=models.CharField(
                choices=[
                    ("sale", "card sold"),
                    ("topUp", "top-up"),
                    ("spend", "spent on an order"),
                    ("sessionsUsed", "sessions used"),
                    ("refund", "returned by a refund"),
                    ("transferOut", "transferred out"),
                    ("transferIn", "transferred in"),
                    ("delay", "validity extended"),
                    ("cardToCardOut", "moved to another card"),
                    ("cardToCardIn", "moved from another card"),
                    ("changeOut", "changed to a new card"),
                    ("changeIn", "changed from an old card"),
                    ("upgrade", "upgraded to another card type"),
                    ("freeze", "card frozen"),
                    ("unfreeze", "card unfrozen"),
                ],
                max_length=16,
                verbose_name="kind",
            ),
        ),
        migrations.RunPython(give_freeze_code, migrations.RunPython.noop),
    ]
