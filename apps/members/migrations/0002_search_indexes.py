"""PostgreSQL indexes of the chain-wide member search (docs/performance.md, "Members"):
- name fragments: GIN over the name's bigrams (apps.members.name_grams), which also serves
  two-character Chinese names that a trigram index cannot;
- phone fragments (4 or more digits): a pg_trgm GIN index; digits are word characters in any locale.
Both are partial on active members, as search never finds cancelled ones."""

from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("members", "0001_initial")]

    operations = [
        TrigramExtension(),
        migrations.RunSQL(
            "CREATE INDEX member_name_grams_gin ON members_member "
            "USING gin (string_to_array(name_grams, ' ')) WHERE status = 'active'",
            "DROP INDEX IF EXISTS member_name_grams_gin",
        ),
        migrations.RunSQL(
            "CREATE INDEX member_phone_trgm ON members_member USING gin (phone gin_trgm_ops) WHERE status = 'active'",
            "DROP INDEX IF EXISTS member_phone_trgm",
        ),
    ]
