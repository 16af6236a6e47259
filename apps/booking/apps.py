from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BookingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "apps.booking"
    verbose_name = _("reservations and rota")

    def ready(self) -> None:
        from apps.booking.member_hooks import StoreStaffReader
        from apps.members.hooks import register_store_staff

        register_store_staff(StoreStaffReader())
