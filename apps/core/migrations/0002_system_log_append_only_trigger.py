"""The database itself refuses UPDATE and DELETE on the system log, so not even a raw query or a bug
in a service can rewrite history."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION core_systemlog_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the system log is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER core_systemlog_append_only
    BEFORE UPDATE OR DELETE ON core_systemlog
    FOR EACH ROW EXECUTE FUNCTION core_systemlog_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS core_systemlog_append_only ON core_systemlog;
DROP FUNCTION IF EXISTS core_systemlog_append_only();
"""


def create_trigger(apps, schema_editor):
    schema_editor.execute(CREATE)


def drop_trigger(apps, schema_editor):
    schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial")]

    operations = [migrations.RunPython(create_trigger, drop_trigger)]
