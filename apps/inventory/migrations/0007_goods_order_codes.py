"""Ordering goods from head office needs its button codes (apps.core.role_codes GOODS_ORDER_*): owner
and principal roles that hold the goods-order pages (DHJL-0001) place orders; material-builder
administrator roles that hold them confirm, ship and mark orders paid."""

from django.db import migrations

ORDER_PAGE = "DHJL-0001"
PLACE = ("BTN-DHJL-ORDER-PLACE", "向总部订货")
HEAD_OFFICE = (
    ("BTN-DHJL-ORDER-CONFIRM", "确认门店订货单"),
    ("BTN-DHJL-ORDER-SHIP", "订货单发货"),
    ("BTN-DHJL-ORDER-PAID", "订货单确认收款"),
)


def give_goods_order_codes(apps, schema_editor):
    Resource = apps.get_model("accounts", "Resource")
    Role = apps.get_model("accounts", "Role")

    def resource(code, name):
        found, _created = Resource.objects.get_or_create(
            code=code, defaults={"kind": "button", "name": name, "route": ""}
        )
        return found

    changed = []
    for kinds, codes in ((("owner", "principal"), (PLACE,)), (("material_builder_admin",), HEAD_OFFICE)):
        granted = [resource(code, name) for code, name in codes]
        for role in Role.objects.filter(kind__in=kinds, resources__code=ORDER_PAGE).distinct():
            role.resources.add(*granted)
            changed.append(role.pk)
    # The historical model sends no signal the cache listens to: forget the changed roles' codes here.
    from apps.accounts.role_code_cache import forget_role_codes

    forget_role_codes(changed)


class Migration(migrations.Migration):
    dependencies = [
        ("inventory", "0006_goods_orders"),
        ("accounts", "0006_remove_userrole_granted_by_employee"),
    ]

    operations = [migrations.RunPython(give_goods_order_codes, migrations.RunPython.noop)]
