"""Approving a stocktake needs its button code (apps.core.role_codes.STOCKTAKE_APPROVE): owner-type
roles that hold the stocktake pages (KCGL-0008) get it."""

from django.db import migrations

STOCKTAKE_PAGE = "KCGL-0008"
CODE = "BTN-KCGL-STOCKTAKE-APPROVE"


def give_approve_code(apps, schema_editor):
    Resource = apps.get_model("accounts", "Resource")
    Role = apps.get_model("accounts", "Role")
    resource, _created = Resource.objects.get_or_create(
        code=CODE, defaults={"kind": "button", "name": "审核盘点", "route": ""}
    )
    roles = list(Role.objects.filter(kind="owner", resources__code=STOCKTAKE_PAGE).distinct())
    for role in roles:
        role.resources.add(resource)
    # The historical model sends no signal the cache listens to: forget the changed roles' codes here.
    from apps.accounts.role_code_cache import forget_role_codes

    forget_role_codes([role.pk for role in roles])


class Migration(migrations.Migration):
    dependencies = [
        ("inventory", "0003_stocktakes"),
        ("accounts", "0006_remove_userrole_granted_by_employee"),
    ]

    operations = [migrations.RunPython(give_approve_code, migrations.RunPython.noop)]
