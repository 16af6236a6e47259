from django.apps import AppConfig


class MessagingConfig(AppConfig):
    name = "apps.messaging"
    label = "messaging"
    verbose_name = "Messages and tasks"

    def ready(self) -> None:
        from apps.messaging.system_texts import GOODS_PAYMENT_DUE_TEXT, goods_payment_due_text, register_system_text

        register_system_text(GOODS_PAYMENT_DUE_TEXT, goods_payment_due_text)
