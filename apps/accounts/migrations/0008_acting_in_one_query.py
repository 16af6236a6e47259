from django.db import migrations, models

# A role's codes_version moves on in the same transaction as any change of its codes, whoever makes
# it (the admin, a migration giving a new button code, a raw statement): the processes' memory of the
# codes is keyed by it, so nothing that changes the codes can leave a process serving the old ones.
# The versions come from one sequence, which no rollback takes back: a role id and a version never
# stand for two different sets of codes, even where roles are made and rolled back (the tests).
SQL = """
CREATE SEQUENCE accounts_role_codes_version START 1;
UPDATE accounts_role SET codes_version = nextval('accounts_role_codes_version');

CREATE OR REPLACE FUNCTION accounts_role_codes_changed() RETURNS trigger AS $$
BEGIN
    IF TG_TABLE_NAME = 'accounts_resource' THEN
        UPDATE accounts_role SET codes_version = nextval('accounts_role_codes_version')
        WHERE id IN (SELECT role_id FROM accounts_role_resources WHERE resource_id = OLD.id);
    ELSE
        UPDATE accounts_role SET codes_version = nextval('accounts_role_codes_version')
        WHERE id IN (
            SELECT role_id FROM old_rows
            UNION SELECT role_id FROM new_rows
        );
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION accounts_role_codes_given() RETURNS trigger AS $$
BEGIN
    UPDATE accounts_role SET codes_version = nextval('accounts_role_codes_version') WHERE id IN (SELECT role_id FROM new_rows);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION accounts_role_codes_taken() RETURNS trigger AS $$
BEGIN
    UPDATE accounts_role SET codes_version = nextval('accounts_role_codes_version') WHERE id IN (SELECT role_id FROM old_rows);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER accounts_role_codes_given AFTER INSERT ON accounts_role_resources
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION accounts_role_codes_given();
CREATE TRIGGER accounts_role_codes_taken AFTER DELETE ON accounts_role_resources
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION accounts_role_codes_taken();
CREATE TRIGGER accounts_role_codes_moved AFTER UPDATE ON accounts_role_resources
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION accounts_role_codes_changed();
CREATE TRIGGER accounts_resource_renamed AFTER UPDATE OF code, kind ON accounts_resource
    FOR EACH ROW EXECUTE FUNCTION accounts_role_codes_changed();
"""

REVERSE_SQL = """
DROP TRIGGER IF EXISTS accounts_role_codes_given ON accounts_role_resources;
DROP TRIGGER IF EXISTS accounts_role_codes_taken ON accounts_role_resources;
DROP TRIGGER IF EXISTS accounts_role_codes_moved ON accounts_role_resources;
DROP TRIGGER IF EXISTS accounts_resource_renamed ON accounts_resource;
DROP FUNCTION IF EXISTS accounts_role_codes_given();
DROP FUNCTION IF EXISTS accounts_role_codes_taken();
DROP FUNCTION IF EXISTS accounts_role_codes_changed();
DROP SEQUENCE IF EXISTS accounts_role_codes_version;
"""


class Migration(migrations.Migration):
    dependencies = [("accounts", "0007_store_controls_code")]

    operations = [
        migrations.CreateModel(
            name="RevokedAccess",
            fields=[
                ("jti", models.CharField(max_length=64, primary_key=True, serialize=False, verbose_name="token id")),
                ("expires_at", models.DateTimeField(db_index=True, verbose_name="expires")),
            ],
            options={"verbose_name": "revoked access token", "verbose_name_plural": "revoked access tokens"},
        ),
        migrations.AddField(
            model_name="role",
            name="codes_version",
            field=models.PositiveBigIntegerField(default=0, editable=False, verbose_name="codes version"),
        ),
        migrations.RunSQL(sql=SQL, reverse_sql=REVERSE_SQL),
    ]
