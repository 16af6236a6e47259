"""The write-off's button codes (apps.core.role_codes.WRITE_OFF_CODES): owner and principal roles that
hold the reservation board (where the write-off dialog opens) get them."""

from django.db import migrations

BOARD_PAGE = "ERP-YUKB-PAG-0001-0000"
CODES = {"BTN-TGHX-CANCEL": "撤销团购核销", "BTN-TGHX-FREQUENCY-CONFIRM": "确认高频核销"}


def give_codes(apps, schema_editor):
    Resource = apps.get_model("accounts", "Resource")
    Role = apps.get_model("accounts", "Role")
    roles = list(Role.objects.filter(kind__in=["owner", "principal"], resources__code=BOARD_PAGE).distinct())
    for code, name in CODES.items():
        resource, _created = Resource.objects.get_or_create(
            code=code, defaults={"kind": "button", "name": name, "route": ""}
        )
        for role in roles:
            role.resources.add(resource)
    # The historical model sends no signal the cache listens to: forget the changed roles' codes here.
    from apps.accounts.role_code_cache import forget_role_codes

    forget_role_codes([role.pk for role in roles])


class Migration(migrations.Migration):
    dependencies = [
        ("groupbuy", "0001_initial"),
        ("accounts", "0006_remove_userrole_granted_by_employee"),
    ]

    operations = [migrations.RunPython(give_codes, migrations.RunPython.noop)]
