"""Append-only tables: ledgers and logs whose rows are history. The model and its querysets refuse
updates and deletes; a trigger refuses them too, so not even a raw query or a bug in a service can
rewrite what happened."""

from __future__ import annotations

from typing import Any, NoReturn

from django.db import migrations, models


class AppendOnlyError(Exception):
    pass


class AppendOnlyQuerySet(models.QuerySet[Any]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError(f"{self.model._meta.label} is append-only")

    def delete(self) -> NoReturn:
        raise AppendOnlyError(f"{self.model._meta.label} is append-only")


class AppendOnlyModel(models.Model):
    """A row is written once: saving an existing row or deleting one raises AppendOnlyError."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not self._state.adding:
            raise AppendOnlyError(f"{self._meta.label} is append-only")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError(f"{self._meta.label} is append-only")


def append_only_trigger(table: str) -> migrations.RunSQL:
    """The migration operation that makes the database refuse UPDATE and DELETE on `table`."""
    function = f"{table}_append_only"
    return migrations.RunSQL(
        sql=f"""
CREATE OR REPLACE FUNCTION {function}() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '{table} is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER {function} BEFORE UPDATE OR DELETE ON {table} FOR EACH ROW EXECUTE FUNCTION {function}();
""",
        reverse_sql=f"DROP TRIGGER IF EXISTS {function} ON {table}; DROP FUNCTION IF EXISTS {function}();",
    )
