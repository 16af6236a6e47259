"""Cost prices need BTN-SPGL-COST-VIEW from now on (apps.core.role_codes.COST_VIEW). Head office's
roles that read the product list, owner- and material-builder-administrator-type roles, keep
seeing cost; store roles no longer do."""

from django.db import migrations

PRODUCT_LIST_PAGE = "CPGL-PAG-0001"
COST_VIEW = "BTN-SPGL-COST-VIEW"


def give_cost_view(apps, schema_editor):
    Resource = apps.get_model("accounts", "Resource")
    Role = apps.get_model("accounts", "Role")
    code, _created = Resource.objects.get_or_create(
        code=COST_VIEW, defaults={"kind": "button", "name": "查看产品成本价", "route": ""}
    )
    roles = list(
        Role.objects.filter(kind__in=["owner", "material_builder_admin"], resources__code=PRODUCT_LIST_PAGE).distinct()
    )
    for role in roles:
        role.resources.add(code)
    # The historical model sends no signal the cache listens to: forget the changed roles' codes here.
    from apps.accounts.role_code_cache import forget_role_codes

    forget_role_codes([role.pk for role in roles])


class Migration(migrations.Migration):
    dependencies = [
        ("catalog", "0001_initial"),
        ("accounts", "0006_remove_userrole_granted_by_employee"),
    ]

    operations = [migrations.RunPython(give_cost_view, migrations.RunPython.noop)]
