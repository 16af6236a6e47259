from django.apps import AppConfig


class StaffConfig(AppConfig):
    name = "apps.staff"
    label = "staff"
    verbose_name = "Staff"

    def ready(self) -> None:
        from apps.accounts.hooks import register_role_entry_granted
        from apps.staff.access import hold_if_linked

        register_role_entry_granted(hold_if_linked)
