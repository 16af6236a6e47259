"""The store settings that govern approvals, money or stock need their button code
(apps.core.role_codes.STORE_CONTROLS, issue 25): owner-type roles that hold the store information
page (/storeBasicInfo, MDGL-PAG-0002-0000) get it, so owners keep changing them and principals no
longer can."""

from django.db import migrations

STORE_INFO_PAGE = "MDGL-PAG-0002-0000"
CODE = "BTN-MDGL-STORE-CONTROLS"


def give_store_controls_code(apps, schema_editor):
    Resource = apps.get_model("accounts", "Resource")
    Role = apps.get_model("accounts", "Role")
    resource, _created = Resource.objects.get_or_create(
        code=CODE, defaults={"kind": "button", "name": "修改门店审批、资金与库存设置", "route": ""}
    )
    roles = list(Role.objects.filter(kind="owner", resources__code=STORE_INFO_PAGE).distinct())
    for role in roles:
        role.resources.add(resource)
    # The historical model sends no signal the cache listens to: forget the changed roles' codes here.
    from apps.accounts.role_code_cache import forget_role_codes

    forget_role_codes([role.pk for role in roles])


class Migration(migrations.Migration):
    dependencies = [("accounts", "0006_remove_userrole_granted_by_employee")]

    operations = [migrations.RunPython(give_store_controls_code, migrations.RunPython.noop)]
