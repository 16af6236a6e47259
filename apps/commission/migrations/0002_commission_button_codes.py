"""The commission's button codes (apps.core.role_codes.COMMISSION_CODES) for the owner roles: head
office and owners manage plans and close periods. The demo's owner role gets them in
apps/commission/demo.py (a fresh database creates its roles after this migration)."""

from django.db import migrations

CODES = {"BTN-TCGL-PLAN": "管理提成方案", "BTN-TCGL-PERIOD-CLOSE": "提成月结"}


def give_codes(apps, schema_editor):
    Resource = apps.get_model("accounts", "Resource")
    Role = apps.get_model("accounts", "Role")
    roles = list(Role.objects.filter(kind="owner"))
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
        ("commission", "0001_initial"),
        ("accounts", "0006_remove_userrole_granted_by_employee"),
    ]

    operations = [migrations.RunPython(give_codes, migrations.RunPython.noop)]
