from django.db import migrations, models

# An order is numbered as its row is inserted: SO, its business day, its id in at
# least 8 digits (ORDER_NO_ID_DIGITS), as apps.billing.choices says. An order given a number keeps
# it (imported histories, the benchmarks' generated orders).
SQL = """
CREATE OR REPLACE FUNCTION billing_order_numbered() RETURNS trigger AS $$
BEGIN
    IF NEW.order_no IS NULL OR NEW.order_no = '' THEN
        NEW.order_no := 'SO' || to_char(NEW.business_date, 'YYYYMMDD')
            || lpad(NEW.id::text, greatest(8, length(NEW.id::text)), '0');
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER billing_order_numbered BEFORE INSERT ON billing_order
    FOR EACH ROW EXECUTE FUNCTION billing_order_numbered();
"""

REVERSE_SQL = """
DROP TRIGGER IF EXISTS billing_order_numbered ON billing_order;
DROP FUNCTION IF EXISTS billing_order_numbered();
"""


class Migration(migrations.Migration):
    dependencies = [("billing", "0021_member_report_indexes")]

    operations = [
        migrations.AlterField(
            model_name="order",
            name="order_no",
            field=models.CharField(
                blank=True,
                db_default=models.Value(""),
                max_length=24,
                null=True,
                unique=True,
                verbose_name="order number",
            ),
        ),
        migrations.RunSQL(sql=SQL, reverse_sql=REVERSE_SQL),
    ]
