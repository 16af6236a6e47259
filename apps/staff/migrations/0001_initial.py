"""Staff leaves org for its own app (floor 6, above accounts). Employee and EmployeeServiceDuration
keep their tables, constraints and indexes: this migration only takes them into staff's state (org
0004 drops them from org's), so the database does not change for them. The system log's rows and
permissions keep pointing at them: their content types move from org to staff.

The role entries an employee link holds become staff's (LinkedRoleEntry), copied from the
`granted_by_employee` column accounts kept until now (accounts 0006 drops it), so accounts (floor 4)
no longer refers to an employee."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MOVED_MODELS = ("employee", "employeeserviceduration")


def move_content_types(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MOVED_MODELS:
        if not ContentType.objects.filter(app_label="staff", model=model).exists():
            ContentType.objects.filter(app_label="org", model=model).update(app_label="staff")


def move_content_types_back(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MOVED_MODELS:
        if not ContentType.objects.filter(app_label="org", model=model).exists():
            ContentType.objects.filter(app_label="staff", model=model).update(app_label="org")


def copy_links(apps, schema_editor):
    UserRole = apps.get_model("accounts", "UserRole")
    LinkedRoleEntry = apps.get_model("staff", "LinkedRoleEntry")
    LinkedRoleEntry.objects.bulk_create(
        LinkedRoleEntry(role_entry_id=entry_id, employee_id=employee_id)
        for entry_id, employee_id in UserRole.objects.filter(granted_by_employee__isnull=False).values_list(
            "id", "granted_by_employee_id"
        )
    )


def copy_links_back(apps, schema_editor):
    UserRole = apps.get_model("accounts", "UserRole")
    LinkedRoleEntry = apps.get_model("staff", "LinkedRoleEntry")
    for entry_id, employee_id in LinkedRoleEntry.objects.values_list("role_entry_id", "employee_id"):
        UserRole.objects.filter(pk=entry_id).update(granted_by_employee_id=employee_id)


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("accounts", "0005_user_session_nonce"),
        ("catalog", "0001_initial"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("org", "0003_duration_project_foreign_key"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="Employee",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=20, verbose_name="name")),
                        (
                            "area_code",
                            models.CharField(
                                choices=[
                                    ("86", "mainland China (+86)"),
                                    ("852", "Hong Kong (+852)"),
                                    ("853", "Macao (+853)"),
                                ],
                                default="86",
                                max_length=4,
                                verbose_name="area code",
                            ),
                        ),
                        ("phone", models.CharField(max_length=11, verbose_name="phone")),
                        (
                            "position",
                            models.CharField(
                                choices=[
                                    ("store_manager", "store manager"),
                                    ("deputy_manager", "deputy store manager"),
                                    ("nurse", "care therapist"),
                                    ("front_desk", "front desk"),
                                    ("stylist", "hair stylist"),
                                    ("trainee", "trainee"),
                                ],
                                max_length=16,
                                verbose_name="position",
                            ),
                        ),
                        (
                            "skill_level",
                            models.CharField(
                                blank=True,
                                choices=[
                                    ("junior", "junior"),
                                    ("intermediate", "intermediate"),
                                    ("senior", "senior"),
                                    ("master", "master"),
                                ],
                                max_length=16,
                                verbose_name="skill level",
                            ),
                        ),
                        ("hire_date", models.DateField(verbose_name="hire date")),
                        (
                            "status",
                            models.CharField(
                                choices=[("active", "active"), ("left", "left")],
                                default="active",
                                max_length=8,
                                verbose_name="status",
                            ),
                        ),
                        ("left_date", models.DateField(blank=True, null=True, verbose_name="left on")),
                        ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created")),
                        ("updated_at", models.DateTimeField(auto_now=True, verbose_name="updated")),
                        (
                            "store",
                            models.ForeignKey(
                                limit_choices_to={"kind": "store"},
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="employees",
                                to="org.orgunit",
                                verbose_name="store",
                            ),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="employments",
                                to=settings.AUTH_USER_MODEL,
                                verbose_name="user account",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "employee",
                        "verbose_name_plural": "employees",
                        "db_table": "org_employee",
                        "ordering": ["store_id", "status", "name", "id"],
                        "indexes": [models.Index(fields=["store", "status"], name="employee_store_status")],
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(("left_date__isnull", True), ("status", "active")),
                                    models.Q(("left_date__isnull", False), ("status", "left")),
                                    _connector="OR",
                                ),
                                name="employee_left_date_iff_left",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(
                                    ("left_date__isnull", True),
                                    ("left_date__gte", models.F("hire_date")),
                                    _connector="OR",
                                ),
                                name="employee_leaves_after_hire",
                            ),
                            models.UniqueConstraint(
                                condition=models.Q(("status", "active")),
                                fields=("store", "area_code", "phone"),
                                name="employee_active_phone_once_per_store",
                            ),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="EmployeeServiceDuration",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("category", models.CharField(blank=True, max_length=50, verbose_name="project category")),
                        ("minutes", models.PositiveSmallIntegerField(verbose_name="minutes")),
                        ("is_active", models.BooleanField(default=True, verbose_name="active")),
                        ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created")),
                        ("updated_at", models.DateTimeField(auto_now=True, verbose_name="updated")),
                        (
                            "employee",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="service_durations",
                                to="staff.employee",
                                verbose_name="employee",
                            ),
                        ),
                        (
                            "project",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="catalog.project",
                                verbose_name="project",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "service duration",
                        "verbose_name_plural": "service durations",
                        "db_table": "org_employeeserviceduration",
                        "ordering": ["employee_id", "id"],
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(("minutes__gte", 1), ("minutes__lte", 600)),
                                name="duration_minutes_range",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(("project__isnull", False), ("category", "")),
                                    models.Q(("project__isnull", True), models.Q(("category", ""), _negated=True)),
                                    _connector="OR",
                                ),
                                name="duration_project_xor_category",
                            ),
                            models.UniqueConstraint(
                                condition=models.Q(("is_active", True), ("project__isnull", False)),
                                fields=("employee", "project"),
                                name="duration_active_once_per_project",
                            ),
                            models.UniqueConstraint(
                                condition=models.Q(("is_active", True), ("project__isnull", True)),
                                fields=("employee", "category"),
                                name="duration_active_once_per_category",
                            ),
                        ],
                    },
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
        migrations.CreateModel(
            name="LinkedRoleEntry",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "employee",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="linked_role_entries",
                        to="staff.employee",
                        verbose_name="employee",
                    ),
                ),
                (
                    "role_entry",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="employee_link",
                        to="accounts.userrole",
                        verbose_name="role entry",
                    ),
                ),
            ],
            options={
                "verbose_name": "role entry held through an employee",
                "verbose_name_plural": "role entries held through employees",
                "ordering": ["role_entry_id"],
            },
        ),
        migrations.RunPython(copy_links, copy_links_back),
    ]
