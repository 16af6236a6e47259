from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "apps.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from apps.accounts import openapi_auth, signals  # noqa: F401  (registers schema extensions and receivers)
        from apps.accounts.selectors import AccountRolesReader
        from apps.org.hooks import register_account_roles

        post_migrate.connect(_sync_resources, sender=self)
        register_account_roles(AccountRolesReader())


def _sync_resources(**kwargs: object) -> None:
    from apps.accounts.services import resources_sync

    resources_sync()
