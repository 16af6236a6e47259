"""Refunds need their button codes (apps.core.role_codes.REFUND_CODES). Owner- and principal-type
roles that hold the returns page get the refund code; owner-type roles get the approval code too
(a refund above the store's approval amount needs it, until the approval centre exists)."""

from django.db import migrations

RETURNS_PAGE = "ERP-YLTH-PAG-0001-0000"
CODES = {
    "BTN-YLTH-REFUND": ("订单退款", ["owner", "principal"]),
    "BTN-YLTH-REFUND-APPROVE": ("审批大额退款", ["owner"]),
}


def give_refund_codes(apps, schema_editor):
    Resource = apps.get_model("accounts", "Resource")
    Role = apps.get_model("accounts", "Role")
    changed: set[int] = set()
    for code, (name, kinds) in CODES.items():
        resource, _created = Resource.objects.get_or_create(
            code=code, defaults={"kind": "button", "name": name, "route": ""}
        )
        for role in Role.objects.filter(kind__in=kinds, resources__code=RETURNS_PAGE).distinct():
            role.resources.add(resource)
            changed.add(role.pk)
    # The historical model sends no signal the cache listens to: forget the changed roles' codes here.
    from apps.accounts.role_code_cache import forget_role_codes

    forget_role_codes(sorted(changed))


class Migration(migrations.Migration):
    dependencies = [
        ("billing", "0006_refunds"),
        ("accounts", "0006_remove_userrole_granted_by_employee"),
    ]

    operations = [migrations.RunPython(give_refund_codes, migrations.RunPython.noop)]
