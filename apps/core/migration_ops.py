"""Migration operations for what only PostgreSQL has (GIN and GiST indexes, exclusion constraints,
extensions). The embedded SQLite default keeps working without them: its services check the same
rules in code, and its data volumes need no special index."""

from __future__ import annotations

from typing import Any

from django.db import migrations


class PostgresOnlySQL(migrations.RunSQL):
    """RunSQL that runs on PostgreSQL and does nothing elsewhere."""

    def database_forwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)
