"""The rota's writes need BTN-PBGL-ROTA-EDIT from now on (apps.core.role_codes.ROTA_EDIT). Roles that
could edit the rota before, owner- and principal-type roles holding the rota page, keep doing so;
store-employee roles keep reading it only."""

from django.db import migrations

ROTA_PAGE = "PBGL-0001"
ROTA_EDIT = "BTN-PBGL-ROTA-EDIT"


def give_rota_edit(apps, schema_editor):
    Resource = apps.get_model("accounts", "Resource")
    Role = apps.get_model("accounts", "Role")
    code, _created = Resource.objects.get_or_create(
        code=ROTA_EDIT, defaults={"kind": "button", "name": "编辑排班", "route": ""}
    )
    roles = list(Role.objects.filter(kind__in=["owner", "principal"], resources__code=ROTA_PAGE).distinct())
    for role in roles:
        role.resources.add(code)
    # The historical model sends no signal the cache listens to: forget the changed roles' codes here.
    from apps.accounts.role_code_cache import forget_role_codes

    forget_role_codes([role.pk for role in roles])


class Migration(migrations.Migration):
    dependencies = [
        ("booking", "0003_nurse_active_index"),
        ("accounts", "0004_userrole_granted_by_employee"),
    ]

    operations = [migrations.RunPython(give_rota_edit, migrations.RunPython.noop)]
