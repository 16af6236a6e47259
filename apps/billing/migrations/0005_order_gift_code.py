"""BTN-KDJC-ORDER-GIFT and BTN-KDJC-CREDIT-MOVE (apps.core.role_codes ORDER_GIFT, CREDIT_MOVE) for the
owner- and principal-type roles that hold the billing page: giving an item free with a sale and moving
a paid order's staff credits are a manager's decisions."""

from django.db import migrations

CODES = {"BTN-KDJC-ORDER-GIFT": "开单赠送", "BTN-KDJC-CREDIT-MOVE": "调整已付订单员工业绩"}
BILLING_PAGE = "ERP-KDJC-PAG-0003-0000"


def give_gift_code(apps, schema_editor):
    Resource = apps.get_model("accounts", "Resource")
    Role = apps.get_model("accounts", "Role")
    roles = list(Role.objects.filter(kind__in=["owner", "principal"], resources__code=BILLING_PAGE).distinct())
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
        ("billing", "0004_order_line_gift"),
        ("accounts", "0006_remove_userrole_granted_by_employee"),
    ]

    operations = [migrations.RunPython(give_gift_code, migrations.RunPython.noop)]
