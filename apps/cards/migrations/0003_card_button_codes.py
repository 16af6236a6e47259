"""The card operations need their button codes (apps.core.role_codes.CARD_CODES). Owner- and
principal-type roles that hold the member-account page (delay, change, upgrade, coupons) or the
billing page (transfer, card to card) get them; store-employee roles do not."""

from django.db import migrations

MEMBER_ACCOUNT_PAGE = "ERP-HYGL-PAG-0003-0000"
BILLING_PAGE = "ERP-KDJC-PAG-0003-0000"
CODES = {
    "BTN-HYGL-CARD-DELAY": ("会员卡延期", MEMBER_ACCOUNT_PAGE),
    "BTN-HYGL-CARD-CHANGE": ("换卡", MEMBER_ACCOUNT_PAGE),
    "BTN-HYGL-CARD-UPGRADE": ("会员卡升级", MEMBER_ACCOUNT_PAGE),
    "BTN-HYGL-COUPON-ISSUE": ("给会员发券", MEMBER_ACCOUNT_PAGE),
    "BTN-KDJC-CARD-TRANSFER": ("转卡给其他会员", BILLING_PAGE),
    "BTN-KDJC-CARD-TO-CARD": ("卡转卡", BILLING_PAGE),
}


def give_card_codes(apps, schema_editor):
    Resource = apps.get_model("accounts", "Resource")
    Role = apps.get_model("accounts", "Role")
    changed: set[int] = set()
    for code, (name, page) in CODES.items():
        resource, _created = Resource.objects.get_or_create(
            code=code, defaults={"kind": "button", "name": name, "route": ""}
        )
        for role in Role.objects.filter(kind__in=["owner", "principal"], resources__code=page).distinct():
            role.resources.add(resource)
            changed.add(role.pk)
    # The historical model sends no signal the cache listens to: forget the changed roles' codes here.
    from apps.accounts.role_code_cache import forget_role_codes

    forget_role_codes(sorted(changed))


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0002_card_operations_and_coupons"),
        ("accounts", "0006_remove_userrole_granted_by_employee"),
    ]

    operations = [migrations.RunPython(give_card_codes, migrations.RunPython.noop)]
